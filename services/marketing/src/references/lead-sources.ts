import { call, isDuplicateKey, validationFailed } from '@crm/kit';
import { crmCoreLeadsV1, EVENT_CONTRACTS, leadSourceCreated, leadSourceDeleted, leadSourceSeeded, leadSourceUpdated, recordStateOf } from '@crm/protos';
import type { EventHandler } from '@crm/bus';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { sourceNameModel } from './reference-copies.model';

// A lead source must be one of the workspace's, asked of crm-core at the time of the request.
export async function checkLeadSource(context: ServiceContext, workspaceId: string, field: string, id: string): Promise<void> {
  const client = peerClient(context, 'crm-core', crmCoreLeadsV1.CrmLeadsServiceClient);
  const { sources } = await call(client.getLeadSources.bind(client), { workspace_id: workspaceId, ids: [id] });
  const source = sources.find((candidate) => candidate.id === id);
  if (!source) throw validationFailed(`${field} is not a lead source of this workspace`);
  await applySourceName(context, workspaceId, source.id, source.name, source.version, false);
}

// Names by id from marketing's copy; a deleted source keeps its last name.
export async function sourceNames(context: ServiceContext, workspaceId: string, ids: Array<string | null>): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => typeof id === 'string'))];
  if (unique.length === 0) return new Map();
  const rows = await sourceNameModel(context.connection).find({ workspace_id: workspaceId, _id: { $in: unique } }, { name: 1 }).lean<Array<{ _id: string; name: string }>>().exec();
  return new Map(rows.map((row) => [row._id, row.name]));
}

async function applySourceName(context: ServiceContext, workspaceId: string, id: string, name: string, version: number, deleted: boolean): Promise<void> {
  try {
    await sourceNameModel(context.connection).updateOne(
      { workspace_id: workspaceId, _id: id, version: { $lt: version } },
      { $set: { name, version, deleted } },
      { upsert: true },
    );
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
  }
}

export const SOURCE_NAMES_CONSUMER = 'marketing.source-names';

export function sourceNamesHandler(context: ServiceContext): EventHandler {
  return async (event) => {
    const record = recordStateOf(EVENT_CONTRACTS, event);
    const data = event.data as { name?: unknown };
    if (!record || !event.workspace_id || typeof data.name !== 'string') return;
    await applySourceName(context, event.workspace_id, record.id, data.name, record.version, record.state === null);
  };
}

export async function subscribeSourceNames(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(SOURCE_NAMES_CONSUMER, [leadSourceSeeded.type, leadSourceCreated.type, leadSourceUpdated.type, leadSourceDeleted.type], sourceNamesHandler(context));
}
