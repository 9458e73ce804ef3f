import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';

// One declaration per event, imported by its producer (to build and check the payload) and by
// its consumers (to read it): the type name, the payload's schema and the record it is about.
// How the audit log reads an event is identity's (services/identity/src/audit/readings/). See
// docs/events.md.

export type EventData = Readonly<Record<string, unknown>>;

// Whether a payload is an object, for readers of events of any type (the audit log, a feed): the
// fields they read are then checked one by one.
export function isEventData(value: unknown): value is EventData {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The payload as an object; {} when it is not one.
export const asEventData = (value: unknown): EventData => (isEventData(value) ? value : {});

export interface RecordSpec {
  // The entity of the type name, e.g. `api_key`.
  entity: string;
  // The payload field holding the record's id, e.g. `api_key_id`.
  idField: string;
  // The event ends the record (a deletion): projections keep a tombstone.
  deletes?: boolean;
}

export interface EventContract<Payload extends TProperties = TProperties> {
  // `<context>.<entity>.<verb>`, lower snake case, a fact in the past tense.
  type: string;
  // The envelope's `version`: bumped only for a change consumers must tell apart (a new type is
  // usually better). Adding an optional field does not change it.
  schemaVersion: number;
  description: string;
  record: RecordSpec;
  // The record's full public state, its per-record `version`, and facts of this change. Never a
  // secret (token, digest, password or hash).
  payload: TObject<Payload>;
  // What a kept copy of this event becomes once a contact it names is erased (erasure.ts).
  erasure?: ErasureRule;
}

// Given a payload and an erased contact's id (lower case): the payload with that person's values
// replaced, or null when it holds none of them. Events without a rule carry no person's values
// beyond ids (an id is kept: it is how other records point at the erased contact).
export type ErasureRule = (data: EventData, contactId: string) => Record<string, unknown> | null;

export type PayloadOf<Contract extends EventContract> = Static<Contract['payload']>;

const EVENT_TYPE = /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/;
// Field names that would carry a secret; a contract declaring one is refused.
const SECRET_FIELD = /(^|_)(token|digest|password|hash|secret|key)$/;

export interface EventContractInput<Payload extends TProperties> {
  type: string;
  schemaVersion?: number;
  description: string;
  record: RecordSpec;
  payload: Payload;
  erasure?: ErasureRule;
}

// Declares an event. Every payload has `version` (the record's version after the change) and
// refuses unknown fields, so a producer cannot leak a field the contract does not name.
export function defineEvent<Payload extends TProperties>(
  input: EventContractInput<Payload>,
): EventContract<Payload & { version: ReturnType<typeof Type.Integer> }> {
  if (!EVENT_TYPE.test(input.type))
    throw new Error(`event type ${input.type} must be <context>.<entity>.<verb> in lower snake case`);
  const [, entity] = input.type.split('.');
  if (input.record.entity !== entity) throw new Error(`${input.type}: the record's entity must be ${entity}`);
  if (!(input.record.idField in input.payload))
    throw new Error(`${input.type}: the payload must hold the record id ${input.record.idField}`);
  const secret = Object.keys(input.payload).find((field) => SECRET_FIELD.test(field));
  if (secret !== undefined) throw new Error(`${input.type}: payload field ${secret} looks like a secret`);
  return {
    type: input.type,
    schemaVersion: input.schemaVersion ?? 1,
    description: input.description,
    record: input.record,
    payload: Type.Object(
      {
        ...input.payload,
        version: Type.Integer({ minimum: 1, description: "The record's version after this change" }),
      },
      { additionalProperties: false },
    ),
    ...(input.erasure ? { erasure: input.erasure } : {}),
  };
}

export interface EventContractRegistry {
  get(type: string): EventContract | undefined;
  all(): readonly EventContract[];
}

const checks = new WeakMap<EventContract, TypeCheck<TObject>>();

function checkerOf(contract: EventContract): TypeCheck<TObject> {
  let check = checks.get(contract);
  if (!check) {
    check = TypeCompiler.Compile(contract.payload);
    checks.set(contract, check);
  }
  return check;
}

// What is wrong with a payload under its contract, or undefined when it conforms.
export function payloadProblem(contract: EventContract, data: unknown): string | undefined {
  const check = checkerOf(contract);
  if (check.Check(data)) return undefined;
  const first = check.Errors(data).First();
  return `${contract.type}: ${first ? `${first.path || '/'} ${first.message}` : 'payload does not match its contract'}`;
}

export function contractRegistry(...lists: ReadonlyArray<readonly EventContract[]>): EventContractRegistry {
  const byType = new Map<string, EventContract>();
  for (const contract of lists.flat()) {
    if (byType.has(contract.type)) throw new Error(`event ${contract.type} is declared twice`);
    byType.set(contract.type, contract);
  }
  return { get: (type) => byType.get(type), all: () => [...byType.values()] };
}

// What an event says about its record, for projections: id, version, and the state (null when
// the event deletes the record). Undefined for a type without a contract.
export function recordStateOf(
  registry: EventContractRegistry,
  event: { type: string; workspace_id: string | null; data: unknown },
): { id: string; workspace_id: string | null; version: number; state: Record<string, unknown> | null } | undefined {
  const contract = registry.get(event.type);
  if (!contract) return undefined;
  // A payload without its record's id or version cannot be placed: it has no state to apply.
  if (!isEventData(event.data)) return undefined;
  const data = event.data;
  const id = data[contract.record.idField];
  if (typeof id !== 'string' || !Number.isFinite(data.version)) return undefined;
  return {
    id,
    workspace_id: event.workspace_id,
    version: Number(data.version),
    state: contract.record.deletes ? null : data,
  };
}
