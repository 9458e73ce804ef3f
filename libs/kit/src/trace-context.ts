import { randomBytes } from 'node:crypto';

// W3C Trace Context (https://www.w3.org/TR/trace-context/) on the service side: a service
// continues the trace its caller (the gateway, another service) sent, or starts one, and each
// hop gets a span id of its own.
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE_ID = '0'.repeat(32);
const ZERO_SPAN_ID = '0'.repeat(16);

export interface Traceparent {
  traceId: string;
  spanId: string;
  flags: string;
}

// Random bytes drawn 4 KiB at a time: a span id per hop is asked for on every request, and
// one system call per id showed in profiles of the request path.
const POOL_SIZE = 4096;
let pool = randomBytes(POOL_SIZE);
let offset = 0;

export function randomHexId(bytes: number): string {
  const zero = '0'.repeat(bytes * 2);
  for (;;) {
    if (offset + bytes > POOL_SIZE) {
      pool = randomBytes(POOL_SIZE);
      offset = 0;
    }
    const id = pool.toString('hex', offset, offset + bytes);
    offset += bytes;
    if (id !== zero) return id;
  }
}

// Version ff and all-zero ids are invalid; a future version is read as far as version 00 goes.
export function parseTraceparent(value: unknown): Traceparent | undefined {
  const match = typeof value === 'string' ? TRACEPARENT.exec(value.trim()) : null;
  if (!match || match[1] === 'ff' || match[2] === ZERO_TRACE_ID || match[3] === ZERO_SPAN_ID) return undefined;
  if (match[1] === '00' && match[5] !== undefined) return undefined;
  return { traceId: match[2], spanId: match[3], flags: match[4] };
}

// A new span in the caller's trace, or the first span of a new trace when the caller sent none
// (or an invalid one, as the spec asks).
export function continueTrace(value: unknown): string {
  const parent = parseTraceparent(value);
  return `00-${parent?.traceId ?? randomHexId(16)}-${randomHexId(8)}-${parent?.flags ?? '01'}`;
}

export function traceIdOf(value: unknown): string | undefined {
  return parseTraceparent(value)?.traceId;
}
