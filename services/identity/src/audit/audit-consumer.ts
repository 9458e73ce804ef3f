import type { ClientSession, Connection } from 'mongoose';
import { consumeEventsWithoutRows, type BatchEventHandler, type EventEnvelope } from '@crm/bus';
import type { ServiceContext } from '@crm/service-host';
import { auditEntryModel, type AuditEntryRecord } from './audit-entry.model';
import { auditTime } from './audit-time';
import { describeEvent, erasesObject, genericSummary, isAudited } from './audit-descriptions';
import { AUDIT_READINGS, type AuditReadings } from './readings';

// One durable consumer of every service's events: later services only have to publish theirs.
export const AUDIT_CONSUMER = 'identity.audit';
export const AUDIT_PATTERNS = ['#'];

// How each event reads comes from its reading (readings/); tests pass their own.
// A batch (of one workspace) is one transaction: entries already written (a redelivery; an
// entry's id is its event's) are skipped, the rest are inserted at once. The entries are their
// own record of what was handled, so no processed-event ids are kept besides them.
export function auditHandler(connection: Connection, readings: AuditReadings = AUDIT_READINGS): BatchEventHandler {
  const entries = auditEntryModel(connection);
  return async (events) => {
    // Events the log skips need no transaction.
    const audited = events.filter((event) => event.workspace_id !== null && isAudited(event, readings));
    if (audited.length === 0) return;
    await consumeEventsWithoutRows(connection, entries, audited[0].workspace_id!, audited, async (fresh, session) => {
      const written: AuditEntryRecord[] = [];
      for (const event of fresh) {
        const entry = await auditEntryOf(connection, readings, event, session);
        if (!entry) continue;
        // An erasure reaches this batch's own earlier entries about the object too.
        if (erasesObject(event.type, readings) && entry.object_type && entry.object_id) {
          for (const earlier of written) {
            if (earlier.object_type === entry.object_type && earlier.object_id === entry.object_id) forgetName(earlier);
          }
        }
        written.push(entry);
      }
      if (written.length > 0) await entries.insertMany(written, { session, lean: true });
    });
  };
}

export async function subscribeAuditLog(context: ServiceContext): Promise<void> {
  await context.bus.subscribeBatch(AUDIT_CONSUMER, AUDIT_PATTERNS, auditHandler(context.connection));
}

async function auditEntryOf(
  connection: Connection,
  readings: AuditReadings,
  event: EventEnvelope,
  session: ClientSession,
): Promise<AuditEntryRecord | null> {
  const description = describeEvent(event, readings);
  const workspaceId = event.workspace_id;
  if (!description || !workspaceId) return null;
  if (erasesObject(event.type, readings) && description.object_type && description.object_id) {
    await forgetNames(connection, session, workspaceId, description.object_type, description.object_id);
  }
  return {
    _id: event.id,
    workspace_id: workspaceId,
    event_type: event.type,
    at: auditTime(event.occurred_at),
    ...description,
    actor_type: event.actor?.type ?? 'system',
    actor: event.actor?.label ?? null,
  };
}

// Earlier entries about an erased object keep the fact of each change, not the person's name.
async function forgetNames(
  connection: Connection,
  session: ClientSession,
  workspaceId: string,
  objectType: string,
  objectId: string,
): Promise<void> {
  const entries = auditEntryModel(connection);
  const earlier = await entries
    .find({ workspace_id: workspaceId, object_type: objectType, object_id: objectId })
    .session(session)
    .lean<AuditEntryRecord[]>()
    .exec();
  for (const entry of earlier) {
    await entries.updateOne(
      { _id: entry._id, workspace_id: workspaceId },
      { $set: forgetName({ ...entry }) },
      { session },
    );
  }
}

function forgetName(entry: AuditEntryRecord): Pick<AuditEntryRecord, 'object_name' | 'summary'> {
  entry.object_name = null;
  entry.summary = genericSummary(entry.action ?? 'changed', entry.object_type ?? '', null);
  return { object_name: entry.object_name, summary: entry.summary };
}
