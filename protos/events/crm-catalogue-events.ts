import { Type, type TProperties } from '@sinclair/typebox';
import { defineEvent, type PayloadOf, type RecordSpec } from './event-contract';

// crm-core's catalogue: pipelines, their stages and lead sources. Each payload is the record's
// full public state and its version, so a projection can rebuild the catalogue from these
// events alone: `seeded` and `created` start a record, `updated` replaces its state, `deleted`
// ends it (its payload is the last state).
//
// A new workspace's catalogue arrives as `seeded` events (one per record, version 1), published
// in the transaction that writes it. They are not audited: nobody in the workspace acted.

const pipelineState = {
  pipeline_id: Type.String(),
  name: Type.String(),
  object: Type.String({ description: 'company or deal' }),
  is_default: Type.Boolean(),
  position: Type.Integer(),
};

const stageState = {
  stage_id: Type.String(),
  pipeline_id: Type.String(),
  object: Type.String({ description: "The pipeline's object: company or deal" }),
  name: Type.String(),
  position: Type.Integer(),
  kind: Type.String({ description: 'open, won, lost or account' }),
  probability: Type.Union([Type.Integer(), Type.Null()]),
};

const leadSourceState = {
  lead_source_id: Type.String(),
  name: Type.String(),
  channel: Type.String(),
};

interface Family<Payload extends TProperties> {
  entity: string;
  idField: string;
  payload: Payload;
  // The record's kind in words, e.g. `pipeline stage`.
  label: string;
}

function family<Payload extends TProperties>(input: Family<Payload>) {
  const record: RecordSpec = { entity: input.entity, idField: input.idField };
  const type = (verb: string) => `crm.${input.entity}.${verb}`;
  return {
    seeded: defineEvent({
      type: type('seeded'),
      description: `A ${input.label} of the catalogue a new workspace starts with.`,
      record,
      payload: input.payload,
    }),
    created: defineEvent({
      type: type('created'),
      description: `An admin added a ${input.label}.`,
      record,
      payload: input.payload,
    }),
    updated: defineEvent({
      type: type('updated'),
      description: `A ${input.label} changed; the payload is its new state.`,
      record,
      payload: input.payload,
    }),
  };
}

const pipelineFamily = family({
  entity: 'pipeline',
  idField: 'pipeline_id',
  payload: pipelineState,
  label: 'pipeline',
});
const stageFamily = family({
  entity: 'pipeline_stage',
  idField: 'stage_id',
  payload: stageState,
  label: 'pipeline stage',
});
const leadSourceFamily = family({
  entity: 'lead_source',
  idField: 'lead_source_id',
  payload: leadSourceState,
  label: 'lead source',
});

export const pipelineSeeded = pipelineFamily.seeded;
export const pipelineCreated = pipelineFamily.created;
export const pipelineUpdated = pipelineFamily.updated;
export const pipelineDeleted = defineEvent({
  type: 'crm.pipeline.deleted',
  description: 'An admin deleted a pipeline no company used (its stages are deleted with it, each with its own event).',
  record: { entity: 'pipeline', idField: 'pipeline_id', deletes: true },
  payload: pipelineState,
});

export const stageSeeded = stageFamily.seeded;
export const stageCreated = stageFamily.created;
export const stageUpdated = stageFamily.updated;
export const stageDeleted = defineEvent({
  type: 'crm.pipeline_stage.deleted',
  description:
    'An admin deleted a stage. When companies or deals were in it they moved to `moved_to` (a stage of the same pipeline) before ' +
    'it was deleted, each announced by its own crm.company.updated or crm.deal.updated (in steps of up to 200 records, each a ' +
    'transaction).',
  record: { entity: 'pipeline_stage', idField: 'stage_id', deletes: true },
  payload: {
    ...stageState,
    moved_to: Type.Union([Type.String(), Type.Null()], {
      description: 'The stage the companies and deals of this one moved to, or null when the request moved none',
    }),
  },
});

export const leadSourceSeeded = leadSourceFamily.seeded;
export const leadSourceCreated = leadSourceFamily.created;
export const leadSourceUpdated = leadSourceFamily.updated;
export const leadSourceDeleted = defineEvent({
  type: 'crm.lead_source.deleted',
  description: 'An admin deleted a lead source no company used.',
  record: { entity: 'lead_source', idField: 'lead_source_id', deletes: true },
  payload: leadSourceState,
});

export const CRM_CATALOGUE_EVENT_CONTRACTS = [
  pipelineSeeded,
  pipelineCreated,
  pipelineUpdated,
  pipelineDeleted,
  stageSeeded,
  stageCreated,
  stageUpdated,
  stageDeleted,
  leadSourceSeeded,
  leadSourceCreated,
  leadSourceUpdated,
  leadSourceDeleted,
] as const;

export type PipelineEventData = PayloadOf<typeof pipelineCreated>;
export type StageEventData = PayloadOf<typeof stageCreated>;
export type StageDeletedData = PayloadOf<typeof stageDeleted>;
export type LeadSourceEventData = PayloadOf<typeof leadSourceCreated>;

export const CRM_CATALOGUE_EVENTS_TYPES = {
  pipelineSeeded: pipelineSeeded.type,
  pipelineCreated: pipelineCreated.type,
  pipelineUpdated: pipelineUpdated.type,
  pipelineDeleted: pipelineDeleted.type,
  stageSeeded: stageSeeded.type,
  stageCreated: stageCreated.type,
  stageUpdated: stageUpdated.type,
  stageDeleted: stageDeleted.type,
  leadSourceSeeded: leadSourceSeeded.type,
  leadSourceCreated: leadSourceCreated.type,
  leadSourceUpdated: leadSourceUpdated.type,
  leadSourceDeleted: leadSourceDeleted.type,
} as const;
