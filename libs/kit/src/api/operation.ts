import type { Request, Response } from 'express';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import {
  accessRule,
  findOperation,
  OPERATIONS,
  type AccessDeclaration,
  type AccessRule,
  type Method,
  type Operation,
  type OperationDeprecation,
} from '@crm/protos';
import type { InternalClaims } from '../internal-jwt';

export type SuccessStatus = 200 | 201 | 202 | 204;

// Error statuses an operation may answer besides those every operation may give (400, 401,
// 403, 429, 503 and, with a path parameter, 404). A public operation lists 401 and 403 itself
// when it gives them (sign-in refusing a password, sign-up switched off).
export type ErrorStatus = 401 | 403 | 404 | 409 | 410 | 412 | 413 | 422;

// Who may call an operation, declared by every operation: `public` needs no token; `caller` any
// authenticated caller; a rule built with the permission matrix's helpers from @crm/protos
// (`needs('companies:read')`, `admin('settings:manage')`, `remove(…)`, `standard(…)`,
// `contactsAside(…)`) what it says. A DELETE refuses agent keys either way (`accessRule`).
export type Access = 'public' | 'caller' | AccessDeclaration;

export interface OperationSpec<
  P extends TObject | undefined = TObject | undefined,
  Q extends TObject | undefined = TObject | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R extends TSchema | null = TSchema | null,
> {
  method: Method;
  // As the contract writes it, relative to /v1: `/api-keys/{id}`.
  path: string;
  summary: string;
  description?: string;
  // OpenAPI tag; defaults to the first path segment.
  tag?: string;
  params?: P;
  query?: Q;
  body?: B;
  // `optional`: the operation may be called without a body (validated as `{}`).
  bodyRequired?: boolean;
  // Body fields whose surrounding whitespace is dropped before validation (emails, names).
  trim?: readonly string[];
  // Normalises the raw body before validation (e.g. upper-cases a currency code).
  prepare?: (body: unknown) => unknown;
  status: SuccessStatus;
  // Schema of the success body; null for 204.
  response: R;
  errors?: readonly ErrorStatus[];
  access: Access;
  // Quota units one call takes against the rate limits (docs/rate-limits.md): more than the
  // default 1 when one request does the work of many.
  cost?: number;
  // A JSON body larger than the default 1 MiB this operation accepts (e.g. '16mb', bytes
  // notation of the body parser); the gateway allows the same for its path.
  bodyLimit?: string;
  // How long the gateway waits for the answer, when longer than its default (10 s).
  timeoutMs?: number;
  // The cookies a public operation reads (by name); the gateway forwards no other, to any path.
  cookies?: readonly string[];
  // Deprecated (docs/versioning.md): the gateway adds Deprecation, Sunset and Link to its answers.
  deprecation?: OperationDeprecation;
  // The handler reads the request's bytes itself (a file upload): any content type, streamed,
  // never parsed or buffered (no `body` schema then).
  rawBody?: boolean;
  // The most bytes the handler reads of a raw body (it answers 413 past them): the document's
  // maxLength of that body. Required with rawBody.
  rawBodyMaxBytes?: number;
  // The success answer is bytes of this media type written by the handler (a file download),
  // not JSON; `response` then describes it as a binary string.
  responseMediaType?: string;
  // Also accepts `application/x-www-form-urlencoded` bodies (an HTML form posted by a browser);
  // each field arrives as text (a repeated field as an array of text). Public operations only.
  formBody?: boolean;
  // The answer is one record of this collection (its model has a `version`): single-record GETs
  // and write answers carry its ETag, GET honours If-None-Match (304) and PATCH or DELETE If-Match
  // (412), checked in the request's transaction. The record is the path's `id`, else the answer's
  // `id` (a create). See docs/concurrency.md.
  etag?: string;
  // With an Idempotency-Key, the handler commits its writes in steps, each recording a checkpoint
  // of the request's progress in its transaction (checkpointsOf in @crm/service-host), instead of
  // running in one request transaction: for long work (an import) that a retry after a crash must
  // finish, not start over. See docs/idempotency.md.
  resumable?: boolean;
  // Answered to scripts on any origin (CORS: `Access-Control-Allow-Origin: *` and preflight
  // requests), for public operations a website calls from the browser. Public operations only.
  cors?: boolean;
}

export interface OperationDeclaration<
  P extends TObject | undefined = TObject | undefined,
  Q extends TObject | undefined = TObject | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R extends TSchema | null = TSchema | null,
> extends OperationSpec<P, Q, B, R> {
  operationId: string;
  // The contract's row, when the operation is one of the 120.
  contract: Operation | undefined;
  public: boolean;
  rule: AccessRule | null;
}

// Optional members of a declaration read as `X | undefined`: look at the schema itself.
type StaticOr<T, Fallback> = [NonNullable<T>] extends [never]
  ? Fallback
  : NonNullable<T> extends TSchema
    ? Static<NonNullable<T>>
    : Fallback;

export interface OperationInput<D extends OperationDeclaration> {
  params: StaticOr<D['params'], Record<string, never>>;
  query: StaticOr<D['query'], Record<string, never>>;
  body: StaticOr<D['body'], undefined>;
  // The verified caller (reading it on a public operation throws `unauthenticated`).
  auth: InternalClaims;
  req: Request;
  res: Response;
}

export type OperationResult<D extends OperationDeclaration> = StaticOr<D['response'], void>;

