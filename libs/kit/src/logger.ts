import pino, { type DestinationStream, type Logger } from 'pino';
import { EMAIL_ADDRESS, looksLikeError, serializeError, serializeErrorFields } from './log-errors';
import { currentContext } from './request-context';
import { parseTraceparent } from './trace-context';

export type { DestinationStream, Logger };

// Secrets never reach the log: headers, passwords, tokens and keys are redacted by path.
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  '*.password',
  '*.token',
  '*.key',
  '*.secret',
  'password',
  'token',
  'secret',
];

// Secrets also travel inside strings: link tokens in paths (/password-resets/crm_pwd_…),
// signed URLs' query values, a token quoted in an error message. Every secret we issue starts
// with `crm_<kind>_` and is long; names such as the database `crm_crm_core` are short.
const TOKEN_IN_TEXT = /\b(crm_[a-z]+_)[0-9A-Za-z_]{16,}/g;
// Query values whose name says they carry a secret (token, key, signature, sig, code, …).
const SECRET_QUERY_VALUE =
  /([?&;](?:[^=&#\s"\\]*[_-])?(?:token|key|signature|sig|secret|password|code|credential|auth)=)[^&#\s"\\]+/gi;
const CENSOR = '[redacted]';

export function redactSecrets(text: string): string {
  if (!text.includes('crm_') && !text.includes('=')) return text;
  return text.replace(TOKEN_IN_TEXT, `$1${CENSOR}`).replace(SECRET_QUERY_VALUE, `$1${CENSOR}`);
}

// A person's email address in any field of a line (a message, a reason, a value a caller logged)
// is cut out as a last line of defence; errors are already serialized without their data.
export function redactPersonalData(text: string): string {
  if (!text.includes('@')) return text;
  return text.replace(EMAIL_ADDRESS, CENSOR);
}

// Applied to each finished line, so every field (message, path, url, error text) is covered,
// whatever a caller logs.
function redactingStream(target: DestinationStream): DestinationStream {
  const stream: DestinationStream & { flush?: () => void } = {
    write: (line: string) => target.write(redactPersonalData(redactSecrets(line))),
  };
  const flushable = target as DestinationStream & { flush?: () => void };
  if (typeof flushable.flush === 'function') stream.flush = () => flushable.flush!();
  return stream;
}

// Every line written while work runs for a request, an event or a gRPC call names it, so one
// request's lines can be found across processes. Fields the caller logs explicitly win.
function contextFields(): Record<string, string> {
  const context = currentContext();
  if (!context) return {};
  const fields: Record<string, string> = {};
  if (context.request_id) fields.request_id = context.request_id;
  const trace = parseTraceparent(context.traceparent);
  if (trace) {
    fields.trace_id = trace.traceId;
    fields.span_id = trace.spanId;
  }
  return fields;
}

// `logger.error(error)` would make the error's raw message the line's `msg`: the error goes
// under `err` and the message is scrubbed like the one inside it.
function errorFirst(this: Logger, args: unknown[], method: (...args: unknown[]) => void): void {
  const [first, ...rest] = args;
  if (!looksLikeError(first)) return method.apply(this, args);
  const message = typeof rest[0] === 'string' ? [] : [serializeError(first).message];
  method.apply(this, [{ err: first }, ...message, ...rest]);
}

let stdout: DestinationStream | undefined;

// One asynchronous stdout writer for every logger of the process (all-in-one starts seven).
function standardOutput(): DestinationStream {
  stdout ??= pino.destination({ dest: 1, sync: false });
  return stdout;
}

export function createLogger(
  service: string,
  level: string = process.env.LOG_LEVEL ?? 'info',
  // Tests capture the output here; it is redacted like stdout.
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor: CENSOR },
      // Errors keep their kind, codes and place, never the documents or values they carry.
      serializers: { err: serializeError, error: serializeError },
      formatters: { level: (label) => ({ level: label }), log: serializeErrorFields },
      hooks: { logMethod: errorFirst },
      mixin: contextFields,
    },
    redactingStream(destination ?? standardOutput()),
  );
}
