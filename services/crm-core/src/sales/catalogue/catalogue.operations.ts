import {
  declareOperation,
  ListOf,
  Named,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Type,
  Uuid,
  type Static,
} from '@crm/kit';
import { admin, needs } from '@crm/protos';
import { LEAD_SOURCE_CHANNELS, PIPELINE_OBJECTS, STAGE_KINDS } from './catalogue.model';

export const MAX_STAGES = 50;
// Deleting a stage with move_to, or changing its kind, rewrites every company in it, in steps of
// fifty (stage-writes.ts): under a minute for 100,000 companies, longer on a busy machine.
const STAGES_TIMEOUT_MS = 120_000;
// Said of both: how the records are rewritten, and what an interrupted request leaves.
const IN_STEPS =
  ' The records are rewritten in transactions of up to 50, each with its events; a request interrupted part-way leaves the ' +
  'ones rewritten so far (the stage unchanged until the last step), and sending it again finishes it (with an Idempotency-Key it ' +
  'resumes: docs/idempotency.md).';

const PipelineName = () => SingleLine({ minLength: 1, maxLength: 80 });
const StageName = () => SingleLine({ minLength: 1, maxLength: 60 });
const SourceName = () => SingleLine({ minLength: 1, maxLength: 60 });
const Probability = () =>
  Nullable(
    Type.Integer({
      minimum: 0,
      maximum: 100,
      description:
        'A deal stage: the probability of a deal in it that has none of its own. A company stage: how likely a lead in it is to become an account (shown, weighs nothing).',
    }),
  );
const Kind = () =>
  StringEnum(STAGE_KINDS, {
    description:
      'Company pipelines: open (a lead), lost (a disqualified lead) or account (a customer). Deal pipelines: open, won or lost (closing the deal).',
  });
const Companies = () => Type.Integer({ minimum: 0, description: 'Companies in it, outside the recycle bin.' });

// PipelineStage (spec section 2): the public list.
export const PipelineStage = Named(
  'PipelineStage',
  Strict({
    id: Uuid(),
    pipeline_id: Uuid(),
    name: Type.String(),
    position: Type.Integer(),
    kind: StringEnum(STAGE_KINDS),
    object: StringEnum(PIPELINE_OBJECTS),
  }),
);
export type PipelineStageView = Static<typeof PipelineStage>;

export const PipelineStageAdmin = Named(
  'PipelineStageAdmin',
  Strict({
    id: Uuid(),
    name: Type.String(),
    position: Type.Integer(),
    kind: StringEnum(STAGE_KINDS),
    probability: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
    companies: Companies(),
  }),
);
export type PipelineStageAdminView = Static<typeof PipelineStageAdmin>;

export const Pipeline = Named(
  'Pipeline',
  Strict({
    id: Uuid(),
    name: Type.String(),
    object: StringEnum(PIPELINE_OBJECTS),
    is_default: Type.Boolean(),
    position: Type.Integer(),
    stages: Type.Array(PipelineStageAdmin, { description: 'In pipeline order.' }),
  }),
);
export type PipelineView = Static<typeof Pipeline>;

export const LeadSource = Named('LeadSource', Strict({ id: Uuid(), name: Type.String(), channel: Type.String() }));
export type LeadSourceView = Static<typeof LeadSource>;

export const LeadSourceAdmin = Named(
  'LeadSourceAdmin',
  Strict({ id: Uuid(), name: Type.String(), channel: Type.String(), companies: Companies() }),
);
export type LeadSourceAdminView = Static<typeof LeadSourceAdmin>;

const ORDER =
  'Company pipelines first, then deal pipelines; within an object by position (new pipelines go last), within a pipeline by stage position.';

export const listPipelineStages = declareOperation({
  method: 'GET',
  path: '/pipeline-stages',
  access: needs('companies:read'),
  timeoutMs: STAGES_TIMEOUT_MS,
  summary: 'List the stages of every pipeline',
  description: `${ORDER} A new workspace starts with a default company and a default deal pipeline.`,
  status: 200,
  response: Named('PipelineStageList', ListOf(PipelineStage)),
});

