import type { Response } from 'express';
import { OPERATION_MANIFEST, type OperationDeprecation } from '@crm/protos';
import { OperationTable } from './operation-table';

// The operations of v1 that are deprecated (docs/versioning.md): those whose declaration says
// `deprecation`, read from the operation manifest. Empty: nothing is deprecated. An entry makes the
// gateway add `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and `Link` to every answer of the
// operation, and the merged OpenAPI document mark it `deprecated: true`.
export interface DeprecatedOperation extends OperationDeprecation {
  // The contract's template: "METHOD /path/{template}", relative to /v1.
  operation: string;
}

export const DEPRECATED_OPERATIONS: readonly DeprecatedOperation[] = OPERATION_MANIFEST.operations.flatMap(
  ({ method, path, deprecation }) =>
    deprecation === undefined ? [] : [{ operation: `${method} ${path}`, ...deprecation }],
);

// docs/versioning.md: the least notice between deprecation and sunset.
export const MINIMUM_NOTICE_DAYS = 180;

export interface DeprecationHeaders {
  Deprecation: string;
  Sunset?: string;
  Link: string;
}

function instant(text: string, field: string, operation: string): number {
  const at = Date.parse(text);
  if (Number.isNaN(at)) throw new Error(`deprecated ${operation}: ${field} '${text}' is not a date`);
  return at;
}

// The headers of each entry, built and checked once.
export function deprecationHeaders(entry: DeprecatedOperation): DeprecationHeaders {
  const deprecated = instant(entry.deprecatedAt, 'deprecatedAt', entry.operation);
  if (!/^https?:\/\//.test(entry.link))
    throw new Error(`deprecated ${entry.operation}: link must be an absolute http(s) URL`);
  const link = entry.link.replace(/[<>]/g, encodeURIComponent);
  const headers: DeprecationHeaders = {
    // An RFC 9651 Date: `@` and seconds since the epoch.
    Deprecation: `@${Math.floor(deprecated / 1000)}`,
    Link: `<${link}>; rel="deprecation"; type="text/html"`,
  };
  if (entry.sunsetAt !== undefined) {
    const sunset = instant(entry.sunsetAt, 'sunsetAt', entry.operation);
    if (sunset - deprecated < MINIMUM_NOTICE_DAYS * 86_400_000) {
      throw new Error(
        `deprecated ${entry.operation}: the sunset must come at least ${MINIMUM_NOTICE_DAYS} days after the deprecation`,
      );
    }
    headers.Sunset = new Date(sunset).toUTCString();
    headers.Link += `, <${link}>; rel="sunset"; type="text/html"`;
  }
  return headers;
}

export class Deprecations {
  private readonly table: OperationTable<DeprecationHeaders>;

  constructor(readonly entries: readonly DeprecatedOperation[]) {
    this.table = new OperationTable(entries.map((entry) => [entry.operation, deprecationHeaders(entry)] as const));
  }

  // Adds the headers when the request is for a deprecated operation (path relative to /v1).
  mark(method: string, path: string, res: Response): void {
    if (this.table.size === 0) return;
    const headers = this.table.lookup(method, path);
    if (headers === undefined) return;
    res.setHeader('Deprecation', headers.Deprecation);
    if (headers.Sunset !== undefined) res.setHeader('Sunset', headers.Sunset);
    res.setHeader('Link', headers.Link);
  }
}
