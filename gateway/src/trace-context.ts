import { randomBytes } from 'node:crypto';

// W3C Trace Context (https://www.w3.org/TR/trace-context/): the gateway continues the trace a
// client started, or starts one, and hands the service its own span as the parent.
export const TRACEPARENT_HEADER = 'traceparent';
export const TRACESTATE_HEADER = 'tracestate';

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE_ID = '0'.repeat(32);
const ZERO_SPAN_ID = '0'.repeat(16);

export interface TraceContext {
  traceId: string;
  // The gateway's span: the parent the service sees.
  spanId: string;
  flags: string;
  // Whether the client's trace was continued (its tracestate may then be passed on).
  continued: boolean;
  traceparent: string;
}

function newId(bytes: number): string {
  const zero = '0'.repeat(bytes * 2);
  for (;;) {
    const id = randomBytes(bytes).toString('hex');
    if (id !== zero) return id;
  }
}

// A header that is not a valid traceparent starts a new trace, as the spec asks; version ff
// is invalid, and a future version is read as far as version 00 goes.
export function traceFrom(header: string | string[] | undefined): TraceContext {
  const match = typeof header === 'string' ? TRACEPARENT.exec(header.trim()) : null;
  const valid =
    match !== null &&
    match[1] !== 'ff' &&
    match[2] !== ZERO_TRACE_ID &&
    match[3] !== ZERO_SPAN_ID &&
    (match[1] !== '00' || match[5] === undefined);
  const traceId = valid ? match[2] : newId(16);
  const flags = valid ? match[4] : '01';
  const spanId = newId(8);
  return { traceId, spanId, flags, continued: valid, traceparent: `00-${traceId}-${spanId}-${flags}` };
}
