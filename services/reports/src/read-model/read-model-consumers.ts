import { applyRecordState, type EventEnvelope, type EventHandler, type ProjectedFields } from '@crm/bus';
import { acrossWorkspaces, isDuplicateKey } from '@crm/kit';
import { EVENT_CONTRACTS, recordStateOf, userUpdated, workspaceCreated, workspaceUpdated, type UserUpdatedData, type WorkspaceCreatedData } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import type { Connection, Model } from 'mongoose';
import { dealStepModel, readModel, revisionModel, workspaceSettingsModel, type ReadModelKind } from './read-model.model';
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

// Tells readers of the workspace that what they loaded is out of date.
export async function bumpRevision(connection: Connection, workspaceId: string): Promise<void> {
  try {
    await revisionModel(connection).updateOne({ _id: workspaceId, workspace_id: workspaceId }, { $inc: { revision: 1 } }, { upsert: true }).exec();
  } catch (error) {
    // Two first bumps at once: the other created the row; count ours on it.
    if (!isDuplicateKey(error)) throw error;
    await revisionModel(connection).updateOne({ _id: workspaceId, workspace_id: workspaceId }, { $inc: { revision: 1 } }).exec();
  }
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

// One record's new state, with a deal's stage at that version kept for its history.
export async function applyToReadModel(connection: Connection, kind: ReadModelKind, record: ReturnType<typeof storedState>): Promise<boolean> {
  const outcome = await applyRecordState(readModel(connection, kind) as unknown as Model<ProjectedFields & StoredState>, record);
  if (kind === 'deal' && record.workspace_id) {
    const steps = dealStepModel(connection);
    if (record.state === null) {
      await steps.deleteMany({ workspace_id: record.workspace_id, deal_id: record.id }).exec();
    } else if (typeof record.state.stage_id === 'string') {
      const at = String(record.version === 1 ? record.state.created_at : (record.state.updated_at ?? record.state.created_at));
      await steps
        .updateOne(
          { _id: `${record.id}:${record.version}`, workspace_id: record.workspace_id },
          { $set: { deal_id: record.id, version: record.version, stage_id: record.state.stage_id, status: String(record.state.status ?? 'open'), at } },
          { upsert: true },
        )
        .exec()
        .catch((error: unknown) => {
          if (!isDuplicateKey(error)) throw error;
        });
    }
  }
  return outcome === 'applied';
}

export function readModelHandler(context: ServiceContext): EventHandler {
  const { connection } = context;
  return async (event: EventEnvelope) => {
    if (event.type === userUpdated.type) {
      // A person's new name shows on every membership of theirs.
      const data = event.data as UserUpdatedData;
      const workspaces = await acrossWorkspaces("a person's new name on their memberships in every workspace", async () => {
        const members = readModel(connection, 'member');
        const rows = await members.find({ user_id: data.user_id, deleted: false }, { workspace_id: 1 }).lean().exec();
        await members.updateMany({ user_id: data.user_id, deleted: false }, { $set: { name: data.name } }).exec();
        return [...new Set(rows.map((row) => String(row.workspace_id)))];
      });
      for (const workspaceId of workspaces) await bumpRevision(connection, workspaceId);
      return;
    }
    if (!event.workspace_id) return;
    if (event.type === workspaceCreated.type || event.type === workspaceUpdated.type) {
      const data = event.data as WorkspaceCreatedData;
      if (await rememberSettings(connection, event.workspace_id, data.settings.currency, data.settings.timezone, data.version)) await bumpRevision(connection, event.workspace_id);
      return;
    }
    const contract = EVENT_CONTRACTS.get(event.type);
    const kind = contract && KIND_OF_ENTITY[contract.record.entity];
    const record = recordStateOf(EVENT_CONTRACTS, event);
    // Events of records reports does not keep (reminders' bookkeeping aside) are ignored.
    if (!kind || !record) return;
    if (await applyToReadModel(connection, kind, storedState(kind, record))) await bumpRevision(connection, event.workspace_id);
  };
}

export async function subscribeReadModel(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(READ_MODEL_CONSUMER, READ_MODEL_PATTERNS, readModelHandler(context));
}
