import { PUBLISHED_ERROR_CODE_ORDER, SERVICE_CONFLICT_CODES, type ServiceConflictCode } from '@crm/protos';

// The error catalogue of ARCHITECTURE.md: one class, one mapping to `{error:{code,message}}`.
export const ERROR_STATUS = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  plan_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type CatalogueCode = keyof typeof ERROR_STATUS;

// The generic codes, answered by this kit and the service host for any operation: the catalogue
// above and the HTTP and idempotency ones. Each service's own codes are part of its contract
// (protos/rest/errors/<service>-errors.ts); docs/errors.md lists them all with their meaning (a
// test keeps them equal).
export const GENERIC_ERROR_CODES = [
  'validation_failed',
  'unauthenticated',
  'forbidden',
  'plan_required',
  'not_found',
  'method_not_allowed',
  'request_timeout',
  'precondition_failed',
  'idempotency_key_reused',
  'payload_too_large',
  'unsupported_media_type',
  'headers_too_large',
  'rate_limited',
  'internal',
  'unavailable',
  'conflict',
  'request_in_progress',
  'idempotency_answer_erased',
] as const;

const GENERIC_CONFLICT_CODES = ['conflict', 'request_in_progress', 'idempotency_answer_erased'] as const;

// Every code a 409 may carry: the generic ones and those of the services' contracts. Add a
// service's code to its contract and to docs/errors.md together.
export const CONFLICT_CODES: readonly string[] = [...GENERIC_CONFLICT_CODES, ...SERVICE_CONFLICT_CODES];

export type ConflictCode = (typeof GENERIC_CONFLICT_CODES)[number] | ServiceConflictCode;

// Every code an error body may carry, in the published order. The OpenAPI document declares
// `error.code` as this enum, so a client can switch on it.
export const ERROR_CODES = PUBLISHED_ERROR_CODE_ORDER;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isConflictCode(code: string): code is ConflictCode {
  return CONFLICT_CODES.includes(code);
}

export interface ErrorBody {
  error: { code: string; message: string };
}

export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly headers: Record<string, string>;

  // A specific code (e.g. `last_owner`) must name the catalogue status it refines.
  constructor(code: CatalogueCode, message: string);
  constructor(code: string, message: string, status: number, headers?: Record<string, string>);
  constructor(code: string, message: string, status?: number, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.status = status ?? ERROR_STATUS[code as CatalogueCode] ?? 500;
    // The 409 codes are a closed list clients can program against: an unlisted one is a bug.
    if (this.status === 409 && !isConflictCode(code))
      throw new TypeError(`409 code '${code}' is not in CONFLICT_CODES`);
    this.code = code;
    this.headers = headers;
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message } };
  }
}

export const validationFailed = (message: string) => new AppError('validation_failed', message);
export const notFound = (what = 'resource') => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'not permitted') => new AppError('forbidden', message);
export const unauthenticated = (message = 'missing or invalid token') => new AppError('unauthenticated', message);
export const conflict = (message: string, code: ConflictCode = 'conflict') => new AppError(code, message, 409);
// Clients may retry after a short pause (docs/errors.md).
export const unavailable = (message: string) => new AppError('unavailable', message, 503, { 'Retry-After': '5' });

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

// Driver errors that mean the database cannot be reached right now (mongoose wraps some).
const UNREACHABLE_DATABASE = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoServerClosedError',
  'MongoPoolClearedError',
]);
// Server codes of a replica set that is failing over, shutting down or too slow to answer.
const UNAVAILABLE_SERVER_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  50, // MaxTimeMSExpired
  89, // NetworkTimeout
  91, // ShutdownInProgress
  189, // PrimarySteppedDown
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
]);
// A peer or broker over a socket.
const UNREACHABLE_SOCKET = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
const DUPLICATE_KEY = new Set([11000, 11001]);
const WRITE_CONFLICT = 112;
// gRPC status codes (@grpc/grpc-js `status`), for an error thrown by a client used without call().
const GRPC_UNAVAILABLE = 14;
const GRPC_DEADLINE_EXCEEDED = 4;

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  details?: unknown;
  metadata?: unknown;
  keyPattern?: unknown;
  writeErrors?: unknown;
  cause?: unknown;
  reason?: unknown;
}

