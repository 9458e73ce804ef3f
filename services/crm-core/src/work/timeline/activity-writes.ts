import type { EventActor } from '@crm/bus';
import { isoNow, newId, type InternalClaims } from '@crm/kit';
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
import { binnedTargets, writableTarget, type TargetRecord } from './activity-targets';
import { activityState, activityView } from './activity-view';

// The company each contact's entries carry, by the contact's version (`timeline_contacts`): one
// write for them all. Plain values, written without a mongoose document per row (the tenancy guard
// still checks).
export async function writeContactCompanies(
  context: ServiceContext,
  workspaceId: string,
  rows: Iterable<[contactId: string, row: { company_id: string | null; version: number }]>,
  session: ClientSession,
): Promise<void> {
  const operations = [...rows].map(([contactId, row]) => ({
    updateOne: {
      filter: { _id: contactId, workspace_id: workspaceId },
      update: { $set: { company_id: row.company_id, version: row.version } },
      upsert: true,
    },
  }));
  if (operations.length > 0)
    await timelineContactModel(context.connection).collection.bulkWrite(operations as never, { session });
}

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
  await noteContactCompanies(context, workspaceId, new Map([[contactId, target]]), session);
}

// noteContactCompany for many contacts at once: one write.
async function noteContactCompanies(
  context: ServiceContext,
  workspaceId: string,
  contacts: ReadonlyMap<string, TargetRecord>,
  session: ClientSession,
): Promise<void> {
  const rows = [...contacts].flatMap(([contactId, target]) =>
    target.contact_version === null
      ? []
      : [
          [contactId, { company_id: target.company_id, version: target.contact_version }] as [
            string,
            { company_id: string | null; version: number },
          ],
        ],
  );
  await writeContactCompanies(context, workspaceId, rows, session);
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

export interface EntryToRecord {
  actor: EventActor | null;
  entry: RecordedEntry;
}

// Entries the service writes for what happened to records, in the unit of work of whatever
// records them (a task's completion, the events the timeline consumes): their targets read with
// one query per kind of target, the entries stored with one insert and announced in order. What
// happens to a record in the recycle bin still belongs on its timeline (it may come back); a
// target that is gone (purged, deleted) gets no entry: null in its place.
export async function recordEntries(
  context: ServiceContext,
  unit: UnitOfWork,
  workspaceId: string,
  items: readonly EntryToRecord[],
): Promise<Array<ActivityRecord | null>> {
  const targets = new Map<ActivityTargetType, Map<string, TargetRecord>>();
  for (const type of new Set(items.map(({ entry }) => entry.target_type))) {
    const ids = items.filter(({ entry }) => entry.target_type === type).map(({ entry }) => entry.target_id);
    targets.set(type, await binnedTargets(context, workspaceId, type, ids, unit.transaction));
  }
  const contacts = targets.get('contact');
  if (contacts) await noteContactCompanies(context, workspaceId, contacts, unit.transaction);
  const now = isoNow();
  const records = items.map(({ actor, entry }): ActivityRecord | null => {
    const target = targets.get(entry.target_type)!.get(entry.target_id);
    if (!target) return null;
    return {
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
      created_at: now,
      source: entry.source ?? null,
      source_version: entry.source_version ?? null,
    };
  });
  const stored = records.filter((record): record is ActivityRecord => record !== null);
  if (stored.length === 0) return records;
  // Every field is set above: stored as it is, without a mongoose document (consumers write many).
  await activityModel(context.connection).insertMany(stored, { session: unit.transaction, lean: true });
  for (const [index, record] of records.entries()) {
    if (record)
      unit.publish(activityRecorded, {
        workspace_id: workspaceId,
        actor: items[index].actor,
        data: activityState(record),
      });
  }
  return records;
}

// One entry (recordEntries).
export async function recordEntry(
  context: ServiceContext,
  unit: UnitOfWork,
  workspaceId: string,
  actor: EventActor | null,
  entry: RecordedEntry,
): Promise<ActivityRecord | null> {
  const [record] = await recordEntries(context, unit, workspaceId, [{ actor, entry }]);
  return record;
}
