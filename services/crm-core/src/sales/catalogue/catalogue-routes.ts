import { implement, workspaceOf, type Implementation } from '@crm/kit';
import { checkpointsOf } from '@crm/service-host';
import type { LeadSourceRecord } from './catalogue.model';
import {
  createLeadSource as createLeadSourceOperation,
  createPipeline as createPipelineOperation,
  createStage as createStageOperation,
  deleteLeadSource as deleteLeadSourceOperation,
  deletePipeline as deletePipelineOperation,
  deleteStage as deleteStageOperation,
  listLeadSources,
  listPipelines,
  listPipelineStages,
  updateLeadSource as updateLeadSourceOperation,
  updatePipeline as updatePipelineOperation,
  updateStage as updateStageOperation,
} from './catalogue.operations';
import {
  leadSourceAdminViews,
  leadSourcesOf,
  leadSourceView,
  pipelinesOf,
  pipelineView,
  pipelineViews,
  publicStageView,
  stageAdminView,
  stagesOf,
} from './catalogue-views';
import { createLeadSource, deleteLeadSource, updateLeadSource } from './lead-source-writes';
import { createPipeline, deletePipeline, updatePipeline } from './pipeline-writes';
import { createStage, deleteStage, updateStage, type StepProgress } from './stage-writes';
import type { CrmCoreRuntime } from '../../crm-core-runtime';

// The workspace's catalogue: every operation first makes sure the workspace has its seeded
// catalogue, so the first request after onboarding sees it whatever the event lag. Reading the
// public lists needs companies:read; everything else an admin (the permission matrix).
export function catalogueOperations(runtime: CrmCoreRuntime): Implementation[] {
  const { context } = runtime;
  const seeded = async (req: Parameters<typeof workspaceOf>[0]) => {
    const workspaceId = workspaceOf(req);
    await runtime.workspaceSeeds.ensure(workspaceId);
    return workspaceId;
  };
  const sourceView = async (record: LeadSourceRecord) => {
    const [view] = await leadSourceAdminViews(context, record.workspace_id, [record]);
    return view;
  };
  return [
    implement(listPipelineStages, async ({ req }) => {
      const workspaceId = await seeded(req);
      const pipelines = await pipelinesOf(context, workspaceId);
      const stages = await stagesOf(context, workspaceId);
      return {
        data: pipelines.flatMap((pipeline) =>
          stages.filter((stage) => stage.pipeline_id === pipeline._id).map(publicStageView),
        ),
      };
    }),
    implement(listLeadSources, async ({ req }) => ({
      data: (await leadSourcesOf(context, await seeded(req))).map(leadSourceView),
    })),
    implement(listPipelines, async ({ req }) => {
      const workspaceId = await seeded(req);
      return { data: await pipelineViews(context, workspaceId, await pipelinesOf(context, workspaceId)) };
    }),
    implement(createPipelineOperation, async ({ req, auth, body }) =>
      pipelineView(context, await createPipeline(context, auth, await seeded(req), body)),
    ),
    implement(updatePipelineOperation, async ({ req, auth, params, body }) =>
      pipelineView(context, await updatePipeline(context, auth, await seeded(req), params.id, body)),
    ),
    implement(deletePipelineOperation, async ({ req, auth, params }) =>
      deletePipeline(context, auth, await seeded(req), params.id),
    ),
    implement(createStageOperation, async ({ req, auth, body }) =>
      stageAdminView(context, await createStage(context, auth, await seeded(req), body)),
    ),
    implement(updateStageOperation, async ({ req, auth, params, body }) =>
      stageAdminView(
        context,
        await updateStage(context, auth, await seeded(req), params.id, body, checkpointsOf<StepProgress>(req)),
      ),
    ),
    implement(deleteStageOperation, async ({ req, auth, params, query }) =>
      deleteStage(context, auth, await seeded(req), params.id, query.move_to, checkpointsOf<StepProgress>(req)),
    ),
    implement(createLeadSourceOperation, async ({ req, auth, body }) =>
      sourceView(await createLeadSource(context, auth, await seeded(req), body)),
    ),
    implement(updateLeadSourceOperation, async ({ req, auth, params, body }) =>
      sourceView(await updateLeadSource(context, auth, await seeded(req), params.id, body)),
    ),
    implement(deleteLeadSourceOperation, async ({ req, auth, params }) =>
      deleteLeadSource(context, auth, await seeded(req), params.id),
    ),
  ];
}
