// The error catalogue of ARCHITECTURE.md: one class, one mapping to `{error:{code,message}}`.
export const ERROR_STATUS = {
  validation_failed: 400,
  unauthenticated: 401,
  forbidden: 403,
  plan_required: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type CatalogueCode = keyof typeof ERROR_STATUS;

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
    this.code = code;
    this.status = status ?? ERROR_STATUS[code as CatalogueCode] ?? 500;
    this.headers = headers;
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message } };
  }
}

export const validationFailed = (message: string) => new AppError('validation_failed', message);
export const notFound = (what = 'resource') => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'not permitted') => new AppError('forbidden', message);
export const unauthenticated = (message = 'missing or invalid token') =>
  new AppError('unauthenticated', message);
export const conflict = (message: string, code = 'conflict') => new AppError(code, message, 409);
export const unavailable = (message: string) => new AppError('unavailable', message);

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

// Maps anything thrown to a client-safe error; never exposes a stack or internal message.
export function toAppError(value: unknown): AppError {
  if (value instanceof AppError) return value;
  return new AppError('internal', 'internal error');
}
