import type { ClientSession, Model } from 'mongoose';
import { isDuplicateKey, isoNow, type InternalClaims } from '@crm/kit';
import type { UnitOfWork } from '@crm/service-host';
import type { EventContract, PayloadOf } from '@crm/protos';
import { pipelineModel, type PipelineRecord } from './catalogue.model';
import { nameTaken } from './catalogue-rules';

interface CatalogueRecord {
  _id: string;
  workspace_id: string;
  version: number;
  updated_at: string;
}

// Writes the changed fields with the next version; answers the record as it now is (the state
// its event carries).
export async function saveChange<R extends CatalogueRecord>(
  model: Model<R>,
  record: R,
  changes: Partial<R>,
  session: ClientSession,
): Promise<R> {
  const updated: R = { ...record, ...changes, version: (record.version ?? 1) + 1, updated_at: isoNow() };
  await model.updateOne(
    { _id: record._id, workspace_id: record.workspace_id },
    { $set: { ...changes, version: updated.version, updated_at: updated.updated_at } },
    { session },
  );
  return updated;
}

// Changes to one pipeline and its stages are serialised: each writes the pipeline's row, so two
// at once conflict and the later one runs again on the earlier one's result (two admins cannot
// delete a deal pipeline's two won stages at the same moment and leave it with none).
export async function claimPipeline(
  model: Model<PipelineRecord>,
  pipeline: PipelineRecord,
  session: ClientSession,
): Promise<void> {
  await model.updateOne(
    { _id: pipeline._id, workspace_id: pipeline.workspace_id },
    { $set: { updated_at: isoNow() } },
    { session },
  );
}

export function loadPipeline(
  model: ReturnType<typeof pipelineModel>,
  workspaceId: string,
  id: string,
  session: ClientSession,
) {
  return model.findOne({ _id: id, workspace_id: workspaceId }).session(session).lean<PipelineRecord>().exec();
}

// A unique name index refusing the write is a name already used (409 name_taken).
export async function uniqueName<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDuplicateKey(error, 'name')) throw nameTaken(what);
    throw error;
  }
}

// Publishes in the change's transaction, as the caller.
export function announcer(unit: UnitOfWork, claims: InternalClaims, workspaceId: string) {
  return <Contract extends EventContract>(contract: Contract, data: PayloadOf<NoInfer<Contract>>) =>
    unit.publish(contract, { workspace_id: workspaceId, actor: claims.actor, data });
}