function isGrpcError(error: ErrorShape): boolean {
  return (
    typeof error.code === 'number' &&
    typeof error.details === 'string' &&
    typeof error.metadata === 'object' &&
    error.metadata !== null
  );
}

function isUnavailable(error: ErrorShape): boolean {
  if (typeof error.name === 'string' && UNREACHABLE_DATABASE.has(error.name)) return true;
  // Mongoose gives up on a connection that never came up with this message and a plain MongooseError.
  if (error.name === 'MongooseError' && typeof error.message === 'string' && /buffering timed out/.test(error.message))
    return true;
  if (typeof error.code === 'string' && UNREACHABLE_SOCKET.has(error.code)) return true;
  if (isGrpcError(error)) return error.code === GRPC_UNAVAILABLE || error.code === GRPC_DEADLINE_EXCEEDED;
  return (
    typeof error.code === 'number' &&
    typeof error.name === 'string' &&
    error.name.startsWith('Mongo') &&
    UNAVAILABLE_SERVER_CODES.has(error.code)
  );
}

function duplicateKeyCode(error: ErrorShape): boolean {
  if (isGrpcError(error)) return false;
  if (typeof error.code === 'number' && DUPLICATE_KEY.has(error.code)) return true;
  // insertMany and bulkWrite report it per write.
  return (
    Array.isArray(error.writeErrors) &&
    error.writeErrors.some((write: ErrorShape) => typeof write?.code === 'number' && DUPLICATE_KEY.has(write.code))
  );
}

// Names the fields of the unique index, never their values (an email, a token digest).
function duplicateKeyMessage(error: ErrorShape): string {
  const pattern = error.keyPattern;
  const fields =
    pattern && typeof pattern === 'object'
      ? Object.keys(pattern).filter((field) => field !== 'workspace_id' && field !== '_id')
      : [];
  return fields.length > 0 ? `a record with the same ${fields.join(', ')} already exists` : 'the record already exists';
}

// The error itself, then what it wraps (`cause`, mongoose's `reason`), a few levels deep.
function* causes(value: unknown): Generator<ErrorShape> {
  let current = value;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const error = current as ErrorShape;
    yield error;
    current = error.cause ?? error.reason;
  }
}

// Maps anything thrown to a client-safe error by its cause, in one place: a dependency that is
// down is 503, a unique index or a concurrent write refusing the change is 409, anything else
// is 500. Never exposes a stack, an internal message or a stored value.
export function toAppError(value: unknown): AppError {
  if (value instanceof AppError) return value;
  for (const error of causes(value)) {
    if (error instanceof AppError) return error;
    if (isUnavailable(error)) return unavailable('a dependency is not reachable, try again shortly');
    if (duplicateKeyCode(error)) return new AppError('conflict', duplicateKeyMessage(error));
    if (error.code === WRITE_CONFLICT && typeof error.name === 'string' && error.name.startsWith('Mongo')) {
      return new AppError('conflict', 'the record was changed at the same time, try again');
    }
  }
  return new AppError('internal', 'internal error');
}

// A unique index refused a write (MongoDB 11000), optionally on a given field: for rules that
// turn one particular duplicate into their own answer (an email already registered).
export function isDuplicateKey(error: unknown, field?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as ErrorShape & { keyValue?: Record<string, unknown> };
  if (!duplicateKeyCode(candidate)) return false;
  if (!field) return true;
  const pattern = candidate.keyPattern as Record<string, unknown> | undefined;
  if (pattern && field in pattern) return true;
  if (candidate.keyValue && field in candidate.keyValue) return true;
  return typeof candidate.message === 'string' && candidate.message.includes(field);
}
