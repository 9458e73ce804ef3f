import { mongo } from 'mongoose';
import { formatShellValue, type Document } from './bson-values';

// Errors are the driver's own classes with the server's codes, so mongoose and
// `session.withTransaction()` react to them exactly as they do with a real server.

export const ErrorCodes = {
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  NamespaceExists: 48,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  WriteConflict: 112,
  CommandNotSupported: 115,
  NoSuchTransaction: 251,
  DuplicateKey: 11000,
} as const;

export function serverError(
  code: number,
  codeName: string,
  message: string,
  extra: Document = {},
): mongo.MongoServerError {
  return new mongo.MongoServerError({ ok: 0, errmsg: message, code, codeName, ...extra });
}

export function duplicateKeyError(
  namespace: string,
  indexName: string,
  keyPattern: Document,
  keyValue: Document,
): mongo.MongoServerError {
  const shown = Object.keys(keyValue)
    .map((field) => `${field}: ${formatShellValue(keyValue[field])}`)
    .join(', ');
  const message = `E11000 duplicate key error collection: ${namespace} index: ${indexName} dup key: { ${shown} }`;
  return new mongo.MongoServerError({
    index: 0,
    code: ErrorCodes.DuplicateKey,
    errmsg: message,
    keyPattern,
    keyValue,
  });
}

export function writeConflictError(): mongo.MongoServerError {
  return new mongo.MongoServerError({
    ok: 0,
    errmsg:
      'WriteConflict error: this operation conflicted with another operation. Please retry your operation or multi-document transaction.',
    code: ErrorCodes.WriteConflict,
    codeName: 'WriteConflict',
    errorLabels: [mongo.MongoErrorLabel.TransientTransactionError],
  });
}

export function noSuchTransactionError(reason: string): mongo.MongoServerError {
  return new mongo.MongoServerError({
    ok: 0,
    errmsg: `Transaction has been aborted: ${reason}`,
    code: ErrorCodes.NoSuchTransaction,
    codeName: 'NoSuchTransaction',
    errorLabels: [mongo.MongoErrorLabel.TransientTransactionError],
  });
}

export function notSupported(feature: string): mongo.MongoServerError {
  return serverError(
    ErrorCodes.CommandNotSupported,
    'CommandNotSupported',
    `${feature} is not supported by the embedded MongoDB store`,
  );
}

export function closedError(): mongo.MongoNotConnectedError {
  return new mongo.MongoNotConnectedError('The embedded MongoDB store is closed');
}

export function isMongoError(error: unknown): error is mongo.MongoError {
  return error instanceof mongo.MongoError;
}

// mingo reports invalid operators and type errors with its own error class; callers expect a
// server error with a code, as MongoDB would answer.
export function toServerError(error: unknown): unknown {
  if (isMongoError(error)) return error;
  if (error instanceof Error && error.constructor.name === 'MingoError') {
    const code = /non-numeric/i.test(error.message) ? ErrorCodes.TypeMismatch : ErrorCodes.BadValue;
    return serverError(code, code === ErrorCodes.TypeMismatch ? 'TypeMismatch' : 'BadValue', error.message);
  }
  return error;
}