export type OperationHandler<D extends OperationDeclaration> = (
  input: OperationInput<D>,
) => Promise<OperationResult<D>>;

export interface Implementation<D extends OperationDeclaration = OperationDeclaration> {
  declaration: D;
  handler: OperationHandler<D>;
  // The handler of a declared record's operation notes the version of the record its answer shows
  // (`noteVersion`): the ETag is that version's, and no read is made for it (docs/concurrency.md).
  notesVersion?: boolean;
}

export interface ImplementationOptions {
  notesVersion?: boolean;
}

function operationIdOf(method: Method, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith('{') ? `by-${segment.slice(1, -1)}` : segment))
    .flatMap((segment) => segment.split(/[-_]/));
  return [method.toLowerCase(), ...words]
    .map((word, i) => (i === 0 ? word : word[0].toUpperCase() + word.slice(1)))
    .join('');
}

export function declareOperation<
  P extends TObject | undefined = undefined,
  Q extends TObject | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends TSchema | null = null,
>(spec: OperationSpec<P, Q, B, R>): OperationDeclaration<P, Q, B, R> {
  const contract = OPERATIONS.find((operation) => operation.method === spec.method && operation.path === spec.path);
  if (!spec.access) throw new Error(`${spec.method} ${spec.path}: declare its access ('public', 'caller' or a rule)`);
  if (contract && spec.access === 'public')
    throw new Error(`${spec.method} ${spec.path} is in the contract: it needs a token`);
  // A template the matrix would resolve to another row would be enforced with the wrong rule.
  if (!contract && findOperation(spec.method, spec.path.replace(/\{[^}]+\}/g, 'x'))) {
    throw new Error(`${spec.method} ${spec.path} overlaps an operation of the contract`);
  }
  if (spec.rawBody && spec.body) throw new Error(`${spec.method} ${spec.path}: a raw body has no schema`);
  if (Boolean(spec.rawBody) !== (spec.rawBodyMaxBytes !== undefined))
    throw new Error(`${spec.method} ${spec.path}: a raw body, and only a raw body, declares rawBodyMaxBytes`);
  // One rule for ids in paths: an authenticated operation names its records by UUID (`Uuid()`),
  // matched in any case (pathIdNames); only public links carry tokens or keys of their own.
  for (const [name, schema] of Object.entries(
    (spec.params?.properties ?? {}) as Record<string, { format?: string; enum?: unknown[] }>,
  )) {
    if (spec.access !== 'public' && schema.format !== 'uuid' && schema.enum === undefined) {
      throw new Error(
        `${spec.method} ${spec.path}: path parameter ${name} must be a Uuid() (or one of a list of values)`,
      );
    }
  }
  if ((spec.formBody || spec.cors || spec.cookies) && spec.access !== 'public') {
    throw new Error(`${spec.method} ${spec.path}: form bodies, CORS and cookies are for public operations only`);
  }
  if (spec.etag !== undefined && (spec.access === 'public' || spec.rawBody || spec.responseMediaType)) {
    throw new Error(`${spec.method} ${spec.path}: an ETag is for authenticated JSON operations`);
  }
  if (
    spec.resumable &&
    (spec.access === 'public' ||
      spec.method === 'GET' ||
      spec.rawBody ||
      spec.responseMediaType ||
      spec.etag !== undefined)
  ) {
    throw new Error(`${spec.method} ${spec.path}: resumable is for authenticated JSON writes without an ETag`);
  }
  if ((spec.status === 204) !== (spec.response === null)) {
    throw new Error(`${spec.method} ${spec.path}: a 204 has no body, and only a 204`);
  }
  if (spec.cost !== undefined && !(Number.isInteger(spec.cost) && spec.cost > 1))
    throw new Error(`${spec.method} ${spec.path}: a cost is a whole number above the default 1`);
  let rule: AccessRule | null = null;
  if (spec.access !== 'public') {
    const { withoutContacts: _withoutContacts, ...declared } =
      spec.access === 'caller' ? { permission: null } : spec.access;
    rule = accessRule(spec.method, declared);
  }
  return {
    ...spec,
    operationId: operationIdOf(spec.method, spec.path),
    contract,
    public: spec.access === 'public',
    rule,
  };
}

// Pairs a declaration with its handler; the only way a service registers a route.
export function implement<D extends OperationDeclaration>(
  declaration: D,
  handler: OperationHandler<D>,
  options: ImplementationOptions = {},
): Implementation {
  if (options.notesVersion && declaration.etag === undefined) {
    throw new Error(
      `${declaration.method} ${declaration.path}: only an operation of a declared record notes its version`,
    );
  }
  return { declaration, handler, ...(options.notesVersion ? { notesVersion: true } : {}) } as unknown as Implementation;
}

// The path parameters of a declaration that are record ids (`Uuid()`). A UUID is the same id in
// any case (RFC 9562); ids are stored and answered in lower case, so the operation layer hands the
// handler the lower-case form of these, and `/companies/0190ABCD-…` is the record
// `/companies/0190abcd-…` names, on every operation alike.
export function pathIdNames(declaration: Pick<OperationSpec, 'params'>): string[] {
  const properties = (declaration.params?.properties ?? {}) as Record<string, { format?: string }>;
  return Object.keys(properties).filter((name) => properties[name].format === 'uuid');
}

export const PATH_ID_DESCRIPTION =
  'A UUID, in any case: ids are stored and answered in lower case, and an id in upper or mixed case names the same record.';
