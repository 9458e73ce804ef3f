import type { ClientSession, Connection } from 'mongoose';
import { consumeIdempotently, type EventEnvelope, type EventHandler } from '@crm/bus';
import { EVENT_CONTRACTS, type EventContractRegistry } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { auditEntryModel, type AuditEntryRecord } from './audit-entry.model';
import { describeEvent, erasesObject, genericSummary, isAudited } from './audit-descriptions';

// One durable consumer of every service's events: later services only have to publish theirs.
export const AUDIT_CONSUMER = 'identity.audit';
export const AUDIT_PATTERNS = ['#'];

// How each event reads comes from its declared contract; tests pass their own declarations.
export function auditHandler(connection: Connection, contracts: EventContractRegistry = EVENT_CONTRACTS): EventHandler {
  const record = consumeIdempotently(connection, AUDIT_CONSUMER, (event, session) =>
    recordAuditEntry(connection, contracts, event, session),
  );
  // Events the log skips need no transaction and no processed-event row.
  return async (event) => {
    if (isAudited(event, contracts)) await record(event);
  };
}

export async function subscribeAuditLog(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(AUDIT_CONSUMER, AUDIT_PATTERNS, auditHandler(context.connection));
}

async function recordAuditEntry(
  connection: Connection,
  contracts: EventContractRegistry,
  event: EventEnvelope,
  session: ClientSession,
): Promise<void> {
  const description = describeEvent(event, contracts);
  const workspaceId = event.workspace_id;
  if (!description || !workspaceId) return;
  if (erasesObject(event.type, contracts) && description.object_type && description.object_id) {
    await forgetNames(connection, session, workspaceId, description.object_type, description.object_id);
  }
  const entry: AuditEntryRecord = {
    _id: event.id,
    workspace_id: workspaceId,
    event_type: event.type,
    at: event.occurred_at,
    ...description,
    actor_type: event.actor?.type ?? 'system',
    actor: event.actor?.label ?? null,
  };
  await auditEntryModel(connection).create([entry], { session });
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
      { $set: { object_name: null, summary: genericSummary(entry.action ?? 'changed', objectType, null) } },
      { session },
    );
  }
}
