import { status } from '@grpc/grpc-js';
import { AppError, isConflictCode } from './errors';

// How our errors cross a gRPC call: an HTTP status as a gRPC status and back, with our error code
// in the trailing metadata.

export const APP_CODE_KEY = 'crm-error-code';

export const STATUS_BY_HTTP: Record<number, status> = {
  400: status.INVALID_ARGUMENT,
  401: status.UNAUTHENTICATED,
  403: status.PERMISSION_DENIED,
  404: status.NOT_FOUND,
  409: status.FAILED_PRECONDITION,
  413: status.RESOURCE_EXHAUSTED,
  429: status.RESOURCE_EXHAUSTED,
  503: status.UNAVAILABLE,
};

export const HTTP_BY_STATUS: Partial<Record<status, number>> = {
  [status.INVALID_ARGUMENT]: 400,
  [status.UNAUTHENTICATED]: 401,
  [status.PERMISSION_DENIED]: 403,
  [status.NOT_FOUND]: 404,
  [status.ALREADY_EXISTS]: 409,
  [status.FAILED_PRECONDITION]: 409,
  [status.RESOURCE_EXHAUSTED]: 429,
};

// The gRPC status an AppError crosses the wire with.
export function statusOfAppError(appError: AppError): status {
  return STATUS_BY_HTTP[appError.status] ?? status.INTERNAL;
}

// An error a peer answered (our code, message and HTTP status), as the caller throws it. A
// newer peer may answer a 409 code this caller does not know yet: the status is kept.
export function remoteAppError(code: string, message: string, httpStatus: number): AppError {
  if (httpStatus < 400 || httpStatus > 599) return new AppError('internal', 'internal error');
  return new AppError(httpStatus === 409 && !isConflictCode(code) ? 'conflict' : code, message, httpStatus);
}
