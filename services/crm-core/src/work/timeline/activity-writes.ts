import type { EventActor } from '@crm/bus';
import { isAppError, isoNow, newId, type InternalClaims } from '@crm/kit';
import { activityCreated, activityRecorded } from '@crm/protos';
import { commit, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import type { ClientSession } from 'mongoose';
import {
  activityModel,
  timelineContactModel,
  type ActivityRecord,
  type ActivityTargetType,
  type ActivityType,
} from './activity.model';
import type { ActivityView, CreateActivityBody } from './activity.operations';
import { writableTarget, type TargetRecord } from './activity-targets';
import { activityState, activityView } from './activity-view';

// Remembers the company a contact's entries carry, in the entry's own transaction. The timeline
// consumer writes the same row when the contact changes company, so the two transactions
// conflict and one runs again: an entry never keeps a company its contact has just left.
export async function noteContactCompany(
  context: ServiceContext,
  workspaceId: string,
  contactId: string,
  target: TargetRecord,
  session: ClientSession,
): Promise<void> {
  if (target.contact_version === null) return;
  await timelineContactModel(context.connection).updateOne(
    { _id: contactId, workspace_id: workspaceId },
    { $set: { company_id: target.company_id, version: target.contact_version } },
    { upsert: true, session },
  );
}

const actorOf = (actor: EventActor | null): Pick<ActivityRecord, 'actor_type' | 'actor_id' | 'actor_label'> =>
  actor === null
    ? { actor_type: 'system', actor_id: null, actor_label: null }
    : { actor_type: actor.type, actor_id: actor.id ?? null, actor_label: actor.label ?? null };

// POST /activities: a note or a call by the caller (a key writes under its own name).
export async function createActivityRecord(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateActivityBody,
): Promise<ActivityView> {
  const id = newId();
  return commit(context, async ({ transaction, publish }) => {
    const target = await writableTarget(context, workspaceId, body.target_type, body.target_id, transaction);
    if (body.target_type === 'contact')
      await noteContactCompany(context, workspaceId, body.target_id, target, transaction);
    const now = isoNow();
    const record: ActivityRecord = {
      _id: id,
      version: 1,
      workspace_id: workspaceId,
      type: body.type,
      subject: body.type === 'note' ? (body.subject ?? null) || null : null,
      body: body.body ?? null,
      outcome: body.type === 'call' ? body.outcome : null,
      target_type: body.target_type,
      target_id: body.target_id,
      company_id: target.company_id,
      ...actorOf(claims.actor),
      occurred_at: body.type === 'call' && body.occurred_at ? new Date(body.occurred_at).toISOString() : now,
      created_at: now,
      source: null,
      source_version: null,
    };
    await activityModel(context.connection).create([record], { session: transaction });
    publish(activityCreated, { workspace_id: workspaceId, actor: claims.actor, data: activityState(record) });
    return activityView(record);
  });
}

export interface RecordedEntry {
  type: Extract<ActivityType, 'system' | 'task' | 'meeting'>;
  subject: string;
  body?: string | null;
  outcome?: string | null;
  target_type: ActivityTargetType;
  target_id: string;
  occurred_at: string;
  source?: string;
  source_version?: number;
}

// An entry the service writes for what happened to a record, in the unit of work of whatever
// records it (a task's completion, an event the timeline consumes). A target that is gone
// (purged, deleted) gets no entry.
export async function recordEntry(
  context: ServiceContext,
  unit: UnitOfWork,
  workspaceId: string,
  actor: EventActor | null,
  entry: RecordedEntry,
): Promise<ActivityRecord | null> {
  let target: TargetRecord;
  try {
    target = await writableTargetOrBinned(context, workspaceId, entry.target_type, entry.target_id, unit.transaction);
  } catch (error) {
    // Only "no such record" means no entry; a database failure must fail the event (it is retried).
    if (isAppError(error)) return null;
    throw error;
  }
  if (entry.target_type === 'contact')
    await noteContactCompany(context, workspaceId, entry.target_id, target, unit.transaction);
  const record: ActivityRecord = {
    _id: newId(),
    version: 1,
    workspace_id: workspaceId,
    type: entry.type,
    subject: entry.subject,
    body: entry.body ?? null,
    outcome: entry.outcome ?? null,
    target_type: entry.target_type,
    target_id: entry.target_id,
    company_id: target.company_id,
    ...actorOf(actor),
    occurred_at: entry.occurred_at,
    created_at: isoNow(),
    source: entry.source ?? null,
    source_version: entry.source_version ?? null,
  };
  // Every field is set above: stored as it is, without a mongoose document (consumers write many).
  await activityModel(context.connection).insertMany([record], { session: unit.transaction, lean: true });
  unit.publish(activityRecorded, { workspace_id: workspaceId, actor, data: activityState(record) });
  return record;
}

// What happens to a record in the recycle bin still belongs on its timeline (it may come back).
async function writableTargetOrBinned(
  context: ServiceContext,
  workspaceId: string,
  type: ActivityTargetType,
  id: string,
  session: ClientSession,
): Promise<TargetRecord> {
  return writableTarget(context, workspaceId, type, id, session, 'target_id', true);
}
