import { applyRecordState, type EventEnvelope, type EventHandler, type ProjectedFields } from '@crm/bus';
import { acrossWorkspaces, isDuplicateKey } from '@crm/kit';
import { EVENT_CONTRACTS, recordStateOf, userUpdated, workspaceCreated, workspaceUpdated, type UserUpdatedData, type WorkspaceCreatedData } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import type { Connection, Model } from 'mongoose';
import { dealStepModel, readModel, revisionModel, workspaceSettingsModel, type ReadModelKind, type RevisionRecord } from './read-model.model';
import { KIND_OF_ENTITY, storedState, type StoredState } from './record-states';

export const READ_MODEL_CONSUMER = 'reports.read-model';

// Every owner's events reports follows: crm-core's records and catalogue, marketing's campaigns,
// spend and touchpoints, identity's workspaces and members.
export const READ_MODEL_PATTERNS = [
  'crm.company.*',
  'crm.contact.*',
  'crm.deal.*',
  'crm.activity.*',
  'crm.task.*',
  'crm.pipeline.*',
  'crm.pipeline_stage.*',
  'crm.lead_source.*',
  'crm.custom_field.*',
  'marketing.campaign.*',
  'marketing.spend.*',
  'marketing.touchpoint.*',
  'identity.workspace.*',
  'identity.member.*',
  userUpdated.type,
];

// Upserts the workspace's sequence row; two first upserts at once collide on _id, and the loser
// applies its update to the row the other created.
async function updateSequence(connection: Connection, workspaceId: string, update: Record<string, unknown>): Promise<RevisionRecord> {
  const model = revisionModel(connection);
  const filter = { _id: workspaceId, workspace_id: workspaceId };
  try {
    return (await model.findOneAndUpdate(filter, update, { upsert: true, new: true }).lean<RevisionRecord>().exec())!;
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return (await model.findOneAndUpdate(filter, update, { new: true }).lean<RevisionRecord>().exec())!;
  }
}

// One change to a workspace's read model: takes the next number of its sequence, lets `write`
// stamp what it writes with it, then counts the change settled. When nothing else is in flight
// at that moment (settled caught up with seq), every number up to it is written: `stable`
// moves there, and readers may skip what is stamped at or below it once they applied it.
export async function recordChange<T>(connection: Connection, workspaceId: string, write: (seq: number) => Promise<T>): Promise<T> {
  const { seq } = await updateSequence(connection, workspaceId, { $inc: { seq: 1 } });
  try {
    return await write(seq);
  } finally {
    const row = await updateSequence(connection, workspaceId, { $inc: { settled: 1 } });
    if (row.settled === row.seq) await revisionModel(connection).updateOne({ _id: workspaceId, workspace_id: workspaceId }, { $max: { stable: row.seq } }).exec();
  }
}

// What a reader cannot follow change by change (a rebuild dropping records, new settings): its
// next report loads the workspace anew.
export async function bumpGeneration(connection: Connection, workspaceId: string): Promise<void> {
  await updateSequence(connection, workspaceId, { $inc: { generation: 1 } });
}

export async function rememberSettings(connection: Connection, workspaceId: string, currency: string, timezone: string, version: number): Promise<boolean> {
  try {
    const result = await workspaceSettingsModel(connection)
      .updateOne({ _id: workspaceId, workspace_id: workspaceId, version: { $lt: version } }, { $set: { currency, timezone, version } }, { upsert: true })
      .exec();
    return result.modifiedCount + result.upsertedCount > 0;
  } catch (error) {
    // A copy at least as new is stored.
    if (!isDuplicateKey(error)) throw error;
    return false;
  }
}

// One record's new state, stamped with the change's number, with a deal's stage at that version
// kept for its history. True when it was newer than what was stored.
export async function applyToReadModel(connection: Connection, kind: ReadModelKind, record: ReturnType<typeof storedState>, seq: number): Promise<boolean> {
  const stamped = record.state === null ? record : { ...record, state: { ...record.state, seq } };
  const outcome = await applyRecordState(readModel(connection, kind) as unknown as Model<ProjectedFields & StoredState>, stamped);
  if (outcome !== 'applied') return false;
  // A tombstone is stamped too, so readers drop the record from what they keep.
  if (record.state === null) await readModel(connection, kind).updateOne({ _id: record.id, workspace_id: record.workspace_id, version: record.version }, { $set: { seq } }).exec();
  if (kind === 'deal' && record.workspace_id) {
    const steps = dealStepModel(connection);
    if (record.state === null) {
      await steps.deleteMany({ workspace_id: record.workspace_id, deal_id: record.id }).exec();
    } else if (typeof record.state.stage_id === 'string') {
      const at = String(record.version === 1 ? record.state.created_at : (record.state.updated_at ?? record.state.created_at));
      await steps
        .updateOne(
          { _id: `${record.id}:${record.version}`, workspace_id: record.workspace_id },
          { $set: { deal_id: record.id, version: record.version, stage_id: record.state.stage_id, status: String(record.state.status ?? 'open'), at, seq } },
          { upsert: true },
        )
        .exec()
        .catch((error: unknown) => {
          if (!isDuplicateKey(error)) throw error;
        });
    }
  }
  return true;
}

export function readModelHandler(context: ServiceContext): EventHandler {
  const { connection } = context;
  return async (event: EventEnvelope) => {
    if (event.type === userUpdated.type) {
      // A person's new name shows on every membership of theirs.
      const data = event.data as UserUpdatedData;
      const members = readModel(connection, 'member');
      const workspaces = await acrossWorkspaces("a person's memberships in every workspace", async () => {
        const rows = await members.find({ user_id: data.user_id, deleted: false }, { workspace_id: 1 }).lean().exec();
        return [...new Set(rows.map((row) => String(row.workspace_id)))];
      });
      for (const workspaceId of workspaces) {
        await recordChange(connection, workspaceId, (seq) => members.updateMany({ workspace_id: workspaceId, user_id: data.user_id, deleted: false }, { $set: { name: data.name, seq } }).exec());
      }
      return;
    }
    if (!event.workspace_id) return;
    if (event.type === workspaceCreated.type || event.type === workspaceUpdated.type) {
      const data = event.data as WorkspaceCreatedData;
      if (await rememberSettings(connection, event.workspace_id, data.settings.currency, data.settings.timezone, data.version)) await bumpGeneration(connection, event.workspace_id);
      return;
    }
    const contract = EVENT_CONTRACTS.get(event.type);
    const kind = contract && KIND_OF_ENTITY[contract.record.entity];
    const record = recordStateOf(EVENT_CONTRACTS, event);
    // Events of records reports does not keep (reminders' bookkeeping aside) are ignored.
    if (!kind || !record) return;
    await recordChange(connection, event.workspace_id, (seq) => applyToReadModel(connection, kind, storedState(kind, record), seq));
  };
}

export async function subscribeReadModel(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(READ_MODEL_CONSUMER, READ_MODEL_PATTERNS, readModelHandler(context));
}
