import { validationFailed } from '@crm/kit';
import type { crmCoreLeadsV1 } from '@crm/protos';
import { leadSourceModel, type LeadSourceRecord } from '../catalogue/catalogue.model';
import type { CrmCoreRuntime } from '../../crm-core-runtime';

export const GET_LEAD_SOURCES_MAX_IDS = 500;

// The workspace's lead sources among the ids, from crm-core's own catalogue at the time of the
// call. The catalogue is seeded first, so a seeded source's id is known before any crm-core request.
export async function getLeadSources(
  runtime: CrmCoreRuntime,
  request: crmCoreLeadsV1.GetLeadSourcesRequest,
): Promise<crmCoreLeadsV1.GetLeadSourcesResponse> {
  if (!request.workspace_id) throw validationFailed('workspace_id is required');
  const ids = [...new Set(request.ids.map((id) => id.toLowerCase()))];
  if (ids.length > GET_LEAD_SOURCES_MAX_IDS) throw validationFailed(`at most ${GET_LEAD_SOURCES_MAX_IDS} ids`);
  if (ids.length === 0) return { sources: [] };
  await runtime.workspaceSeeds.ensure(request.workspace_id);
  const rows = await leadSourceModel(runtime.context.connection)
    .find({ workspace_id: request.workspace_id, _id: { $in: ids } }, { name: 1, channel: 1, version: 1 })
    .lean<Array<Pick<LeadSourceRecord, '_id' | 'name' | 'channel' | 'version'>>>()
    .exec();
  return {
    sources: rows.map((row) => ({ id: row._id, name: row.name, channel: row.channel, version: row.version ?? 1 })),
  };
}
