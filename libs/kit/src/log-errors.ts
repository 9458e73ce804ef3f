// Errors as they may reach a log line: their kind, codes and where they happened, never the data
// they carry. Driver and validation errors hold the documents, filters and update bodies of the
// failed operation (a bulk write's `writeErrors[].op`, E11000's `keyValue`, mongoose's `value`),
// and their messages quote the values (`dup key: { email: "…" }`, "Path `phone` is invalid (…)").
// Logs are shipped elsewhere and kept for months, out of an erasure's reach, so only fields
// named here are copied, and messages lose what they quote.

const REDACTED = '[redacted]';
const MAX_CAUSE_DEPTH = 3;
const MAX_LISTED = 10;

// Quoted or bracketed text, and anything shaped like an email address, in a message.
const QUOTED = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`\n]*`/g;
const BRACED = /\{[^\n]*\}|\[[^\n]*\]/g;
// An address's shape (a domain ending in letters), so `mongoose@8.24.10/` in a stack's path is not one.
export const EMAIL_ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// Mongoose's validator messages put the rejected value in parentheses: "is invalid (value)".
const PARENTHESISED_VALUE = /\((?!type \w+\))[^()\n]*\)/g;

export function scrubErrorMessage(message: string): string {
  return message.replace(BRACED, REDACTED).replace(QUOTED, REDACTED).replace(EMAIL_ADDRESS, REDACTED);
}

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const scalar = (value: unknown): string | number | undefined =>
  typeof value === 'string' || typeof value === 'number' ? value : undefined;

// mongoose's ValidationError, ValidatorError, CastError and their kin: where and which rule,
// never the value.
const MONGOOSE_ERRORS = new Set([
  'ValidationError',
  'ValidatorError',
  'CastError',
  'StrictModeError',
  'StrictPopulateError',
  'DocumentNotFoundError',
  'VersionError',
  'DivergentArrayError',
]);

function kindOf(error: Fields): string {
  const constructorName =
    isObject(error) && typeof error.constructor === 'function' ? error.constructor.name : undefined;
  return text(error.name) && error.name !== 'Error'
    ? (error.name as string)
    : constructorName && constructorName !== 'Object'
      ? constructorName
      : 'Error';
}

// The operation a failed bulk statement was (`updateOne`, `insertOne`, …), without its body.
function operationKind(operation: unknown): string | undefined {
  if (!isObject(operation)) return undefined;
  const [first] = Object.keys(operation);
  if (first === undefined) return undefined;
  if (['insertOne', 'updateOne', 'updateMany', 'replaceOne', 'deleteOne', 'deleteMany'].includes(first)) return first;
  // The driver's own shape of a statement: {q, u, upsert} for updates, {q, limit} for deletes.
  if ('u' in operation) return 'update';
  if ('limit' in operation && 'q' in operation) return 'delete';
  return 'insert';
}

function writeErrorsOf(error: Fields): Fields[] | undefined {
  const list = Array.isArray(error.writeErrors) ? error.writeErrors : undefined;
  if (!list) return undefined;
  return list.slice(0, MAX_LISTED).map((entry: unknown) => {
    const fields = isObject(entry) && isObject(entry.err) ? { ...entry.err, ...entry } : isObject(entry) ? entry : {};
    const operation =
      fields.op ??
      (typeof fields.getOperation === 'function' ? (fields.getOperation as () => unknown).call(entry) : undefined);
    return omitUndefined({
      index: scalar(fields.index),
      code: scalar(fields.code),
      operation: operationKind(operation),
    });
  });
}

function validationPathsOf(error: Fields): Fields[] | undefined {
  if (!isObject(error.errors)) return undefined;
  return Object.entries(error.errors)
    .slice(0, MAX_LISTED)
    .map(([path, entry]) => omitUndefined({ path, kind: isObject(entry) ? text(entry.kind) : undefined }));
}

function omitUndefined(fields: Fields): Fields {
  for (const key of Object.keys(fields)) if (fields[key] === undefined) delete fields[key];
  return fields;
}

// The stack's frames (file and line), headed by the scrubbed message instead of the raw one.
function stackOf(error: Fields, kind: string, message: string): string | undefined {
  const stack = text(error.stack);
  if (!stack) return undefined;
  const frames = stack.split('\n').filter((line) => /^\s+at /.test(line));
  return [`${kind}: ${message}`, ...frames].join('\n');
}

function messageOf(error: Fields, kind: string): string {
  const raw = text(error.message) ?? '';
  if (MONGOOSE_ERRORS.has(kind)) return scrubErrorMessage(raw.replace(PARENTHESISED_VALUE, REDACTED));
  return scrubErrorMessage(raw);
}

// What serializeError made, so a second pass (pino's serializers after the log formatter) keeps it.
const SERIALIZED = new WeakSet<object>();

export function serializeError(error: unknown, depth = 0): Fields {
  if (isObject(error) && SERIALIZED.has(error)) return error;
  const fields = serializedFields(error, depth);
  SERIALIZED.add(fields);
  return fields;
}

function serializedFields(error: unknown, depth: number): Fields {
  if (!isObject(error))
    return { type: typeof error, message: typeof error === 'string' ? scrubErrorMessage(error) : REDACTED };
  const kind = kindOf(error);
  const message = messageOf(error, kind);
  const fields: Fields = {
    type: kind,
    message,
    code: scalar(error.code),
    codeName: text(error.codeName),
    status: typeof error.status === 'number' ? error.status : undefined,
    // Where a driver or mongoose error happened: names, never values.
    collection: text(isObject(error.collection) ? error.collection.name : error.collection),
    path: MONGOOSE_ERRORS.has(kind) ? text(error.path) : undefined,
    kind: MONGOOSE_ERRORS.has(kind) ? text(error.kind) : undefined,
    errorLabels: Array.isArray(error.errorLabels)
      ? error.errorLabels.filter((label) => typeof label === 'string')
      : undefined,
    writeErrors: writeErrorsOf(error),
    paths: MONGOOSE_ERRORS.has(kind) ? validationPathsOf(error) : undefined,
    stack: stackOf(error, kind, message),
  };
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH) fields.cause = serializeError(error.cause, depth + 1);
  return omitUndefined(fields);
}

// One line for a field that holds a reason as text (a dead letter's, a retry's).
export function errorReason(error: unknown): string {
  const fields = serializeError(error);
  const code = text(fields.codeName) ?? scalar(fields.code);
  if ((fields.type === 'Error' || fields.type === 'string') && code === undefined) return String(fields.message);
  return `${String(fields.type)}${code !== undefined ? ` (${String(code)})` : ''}: ${String(fields.message)}`;
}

export const looksLikeError = (value: unknown): boolean =>
  value instanceof Error || (isObject(value) && typeof value.stack === 'string' && typeof value.message === 'string');

// Every error-like value at the top of a log object, whatever its key (`err`, `error`, `release`,
// `cause`, …), goes through serializeError: no call site can forget it.
export function serializeErrorFields(object: Fields): Fields {
  let copy: Fields | undefined;
  for (const [key, value] of Object.entries(object)) {
    if (!looksLikeError(value)) continue;
    copy ??= { ...object };
    copy[key] = serializeError(value);
  }
  return copy ?? object;
}
