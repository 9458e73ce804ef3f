import type { Connection, Model } from 'mongoose';
import { unary, validationFailed, type GrpcRegistration } from '@crm/kit';
import { replayV1 } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { stageState, leadSourceState, pipelineState } from '../sales/catalogue/catalogue-state';
import { leadSourceModel, pipelineModel, stageModel } from '../sales/catalogue/catalogue.model';
import { companyModel } from '../records/companies/company.model';
import { companyState } from '../records/companies/company-view';
import { contactModel } from '../records/contacts/contact.model';
import { contactState } from '../records/contacts/contact-view';
import { customFieldModel } from '../records/custom-fields/custom-field.model';
import { customFieldState } from '../records/custom-fields/custom-field-view';
import { dealModel } from '../sales/deals/deal.model';
import { dealState } from '../sales/deals/deal-view';
import { taskModel } from '../work/tasks/task.model';
import { taskState } from '../work/tasks/task-view';
import { activityModel } from '../work/timeline/activity.model';
import { activityState } from '../work/timeline/activity-view';

export const REPLAY_PAGE_MAX = 1000;

type Page = (
  connection: Connection,
  filter: Record<string, unknown>,
  limit: number,
) => Promise<Array<{ id: string; state: { version: number } }>>;

// A kind's page reader: its records, ids ascending, each as its events carry it.
function replayable<R extends { _id: string }>(
  model: (connection: Connection) => Model<R>,
  state: (record: R) => { version: number },
): Page {
  return async (connection, filter, limit) => {
    const rows = await model(connection).find(filter).sort({ _id: 1 }).limit(limit).lean<R[]>().exec();
    return rows.map((row) => ({ id: row._id, state: state(row) }));
  };
}

const KINDS: Record<string, Page> = {
  company: replayable(companyModel, (record) => companyState(record)),
  contact: replayable(contactModel, contactState),
  deal: replayable(dealModel, (record) => dealState(record)),
  activity: replayable(activityModel, activityState),
  task: replayable(taskModel, taskState),
  pipeline: replayable(pipelineModel, pipelineState),
  pipeline_stage: replayable(stageModel, stageState),
  lead_source: replayable(leadSourceModel, leadSourceState),
  custom_field: replayable(customFieldModel, customFieldState),
};

// One page of a workspace's records of one kind, ids ascending, read at the time of the call.
export async function replayRecords(
  connection: Connection,
  request: replayV1.ReplayRecordsRequest,
): Promise<replayV1.ReplayRecordsResponse> {
  if (!request.workspace_id) throw validationFailed('workspace_id is required');
  const kind = KINDS[request.kind];
  if (!kind) throw validationFailed(`kind must be one of ${Object.keys(KINDS).join(', ')}`);
  const limit = Math.min(Math.max(request.limit || REPLAY_PAGE_MAX, 1), REPLAY_PAGE_MAX);
  const filter: Record<string, unknown> = { workspace_id: request.workspace_id };
  if (request.after_id) filter._id = { $gt: request.after_id };
  const rows = await kind(connection, filter, limit);
  const records = rows.map(({ id, state }) => ({ id, version: state.version, state_json: JSON.stringify(state) }));
  return { records, next_after_id: rows.length === limit ? rows[rows.length - 1].id : '' };
}

export function crmReplayGrpc(context: ServiceContext): GrpcRegistration {
  const implementation: replayV1.RecordReplayServiceServer = {
    replayRecords: unary<replayV1.ReplayRecordsRequest, replayV1.ReplayRecordsResponse>(context.logger, (request) =>
      replayRecords(context.connection, request),
    ),
  };
  return { definition: replayV1.RecordReplayServiceService, implementation };
}