export const listLeadSources = declareOperation({
  method: 'GET',
  path: '/lead-sources',
  access: needs('companies:read'),
  summary: 'List lead sources',
  description: 'In the order they were added (a new workspace starts with ten, one per channel).',
  status: 200,
  response: Named('LeadSourceList', ListOf(LeadSource)),
});

export const listPipelines = declareOperation({
  method: 'GET',
  path: '/pipelines',
  access: admin('settings:manage'),
  summary: 'List pipelines with their stages and company counts',
  description: ORDER,
  status: 200,
  response: Named('PipelineList', ListOf(Pipeline)),
});

// Nested stage names are trimmed like the top-level names the operations trim.
function trimStageNames(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || !Array.isArray((body as { stages?: unknown }).stages)) return body;
  const stages = (body as { stages: unknown[] }).stages.map((stage) => {
    if (typeof stage !== 'object' || stage === null || typeof (stage as { name?: unknown }).name !== 'string')
      return stage;
    return { ...stage, name: (stage as { name: string }).name.trim() };
  });
  return { ...body, stages };
}

export const NewStage = Named(
  'PipelineCreateStage',
  Strict({
    name: StageName(),
    kind: Type.Optional(Kind()),
    probability: Type.Optional(Probability()),
  }),
);

export const createPipeline = declareOperation({
  method: 'POST',
  path: '/pipelines',
  access: admin('settings:manage'),
  etag: 'pipelines',
  summary: 'Add a pipeline with its stages',
  description:
    'Stages are created in the order given. Without stages, the pipeline starts with the stages of the default pipeline of a new ' +
    'workspace for its object. Kinds: open, lost or account in a company pipeline, open, won or lost in a deal pipeline (400 otherwise); ' +
    'a deal pipeline needs a won and a lost stage. probability defaults to 100 for a won stage, 0 for a lost one, else null. Names are unique, ignoring case: pipelines per object (409 name_taken), stages within the pipeline (400).',
  body: Named(
    'PipelineCreate',
    Strict({
      name: PipelineName(),
      object: StringEnum(PIPELINE_OBJECTS, { default: 'company' }),
      stages: Type.Array(NewStage, { maxItems: MAX_STAGES, default: [] }),
    }),
  ),
  trim: ['name'],
  prepare: trimStageNames,
  status: 201,
  response: Pipeline,
  errors: [409],
});
export type CreatePipelineBody = Static<NonNullable<typeof createPipeline.body>>;

export const updatePipeline = declareOperation({
  method: 'PATCH',
  path: '/pipelines/{id}',
  access: admin('settings:manage'),
  etag: 'pipelines',
  summary: 'Rename a pipeline, make it the default or reorder its stages',
  description:
    'is_default accepts only true: the pipeline becomes the default of its object and the previous default stops being it. ' +
    'stage_order must list every stage id of the pipeline exactly once.',
  params: Type.Object({ id: Uuid() }),
  body: Named(
    'PipelineUpdate',
    Strict({
      name: Type.Optional(PipelineName()),
      is_default: Type.Optional(Type.Boolean({ description: 'Only the value true.' })),
      stage_order: Type.Optional(Type.Array(Uuid(), { maxItems: MAX_STAGES, uniqueItems: true })),
    }),
  ),
  trim: ['name'],
  status: 200,
  response: Pipeline,
  errors: [409],
});
export type UpdatePipelineBody = Static<NonNullable<typeof updatePipeline.body>>;

export const deletePipeline = declareOperation({
  method: 'DELETE',
  path: '/pipelines/{id}',
  access: admin('settings:manage'),
  etag: 'pipelines',
  summary: 'Delete a pipeline and its stages',
  description:
    'Refused with 409 pipeline_is_default for the default pipeline of its object, and pipeline_in_use while any company ' +
    '(also one in the recycle bin) or any deal is in one of its stages.',
  params: Type.Object({ id: Uuid() }),
  status: 204,
  response: null,
  errors: [409],
});

