import { randomUUID } from 'node:crypto';
import { makeEvent, type EventEnvelope } from '@crm/bus';
import { EVENT_CONTRACTS, payloadProblem } from '@crm/protos';

// Other services' facts as their outbox relays publish them, for tests of a service that consumes
// them. The payload is built from the event's contract: every required field gets a neutral
// value (null where it may be null, a fresh id for the record's id, now for a time, empty text,
// zero, false, an empty list), then the test's own fields and version 1 unless given.

type Fields = Record<string, unknown>;

interface JsonSchema {
  type?: string;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

function neutral(schema: JsonSchema, name: string, now: string): unknown {
  if (schema.anyOf)
    return schema.anyOf.some((option) => option.type === 'null') ? null : neutral(schema.anyOf[0], name, now);
  switch (schema.type) {
    case 'string':
      return name.endsWith('_at') ? now : '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    case 'object':
      return neutralObject(schema, now);
    default:
      return null;
  }
}

function neutralObject(schema: JsonSchema, now: string): Fields {
  const required = new Set(schema.required ?? []);
  return Object.fromEntries(
    Object.entries(schema.properties ?? {})
      .filter(([name]) => required.has(name))
      .map(([name, property]) => [name, neutral(property, name, now)]),
  );
}

// A payload of `type` that its contract accepts, with the test's fields.
export function contractPayload(type: string, fields: Fields = {}): Fields {
  const contract = EVENT_CONTRACTS.get(type);
  if (!contract) throw new Error(`no event contract ${type}`);
  const data = {
    ...neutralObject(contract.payload as JsonSchema, new Date().toISOString()),
    [contract.record.idField]: randomUUID(),
    version: 1,
    ...fields,
  };
  const problem = payloadProblem(contract, data);
  if (problem) throw new Error(problem);
  return data;
}

// The event itself, as the relay of the service that owns `type` publishes it.
export function contractEvent(type: string, workspaceId: string | null, fields: Fields = {}): EventEnvelope {
  return makeEvent({ type, workspace_id: workspaceId, actor: null, data: contractPayload(type, fields) });
}
