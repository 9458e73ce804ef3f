import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { AppError, validationFailed } from '../errors';

// The request headers of safe retries and optimistic concurrency (docs/idempotency.md), read the
// same way by every service.
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const ETAG_HEADER = 'ETag';

const PRINTABLE = /^[\x20-\x7e]{1,255}$/;

function single(req: Request, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

// The request's Idempotency-Key, or undefined without one: 1 to 255 printable ASCII characters.
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = single(req, IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  if (!PRINTABLE.test(key))
    throw validationFailed(`${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 printable ASCII characters`);
  return key;
}

// A strong entity tag of a record's representation: its version, and a digest of the answer's
// body for what the answer shows besides the record's own fields (names of other records,
// totals): `"v7-1f3a9c0b5d2e4f60"`.
export function entityTagOf(version: number, body: unknown): string {
  const digest = createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('hex')
    .slice(0, 16);
  return `"v${version}-${digest}"`;
}

// The record version a tag of ours names, or null for any other tag.
function versionOfTag(value: string): number | null {
  const match = /^"v([0-9]{1,15})(?:-[0-9a-f]*)?"$/.exec(value);
  return match ? Number(match[1]) : null;
}

interface EntityTags {
  any: boolean;
  tags: Array<{ weak: boolean; value: string }>;
}

// `*`, or a comma-separated list of (weak or strong) quoted tags (RFC 9110 section 8.8.3).
function parseEntityTags(header: string, name: string): EntityTags {
  if (header.trim() === '*') return { any: true, tags: [] };
  const tags: EntityTags['tags'] = [];
  const pattern = /\s*(W\/)?("[\x21\x23-\x7e\x80-\xff]*")\s*(,|$)/gy;
  let rest = header.length;
  for (let match = pattern.exec(header); match; match = pattern.exec(header)) {
    tags.push({ weak: match[1] !== undefined, value: match[2] });
    rest = header.length - pattern.lastIndex;
    if (match[3] === '') break;
  }
  if (tags.length === 0 || rest !== 0) throw validationFailed(`${name} must be * or a list of quoted entity tags`);
  return { any: false, tags };
}

export interface Preconditions {
  ifMatch?: EntityTags;
  ifNoneMatch?: EntityTags;
}

export function preconditionsOf(req: Request): Preconditions {
  const ifMatch = single(req, 'If-Match');
  const ifNoneMatch = single(req, 'If-None-Match');
  return {
    ...(ifMatch !== undefined ? { ifMatch: parseEntityTags(ifMatch, 'If-Match') } : {}),
    ...(ifNoneMatch !== undefined ? { ifNoneMatch: parseEntityTags(ifNoneMatch, 'If-None-Match') } : {}),
  };
}

// If-Match holds when the record exists and one strong tag names its current version (a weak
// tag never matches); `*` when it exists at all. What else the tag's answer showed (another
// record's name) may have changed since: the record itself has not.
export function ifMatchHolds(tags: EntityTags, version: number | null): boolean {
  if (version === null) return false;
  return tags.any || tags.tags.some((tag) => !tag.weak && versionOfTag(tag.value) === version);
}

// If-None-Match matches when one tag is the current one, compared weakly; `*` when the record exists.
export function ifNoneMatchMatches(tags: EntityTags, current: string | null): boolean {
  if (current === null) return false;
  return tags.any || tags.tags.some((tag) => tag.value === current);
}

export const preconditionFailed = (message: string) => new AppError('precondition_failed', message, 412);
