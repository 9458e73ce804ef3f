import type { EventEnvelope } from '@crm/bus';
import type { EventData } from '@crm/protos';
import type { AuditSource } from './audit-entry.model';
import { AUDIT_READINGS, type AuditReadings, type ContractReading } from './readings';
import { asData, fillTemplate, genericSummary, text } from './readings/audit-text';

// How an event reads in the audit log comes from its reading (readings/), one for each declared
// contract (protos/events/): the object's type, id and name, the source and the summary. An
// event nobody declared yet still gets an entry, read generically from its type and data.

export interface AuditDescription {
  source: AuditSource;
  action: string | null;
  object_type: string | null;
  object_id: string | null;
  object_name: string | null;
  summary: string | null;
}

export { genericSummary };

function fullName(data: EventData): string | null {
  const name = [text(data, 'first_name'), text(data, 'last_name')].filter((part) => part !== null).join(' ');
  return name === '' ? null : name;
}

// The object's name as an undeclared event gives it: a name, a title, a person's name, an email.
const genericName = (data: EventData) =>
  text(data, 'name') ?? text(data, 'title') ?? fullName(data) ?? text(data, 'email');

const genericId = (data: EventData, entity: string) => text(data, `${entity}_id`) ?? text(data, 'id');

function declaredReading(
  { contract, rule }: ContractReading,
  action: string,
  data: EventData,
): AuditDescription | null {
  const audit = rule;
  if (audit === 'not_audited') return null;
  const objectName = audit.objectName;
  return {
    source: audit.source,
    action,
    object_type: audit.objectType ?? contract.record.entity,
    object_id: audit.objectId ? audit.objectId(data) : text(data, contract.record.idField),
    object_name:
      objectName === null ? null : typeof objectName === 'string' ? text(data, objectName) : objectName(data),
    summary: typeof audit.summary === 'string' ? fillTemplate(audit.summary, data) : audit.summary(data),
  };
}

function genericReading(entity: string, action: string, data: EventData): AuditDescription {
  const objectName = genericName(data);
  return {
    source: 'record',
    action,
    object_type: entity,
    object_id: genericId(data, entity),
    object_name: objectName,
    summary: genericSummary(action, entity, objectName),
  };
}

// Only changes inside a workspace are audited, and not what a reading says is not audited.
export function isAudited(
  event: Pick<EventEnvelope, 'type' | 'workspace_id'>,
  readings: AuditReadings = AUDIT_READINGS,
): boolean {
  return event.workspace_id !== null && readings.get(event.type)?.rule !== 'not_audited';
}

export function erasesObject(type: string, readings: AuditReadings = AUDIT_READINGS): boolean {
  const audit = readings.get(type)?.rule;
  return audit !== undefined && audit !== 'not_audited' && audit.erasesObject === true;
}

// The audit reading of an event, or null when the event is not audited.
export function describeEvent(
  event: Pick<EventEnvelope, 'type' | 'workspace_id' | 'data'>,
  readings: AuditReadings = AUDIT_READINGS,
): AuditDescription | null {
  if (!isAudited(event, readings)) return null;
  const [, entity, action] = event.type.split('.');
  const data = asData(event.data);
  const reading = readings.get(event.type);
  return reading ? declaredReading(reading, action, data) : genericReading(entity, action, data);
}
