import { conflict, isoNow, isUuid, newId, notFound, validationFailed, type InternalClaims } from '@crm/kit';
import {
  pipelineCreated,
  pipelineDeleted,
  pipelineUpdated,
  stageCreated,
  stageDeleted,
  stageUpdated,
} from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { companyModel } from '../../records/companies/company.model';
import { dealsUse } from '../deals/deal-rewrites';
import { SEED_PIPELINES } from '../workspaces/workspace-seed';
import { pipelineModel, stageModel, type PipelineRecord, type StageRecord } from './catalogue.model';
import type { CreatePipelineBody, UpdatePipelineBody } from './catalogue.operations';
import { checkKind, defaultProbability, missingStage, sameName } from './catalogue-rules';
import { pipelineState, stageState } from './catalogue-state';
import { stagesOf } from './catalogue-views';
import { announcer, claimPipeline, loadPipeline, saveChange, uniqueName } from './catalogue-writes';

// The stages a new pipeline is created with: those given, or its object's default set.
function stagesToCreate(body: CreatePipelineBody) {
  if (body.stages.length === 0) return SEED_PIPELINES.find((seed) => seed.seed === body.object)!.stages;
  const stages = body.stages.map((stage, index) => {
    const kind = stage.kind ?? 'open';
    checkKind(body.object, kind, `stages.${index}.kind`);
    return {
      name: stage.name,
      kind,
      probability: stage.probability === undefined ? defaultProbability(kind) : stage.probability,
    };
  });
  stages.forEach((stage, index) => {
    if (stage.name.length === 0) throw validationFailed(`stages.${index}.name must NOT have fewer than 1 characters`);
    if (stages.findIndex((other) => sameName(other.name, stage.name)) !== index) {
      throw validationFailed(
        `stages.${index}.name repeats the name of an earlier stage (stage names are unique in a pipeline, ignoring case)`,
      );
    }
  });
  const missing = missingStage(
    body.object,
    stages.map((stage) => stage.kind),
  );
  if (missing) throw validationFailed(`stages: ${missing}`);
  return stages;
}

export async function createPipeline(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  body: CreatePipelineBody,
) {
  const planned = stagesToCreate(body);
  const pipelines = pipelineModel(context.connection);
  return uniqueName('pipeline of this object', () =>
    commit(context, async (unit) => {
      const last = await pipelines
        .findOne({ workspace_id: workspaceId, object: body.object })
        .sort({ position: -1 })
        .session(unit.transaction)
        .lean<PipelineRecord>()
        .exec();
      const now = isoNow();
      const pipeline: PipelineRecord = {
        _id: newId(),
        version: 1,
        workspace_id: workspaceId,
        name: body.name,
        object: body.object,
        is_default: false,
        position: last ? last.position + 1 : 0,
        seed: null,
        created_at: now,
        updated_at: now,
      };
      const stages: StageRecord[] = planned.map((stage, position) => ({
        _id: newId(),
        version: 1,
        workspace_id: workspaceId,
        pipeline_id: pipeline._id,
        object: body.object,
        name: stage.name,
        position,
        kind: stage.kind,
        probability: stage.probability,
        created_at: now,
        updated_at: now,
      }));
      await pipelines.create([pipeline], { session: unit.transaction });
      await stageModel(context.connection).insertMany(stages, { session: unit.transaction });
      const announce = announcer(unit, claims, workspaceId);
      announce(pipelineCreated, pipelineState(pipeline));
      for (const stage of stages) announce(stageCreated, stageState(stage));
      return pipeline;
    }),
  );
}

export async function updatePipeline(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  body: UpdatePipelineBody,
) {
  if (!isUuid(id)) throw notFound('pipeline');
  if (body.is_default === false)
    throw validationFailed('is_default accepts only true: make another pipeline the default instead');
  const pipelines = pipelineModel(context.connection);
  const stagesModel = stageModel(context.connection);
  return uniqueName('pipeline of this object', () =>
    commit(context, async (unit) => {
      const session = unit.transaction;
      const pipeline = await loadPipeline(pipelines, workspaceId, id, session);
      if (!pipeline) throw notFound('pipeline');
      await claimPipeline(pipelines, pipeline, session);
      const announce = announcer(unit, claims, workspaceId);
      if (body.stage_order) {
        const stages = await stagesOf(context, workspaceId, [pipeline._id], session);
        const ids = new Set(stages.map((stage) => stage._id));
        if (body.stage_order.length !== stages.length || !body.stage_order.every((stageId) => ids.has(stageId))) {
          throw validationFailed('stage_order must list every stage id of the pipeline exactly once');
        }
        for (const [position, stageId] of body.stage_order.entries()) {
          const stage = stages.find((candidate) => candidate._id === stageId)!;
          if (stage.position === position) continue;
          const moved = await saveChange(stagesModel, stage, { position }, session);
          announce(stageUpdated, stageState(moved));
        }
      }
      const changes: Partial<PipelineRecord> = {};
      if (body.name !== undefined && body.name !== pipeline.name) changes.name = body.name;
      if (body.is_default && !pipeline.is_default) {
        changes.is_default = true;
        const previous = await pipelines
          .find({ workspace_id: workspaceId, object: pipeline.object, is_default: true })
          .session(session)
          .lean<PipelineRecord[]>()
          .exec();
        for (const record of previous) {
          const demoted = await saveChange(pipelines, record, { is_default: false }, session);
          announce(pipelineUpdated, pipelineState(demoted));
        }
      }
      if (Object.keys(changes).length === 0) return pipeline;
      const updated = await saveChange(pipelines, pipeline, changes, session);
      announce(pipelineUpdated, pipelineState(updated));
      return updated;
    }),
  );
}

export async function deletePipeline(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw notFound('pipeline');
  const pipelines = pipelineModel(context.connection);
  await commit(context, async (unit) => {
    const session = unit.transaction;
    const pipeline = await loadPipeline(pipelines, workspaceId, id, session);
    if (!pipeline) throw notFound('pipeline');
    if (pipeline.is_default) {
      throw conflict(
        `this is the default ${pipeline.object} pipeline: make another one the default first`,
        'pipeline_is_default',
      );
    }
    // Companies in the recycle bin count: restoring one must find its stage.
    const used = await companyModel(context.connection)
      .exists({ workspace_id: workspaceId, pipeline_id: pipeline._id })
      .session(session)
      .exec();
    if (used)
      throw conflict(
        'companies are in this pipeline (also in the recycle bin): move them to another pipeline first',
        'pipeline_in_use',
      );
    if (await dealsUse(context, workspaceId, { pipeline_id: pipeline._id }, unit)) {
      throw conflict(
        'deals are in this pipeline: move them to another pipeline or delete them first',
        'pipeline_in_use',
      );
    }
    const stages = await stagesOf(context, workspaceId, [pipeline._id], session);
    await stageModel(context.connection).deleteMany(
      { workspace_id: workspaceId, pipeline_id: pipeline._id },
      { session },
    );
    await pipelines.deleteOne({ _id: pipeline._id, workspace_id: workspaceId }, { session });
    const announce = announcer(unit, claims, workspaceId);
    for (const stage of stages) {
      announce(stageDeleted, { ...stageState({ ...stage, version: (stage.version ?? 1) + 1 }), moved_to: null });
    }
    announce(pipelineDeleted, pipelineState({ ...pipeline, version: (pipeline.version ?? 1) + 1 }));
  });
}
