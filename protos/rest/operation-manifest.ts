import type { AccessRule, Method } from './access-rules';
import manifest from './operation-manifest.json';

// One source per operation: every service declares its operations (`declareOperation` in
// @crm/kit), and `npm run operations` writes what the gateway and the permission matrix need to
// know of them into operation-manifest.json, checked in beside this file. The gateway deploys
// without any service's code, so it reads this, never the services; a test fails while the file is
// stale (tests/docs/operation-manifest.test.ts).

export const SERVICE_NAMES = [
  'identity',
  'crm-core',
  'marketing',
  'reports',
  'documents',
  'billing',
  'webhooks',
] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

// The default cost of an operation against the rate limits (docs/rate-limits.md).
export const DEFAULT_OPERATION_COST = 1;

// A deprecated operation (docs/versioning.md): the gateway adds `Deprecation` (RFC 9745), `Sunset`
// (RFC 8594) and `Link` to its answers, and the merged OpenAPI document marks it.
export interface OperationDeprecation {
  // When it was (or will be) deprecated, ISO 8601 (`2027-01-15T00:00:00Z`).
  deprecatedAt: string;
  // From when it may stop answering, ISO 8601; at least 6 months after `deprecatedAt`.
  sunsetAt?: string;
  // The changelog entry that says what to use instead.
  link: string;
}

export interface ManifestOperation {
  method: Method;
  // As the contract writes it, relative to /v1.
  path: string;
  service: ServiceName;
  // One of the contract's operations (docs/api/crm-api.md), so a row of the permission matrix.
  contract: boolean;
  // `public`: no token; otherwise what the caller needs, every DELETE refusing agent keys.
  access: 'public' | (AccessRule & { withoutContacts?: string });
  // Quota units one call takes (DEFAULT_OPERATION_COST unless it does the work of many).
  cost: number;
  // A JSON body larger than the gateway's 1 MiB it accepts (body-parser notation).
  bodyLimit?: string;
  // How long the gateway waits for the answer, when longer than its default.
  timeoutMs?: number;
  // A body the gateway passes on as it arrives (a file's bytes), never read whole.
  streamed?: true;
  // The cookies the operation reads; the gateway forwards no other.
  cookies?: readonly string[];
  deprecation?: OperationDeprecation;
}

// An entry of the gateway's route table: a path matches when it equals `path` or continues it with
// '/' (a `{…}` segment stands for any one segment); the first match wins. Derived from the
// operations (libs/kit/src/api/operation-manifest.ts says how).
export interface ManifestRoute {
  path: string;
  service: ServiceName;
  public?: true;
  streamed?: true;
  bodyLimit?: string;
  timeoutMs?: number;
  cookies?: readonly string[];
}

export interface OperationManifest {
  operations: readonly ManifestOperation[];
  routes: readonly ManifestRoute[];
}

export const OPERATION_MANIFEST = manifest as OperationManifest;

// What an operation costs against the rate limits (docs/rate-limits.md), keyed by
// "METHOD /path/{template}", for the operations that cost more than DEFAULT_OPERATION_COST: one
// request does the work of many (it touches up to hundreds of records, reads the whole workspace
// or runs an aggregation). The gateway charges these, and its merged OpenAPI document publishes
// them (`x-rate-limit-cost`).
export const OPERATION_COSTS: Readonly<Record<string, number>> = Object.fromEntries(
  OPERATION_MANIFEST.operations
    .filter((operation) => operation.cost !== DEFAULT_OPERATION_COST)
    .map((operation) => [`${operation.method} ${operation.path}`, operation.cost]),
);