export const createStage = declareOperation({
  method: 'POST',
  path: '/pipeline-stages',
  access: admin('settings:manage'),
  timeoutMs: STAGES_TIMEOUT_MS,
  summary: 'Add a stage at the end of a pipeline',
  description:
    'kind open, lost or account in a company pipeline (lost: a disqualified lead; account: a customer); open, won or lost in a deal pipeline. ' +
    'won in a company pipeline and account in a deal pipeline have no meaning (400). A won stage starts with probability 100, a lost one with 0.',
  body: Named('PipelineStageCreate', Strict({ pipeline_id: Uuid(), name: StageName(), kind: Type.Optional(Kind()) })),
  trim: ['name'],
  status: 201,
  response: PipelineStageAdmin,
  errors: [409],
});
export type CreateStageBody = Static<NonNullable<typeof createStage.body>>;

export const updateStage = declareOperation({
  method: 'PATCH',
  path: '/pipeline-stages/{id}',
  access: admin('settings:manage'),
  timeoutMs: STAGES_TIMEOUT_MS,
  summary: 'Rename a stage, change its kind or probability',
  description:
    'Changing the kind to or from account makes the companies in the stage accounts or leads. A deal pipeline keeps at least one ' +
    'won and one lost stage (409 stage_required). Kinds as for POST /pipeline-stages. probability is for every stage (a company stage’s ' +
    'is shown, not used in any total); a stage becoming won or lost takes 100 or 0 unless probability is given too.' +
    IN_STEPS,
  resumable: true,
  params: Type.Object({ id: Uuid() }),
  body: Named(
    'PipelineStageUpdate',
    Strict({
      name: Type.Optional(StageName()),
      kind: Type.Optional(Kind()),
      probability: Type.Optional(Probability()),
    }),
  ),
  trim: ['name'],
  status: 200,
  response: PipelineStageAdmin,
  errors: [409],
});
export type UpdateStageBody = Static<NonNullable<typeof updateStage.body>>;

export const deleteStage = declareOperation({
  method: 'DELETE',
  path: '/pipeline-stages/{id}',
  access: admin('settings:manage'),
  timeoutMs: STAGES_TIMEOUT_MS,
  summary: 'Delete a stage, moving its companies to another stage',
  description:
    'When companies (also ones in the recycle bin) or deals are in the stage, move_to must name another stage of the same pipeline ' +
    '(409 stage_in_use without it); they move there (deals close or reopen as its kind says), and the stage is deleted once it is empty. The last stage of a pipeline, and the last won ' +
    'or lost stage of a deal pipeline, cannot be deleted (409 stage_required).' +
    IN_STEPS,
  resumable: true,
  params: Type.Object({ id: Uuid() }),
  query: Type.Object({ move_to: Type.Optional(Uuid({ description: 'A stage of the same pipeline.' })) }),
  status: 204,
  response: null,
  errors: [409],
});

export const createLeadSource = declareOperation({
  method: 'POST',
  path: '/lead-sources',
  access: admin('settings:manage'),
  summary: 'Add a lead source',
  description: 'Names are unique in the workspace, ignoring case (409 name_taken).',
  body: Named('LeadSourceCreate', Strict({ name: SourceName(), channel: StringEnum(LEAD_SOURCE_CHANNELS) })),
  trim: ['name'],
  status: 201,
  response: LeadSourceAdmin,
  errors: [409],
});
export type CreateLeadSourceBody = Static<NonNullable<typeof createLeadSource.body>>;

export const updateLeadSource = declareOperation({
  method: 'PATCH',
  path: '/lead-sources/{id}',
  access: admin('settings:manage'),
  summary: 'Rename a lead source or change its channel',
  params: Type.Object({ id: Uuid() }),
  body: Named(
    'LeadSourceUpdate',
    Strict({ name: Type.Optional(SourceName()), channel: Type.Optional(StringEnum(LEAD_SOURCE_CHANNELS)) }),
  ),
  trim: ['name'],
  status: 200,
  response: LeadSourceAdmin,
  errors: [409],
});
export type UpdateLeadSourceBody = Static<NonNullable<typeof updateLeadSource.body>>;

export const deleteLeadSource = declareOperation({
  method: 'DELETE',
  path: '/lead-sources/{id}',
  access: admin('settings:manage'),
  summary: 'Delete an unused lead source',
  description: 'Refused with 409 lead_source_in_use while any company (also one in the recycle bin) or deal has it.',
  params: Type.Object({ id: Uuid() }),
  status: 204,
  response: null,
  errors: [409],
});
