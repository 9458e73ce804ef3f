import { applyRecordStates, isEvent, type BatchEventHandler, type EventEnvelope, type ProjectedFields } from '@crm/bus';
import { acrossWorkspaces, isDuplicateKey } from '@crm/kit';
import {
  EVENT_CONTRACTS,
  recordStateOf,
  userUpdated,
  workspaceCreated,
  workspaceUpdated,
  type UserUpdatedData,
} from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import type { Connection, Model } from 'mongoose';
import {
  dealStepModel,
  readModel,
  revisionModel,
  workspaceSettingsModel,
  type ReadModelKind,
  type RevisionRecord,
} from './read-model.model';
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
async function updateSequence(
  connection: Connection,
  workspaceId: string,
  update: Record<string, unknown>,
): Promise<RevisionRecord> {
  const model = revisionModel(connection);
  const filter = { _id: workspaceId, workspace_id: workspaceId };
  try {
    return await model.findOneAndUpdate(filter, update, { upsert: true, new: true }).lean<RevisionRecord>().exec();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return (await model.findOneAndUpdate(filter, update, { new: true }).lean<RevisionRecord>().exec())!;
  }
}

// One change to a workspace's read model: takes the next number of its sequence, lets `write`
// stamp what it writes with it, then counts the change settled. When nothing else is in flight
// at that moment (settled caught up with seq), every number up to it is written: `stable`
// moves there, and readers may skip what is stamped at or below it once they applied it.
export async function recordChange<T>(
  connection: Connection,
  workspaceId: string,
  write: (seq: number) => Promise<T>,
): Promise<T> {
  const { seq } = await updateSequence(connection, workspaceId, { $inc: { seq: 1 } });
  try {
    // The row just returned has the seq its $inc set.
    return await write(seq!);
  } finally {
    const row = await updateSequence(connection, workspaceId, { $inc: { settled: 1 } });
    if (row.settled === row.seq)
      await revisionModel(connection)
        .updateOne({ _id: workspaceId, workspace_id: workspaceId }, { $max: { stable: row.seq } })
        .exec();
  }
}

// What a reader cannot follow change by change (a rebuild dropping records, new settings): its
// next report loads the workspace anew.
export async function bumpGeneration(connection: Connection, workspaceId: string): Promise<void> {
  await updateSequence(connection, workspaceId, { $inc: { generation: 1 } });
}

export async function rememberSettings(
  connection: Connection,
  workspaceId: string,
  currency: string,
  timezone: string,
  version: number,
): Promise<boolean> {
  try {
    const result = await workspaceSettingsModel(connection)
      .updateOne(
        { _id: workspaceId, workspace_id: workspaceId, version: { $lt: version } },
        { $set: { currency, timezone, version } },
        { upsert: true },
      )
      .exec();
    return result.modifiedCount + result.upsertedCount > 0;
  } catch (error) {
    // A copy at least as new is stored.
    if (!isDuplicateKey(error)) throw error;
    return false;
  }
}

type StoredRecord = ReturnType<typeof storedState>;

// Records' new states, stamped with the change's number (tombstones too, so readers drop the
// record from what they keep), in one read and one bulk write; a deal's stage at each version
// newer than the stored one is kept for its history, every version the batch holds. Answers how
// many records were newer than what was stored.
export async function applyToReadModel(
  connection: Connection,
  kind: ReadModelKind,
  list: readonly StoredRecord[],
  seq: number,
): Promise<number> {
  const applied = await applyRecordStates(
    readModel(connection, kind) as unknown as Model<ProjectedFields & StoredState>,
    list,
    { stamp: { seq } },
  );
  if (kind === 'deal') {
    const replaced = new Map(applied.map((deal) => [deal.id, deal.replaced_version]));
    const versions = list.filter((deal) => replaced.has(deal.id) && deal.version > replaced.get(deal.id)!);
    await keepDealSteps(connection, versions, seq);
  }
  return applied.length;
}

// In version order, so a tombstone removes the steps of the versions before it.
async function keepDealSteps(connection: Connection, versions: readonly StoredRecord[], seq: number): Promise<void> {
  const steps = dealStepModel(connection);
  for (const deal of [...versions].sort((a, b) => a.version - b.version)) {
    if (!deal.workspace_id) continue;
    if (deal.state === null) {
      await steps.deleteMany({ workspace_id: deal.workspace_id, deal_id: deal.id }).exec();
    } else if (typeof deal.state.stage_id === 'string') {
      const at = String(deal.version === 1 ? deal.state.created_at : (deal.state.updated_at ?? deal.state.created_at));
      await steps
        .updateOne(
          { _id: `${deal.id}:${deal.version}`, workspace_id: deal.workspace_id },
          {
            $set: {
              deal_id: deal.id,
              version: deal.version,
              stage_id: deal.state.stage_id,
              // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a deal's status is text
              status: String(deal.state.status ?? 'open'),
              at,
              seq,
            },
          },
          { upsert: true },
        )
        .exec()
        .catch((error: unknown) => {
          if (!isDuplicateKey(error)) throw error;
        });
    }
  }
}

// A person's new name shows on every membership of theirs.
async function renameMember(connection: Connection, data: UserUpdatedData): Promise<void> {
  const members = readModel(connection, 'member');
  const workspaces = await acrossWorkspaces("a person's memberships in every workspace", async () => {
    const rows = await members.find({ user_id: data.user_id, deleted: false }, { workspace_id: 1 }).lean().exec();
    return [...new Set(rows.map((row) => String(row.workspace_id)))];
  });
  for (const workspaceId of workspaces) {
    await recordChange(connection, workspaceId, (seq) =>
      members
        .updateMany(
          { workspace_id: workspaceId, user_id: data.user_id, deleted: false },
          { $set: { name: data.name, seq } },
        )
        .exec(),
    );
  }
}

// A batch (of one workspace) is one change of its read model: one number of the sequence, and
// per kind of record one read and one bulk write. Idempotent by version.
export function readModelHandler(context: ServiceContext): BatchEventHandler {
  const { connection } = context;
  return async (events: readonly EventEnvelope[]) => {
    const byKind = new Map<ReadModelKind, StoredRecord[]>();
    for (const event of events) {
      if (isEvent(event, userUpdated)) {
        await renameMember(connection, event.data);
        continue;
      }
      if (!event.workspace_id) continue;
      if (isEvent(event, workspaceCreated, workspaceUpdated)) {
        const data = event.data;
        if (
          await rememberSettings(
            connection,
            event.workspace_id,
            data.settings.currency,
            data.settings.timezone,
            data.version,
          )
        )
          await bumpGeneration(connection, event.workspace_id);
        continue;
      }
      const contract = EVENT_CONTRACTS.get(event.type);
      const kind = contract && KIND_OF_ENTITY[contract.record.entity];
      const record = recordStateOf(EVENT_CONTRACTS, event);
      // Events of records reports does not keep (reminders' bookkeeping aside) are ignored.
      if (!kind || !record) continue;
      const list = byKind.get(kind);
      if (list) list.push(storedState(kind, record));
      else byKind.set(kind, [storedState(kind, record)]);
    }
    const workspaceId = events[0]?.workspace_id;
    if (byKind.size === 0 || !workspaceId) return;
    await recordChange(connection, workspaceId, async (seq) => {
      for (const [kind, records] of byKind) await applyToReadModel(connection, kind, records, seq);
    });
  };
}

export async function subscribeReadModel(context: ServiceContext): Promise<void> {
  await context.bus.subscribeBatch(READ_MODEL_CONSUMER, READ_MODEL_PATTERNS, readModelHandler(context));
}
