import { currentContext, isoMicroseconds, isUuid, newId } from '@crm/kit';

export type ActorType = 'user' | 'agent' | 'app' | 'system';

export interface EventActor {
  type: ActorType;
  id: string | null;
  // Shown in the audit log, e.g. the API key's label when a key acted.
  label: string | null;
}

// The one shape every event has on every transport (ARCHITECTURE.md, "Contracts between services").
export interface EventEnvelope<T = unknown> {
  id: string;
  // `<context>.<entity>.<verb>`, a fact in the past tense: `identity.api_key.created`.
  type: string;
  version: number;
  workspace_id: string | null;
  actor: EventActor | null;
  occurred_at: string;
  // W3C trace context of the request that caused the event, when there was one: consumers
  // continue its trace. Absent otherwise.
  traceparent?: string;
  data: T;
}

export interface NewEvent<T> {
  type: string;
  version?: number;
  workspace_id: string | null;
  actor: EventActor | null;
  // Defaults to the current request's (currentContext()).
  traceparent?: string;
  data: T;
}

const ACTOR_TYPES: readonly string[] = ['user', 'agent', 'app', 'system'];
const EVENT_TYPE = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;
// Six fractional digits; three from publishers before microseconds (a broker may still hold them).
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(\d{3})?Z$/;
// version-traceid-parentid-flags (https://www.w3.org/TR/trace-context/#traceparent-header).
const TRACEPARENT = /^[0-9a-f]{2}-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

export const isTraceparent = (value: unknown): value is string => typeof value === 'string' && TRACEPARENT.test(value);

export class InvalidEnvelopeError extends Error {
  constructor(reason: string) {
    super(`invalid event envelope: ${reason}`);
    this.name = 'InvalidEnvelopeError';
  }
}

export function isEventType(value: unknown): value is string {
  return typeof value === 'string' && EVENT_TYPE.test(value);
}

// In microseconds since the epoch: the last occurred_at given in this process.
let lastOccurredAt = 0;

// Strictly increasing within a process: events of one change (often the same millisecond) keep
// their order, and readers paging by time (the audit log's `before`) never see a tie. In
// microseconds, so that a burst keeps to the clock: an import of 100,000 rows makes its events in
// a few seconds, and a millisecond apiece put the last of them two minutes in the future (and a
// consumer's lag, measured from it, two minutes short). Within the clock's millisecond the digits
// come from the monotonic clock, so two processes rarely give the same instant.
function nextOccurredAt(): string {
  const clock = Date.now() * 1000 + (Math.floor(performance.now() * 1000) % 1000);
  lastOccurredAt = Math.max(clock, lastOccurredAt + 1);
  return isoMicroseconds(lastOccurredAt);
}

export function makeEvent<T>(input: NewEvent<T>): EventEnvelope<T> {
  const event: EventEnvelope<T> = {
    id: newId(),
    type: input.type,
    version: input.version ?? 1,
    workspace_id: input.workspace_id,
    actor: input.actor,
    occurred_at: nextOccurredAt(),
    data: input.data,
  };
  // A malformed header from a client is not worth failing a write for: it is left out.
  const traceparent = input.traceparent ?? currentContext()?.traceparent;
  if (isTraceparent(traceparent)) event.traceparent = traceparent;
  // A malformed event is a programming error: fail where it is made, not in a consumer.
  const problem = envelopeProblem(event);
  if (problem) throw new InvalidEnvelopeError(problem);
  return event;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isNullableString = (value: unknown) => value === null || typeof value === 'string';

// Returns what is wrong with a candidate envelope, or undefined when it is valid.
export function envelopeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'not an object';
  if (!isUuid(value.id)) return 'id must be a UUID';
  if (!isEventType(value.type)) return 'type must be <context>.<entity>.<verb> in lower snake case';
  if (typeof value.version !== 'number' || !Number.isInteger(value.version) || value.version < 1) {
    return 'version must be a positive integer';
  }
  if (!isNullableString(value.workspace_id)) return 'workspace_id must be a string or null';
  if (value.actor !== null) {
    const actor = value.actor;
    if (!isObject(actor)) return 'actor must be an object or null';
    if (typeof actor.type !== 'string' || !ACTOR_TYPES.includes(actor.type)) return 'actor.type is unknown';
    if (!isNullableString(actor.id)) return 'actor.id must be a string or null';
    if (!isNullableString(actor.label)) return 'actor.label must be a string or null';
  }
  if (typeof value.occurred_at !== 'string' || !ISO_TIMESTAMP.test(value.occurred_at)) {
    return 'occurred_at must be an ISO 8601 UTC timestamp with microseconds';
  }
  if (value.traceparent !== undefined && !isTraceparent(value.traceparent))
    return 'traceparent must be a W3C traceparent';
  if (!('data' in value) || value.data === undefined) return 'data is missing';
  return undefined;
}

// Parses a message body as it arrives from a transport; anything that is not an envelope throws,
// and the caller treats it as a poison message.
export function parseEnvelope(body: Buffer | string): EventEnvelope {
  let value: unknown;
  try {
    value = JSON.parse(typeof body === 'string' ? body : body.toString('utf8'));
  } catch {
    throw new InvalidEnvelopeError('body is not JSON');
  }
  const problem = envelopeProblem(value);
  if (problem) throw new InvalidEnvelopeError(problem);
  return value as EventEnvelope;
}

// The envelope as it travels (dates become strings, undefined fields vanish), so the outbox
// stores and every transport delivers exactly the same thing.
export function serializeEnvelope(event: EventEnvelope): string {
  return JSON.stringify(event);
}

// An event already serialized (the outbox keeps its events so), with what a transport routes and
// labels it by: published as it is, without parsing it again.
export interface SerializedEvent {
  readonly id: string;
  readonly type: string;
  readonly occurred_at: string;
  // serializeEnvelope's answer for the event.
  readonly body: string;
}

// What a bus publishes: envelopes, or events serialized before.
export type PublishedEvent = EventEnvelope | SerializedEvent;

export function serializedEvent(event: PublishedEvent): SerializedEvent {
  if (!('data' in event)) return event;
  return { id: event.id, type: event.type, occurred_at: event.occurred_at, body: serializeEnvelope(event) };
}
