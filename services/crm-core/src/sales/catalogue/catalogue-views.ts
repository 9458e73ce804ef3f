import type { ClientSession } from 'mongoose';
import type { ServiceContext } from '@crm/service-host';
import { companyModel } from '../../records/companies/company.model';
import {
  leadSourceModel,
  pipelineModel,
  PIPELINE_OBJECTS,
  stageModel,
  type LeadSourceRecord,
  type PipelineRecord,
  type StageRecord,
} from './catalogue.model';
import type {
  LeadSourceAdminView,
  LeadSourceView,
  PipelineStageAdminView,
  PipelineStageView,
  PipelineView,
} from './catalogue.operations';

// How the catalogue reads: pipelines company first, then deal, each object's by position;
// stages by position within their pipeline; ties by creation (ids are time-ordered).

const byPosition = (a: { position: number; _id: string }, b: { position: number; _id: string }) =>
  a.position - b.position || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

export function orderPipelines(pipelines: PipelineRecord[]): PipelineRecord[] {
  return [...pipelines].sort(
    (a, b) => PIPELINE_OBJECTS.indexOf(a.object) - PIPELINE_OBJECTS.indexOf(b.object) || byPosition(a, b),
  );
}

export const orderStages = (stages: StageRecord[]): StageRecord[] => [...stages].sort(byPosition);

export async function pipelinesOf(
  context: ServiceContext,
  workspaceId: string,
  session?: ClientSession,
): Promise<PipelineRecord[]> {
  const records = await pipelineModel(context.connection)
    .find({ workspace_id: workspaceId })
    .session(session ?? null)
    .lean<PipelineRecord[]>()
    .exec();
  return orderPipelines(records);
}

// The stages of the given pipelines (all when pipelineIds is undefined), in position order.
export async function stagesOf(
  context: ServiceContext,
  workspaceId: string,
  pipelineIds?: string[],
  session?: ClientSession,
): Promise<StageRecord[]> {
  const filter: Record<string, unknown> = { workspace_id: workspaceId };
  if (pipelineIds) filter.pipeline_id = { $in: pipelineIds };
  const records = await stageModel(context.connection)
    .find(filter)
    .session(session ?? null)
    .lean<StageRecord[]>()
    .exec();
  return orderStages(records);
}

// Companies outside the recycle bin per value of `field` (stage_id or source_id).
async function companyCounts(
  context: ServiceContext,
  workspaceId: string,
  field: 'stage_id' | 'source_id',
  ids: string[],
) {
  const counts = new Map<string, number>();
  if (ids.length === 0) return counts;
  const rows = await companyModel(context.connection)
    .aggregate<{ _id: string; companies: number }>([
      { $match: { workspace_id: workspaceId, [field]: { $in: ids }, deleted_at: null } },
      { $group: { _id: `$${field}`, companies: { $sum: 1 } } },
    ])
    .exec();
  for (const row of rows) counts.set(row._id, row.companies);
  return counts;
}

export function publicStageView(record: StageRecord): PipelineStageView {
  return {
    id: record._id,
    pipeline_id: record.pipeline_id,
    name: record.name,
    position: record.position,
    kind: record.kind,
    object: record.object,
  };
}

function adminStageView(record: StageRecord, counts: Map<string, number>): PipelineStageAdminView {
  return {
    id: record._id,
    name: record.name,
    position: record.position,
    kind: record.kind,
    probability: record.probability ?? null,
    companies: counts.get(record._id) ?? 0,
  };
}

export async function stageAdminView(context: ServiceContext, record: StageRecord): Promise<PipelineStageAdminView> {
  return adminStageView(record, await companyCounts(context, record.workspace_id, 'stage_id', [record._id]));
}

// Pipelines as admins see them: with their stages and how many companies each holds.
export async function pipelineViews(
  context: ServiceContext,
  workspaceId: string,
  pipelines: PipelineRecord[],
): Promise<PipelineView[]> {
  const stages = await stagesOf(
    context,
    workspaceId,
    pipelines.map((pipeline) => pipeline._id),
  );
  const counts = await companyCounts(
    context,
    workspaceId,
    'stage_id',
    stages.map((stage) => stage._id),
  );
  return pipelines.map((pipeline) => ({
    id: pipeline._id,
    name: pipeline.name,
    object: pipeline.object,
    is_default: pipeline.is_default,
    position: pipeline.position,
    stages: stages.filter((stage) => stage.pipeline_id === pipeline._id).map((stage) => adminStageView(stage, counts)),
  }));
}

export async function pipelineView(context: ServiceContext, pipeline: PipelineRecord): Promise<PipelineView> {
  const [view] = await pipelineViews(context, pipeline.workspace_id, [pipeline]);
  return view;
}

export async function leadSourcesOf(context: ServiceContext, workspaceId: string): Promise<LeadSourceRecord[]> {
  return leadSourceModel(context.connection)
    .find({ workspace_id: workspaceId })
    .sort({ _id: 1 })
    .lean<LeadSourceRecord[]>()
    .exec();
}

export const leadSourceView = (record: LeadSourceRecord): LeadSourceView => ({
  id: record._id,
  name: record.name,
  channel: record.channel,
});

export async function leadSourceAdminViews(
  context: ServiceContext,
  workspaceId: string,
  records: LeadSourceRecord[],
): Promise<LeadSourceAdminView[]> {
  const counts = await companyCounts(
    context,
    workspaceId,
    'source_id',
    records.map((record) => record._id),
  );
  return records.map((record) => ({ ...leadSourceView(record), companies: counts.get(record._id) ?? 0 }));
}
