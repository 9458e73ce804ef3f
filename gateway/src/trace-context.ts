import { parseTraceparent, randomHexId } from '@crm/kit';

// W3C Trace Context (https://www.w3.org/TR/trace-context/): the gateway continues the trace a
// client started, or starts one, and hands the service its own span as the parent.
export const TRACEPARENT_HEADER = 'traceparent';
export const TRACESTATE_HEADER = 'tracestate';

export interface TraceContext {
  traceId: string;
  // The gateway's span: the parent the service sees.
  spanId: string;
  flags: string;
  // Whether the client's trace was continued (its tracestate may then be passed on).
  continued: boolean;
  traceparent: string;
}

// A header that is not a valid traceparent starts a new trace, as the spec asks; version ff
// is invalid, and a future version is read as far as version 00 goes.
export function traceFrom(header: string | string[] | undefined): TraceContext {
  const parent = parseTraceparent(header);
  const traceId = parent?.traceId ?? randomHexId(16);
  const flags = parent?.flags ?? '01';
  const spanId = randomHexId(8);
  return { traceId, spanId, flags, continued: parent !== undefined, traceparent: `00-${traceId}-${spanId}-${flags}` };
}
