import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// The workspace's catalogue: pipelines with their stages, and lead sources. Companies and (later)
// deals point at stages and sources by id; their names are joined when a record is read, so a
// rename shows on the next read of every record.

export const PIPELINE_OBJECTS = ['company', 'deal'] as const;
export const STAGE_KINDS = ['open', 'won', 'lost', 'account'] as const;
export const LEAD_SOURCE_CHANNELS = [
  'web',
  'referral',
  'event',
  'outbound',
  'social',
  'email',
  'phone',
  'partner',
  'ads',
  'other',
] as const;
export type PipelineObject = (typeof PIPELINE_OBJECTS)[number];
export type StageKind = (typeof STAGE_KINDS)[number];
export type LeadSourceChannel = (typeof LEAD_SOURCE_CHANNELS)[number];

const pipelineFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces; 1 when created.
  version: field.number({ default: 1 }),
  name: field.string({ required: true }),
  object: field.string<PipelineObject>({ required: true }),
  // Exactly one default pipeline per object in a workspace.
  is_default: field.boolean({ default: false }),
  position: field.number({ required: true }),
  // Set on the pipelines a workspace is seeded with (`company`, `deal`), so seeding twice
  // is refused by the unique index instead of duplicating them.
  seed: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type PipelineRecord = ScopedRecordOf<typeof pipelineFields>;

const stageFields = {
  _id: field.string({ required: true }),
  version: field.number({ default: 1 }),
  pipeline_id: field.string({ required: true }),
  // The pipeline's object, copied: the public list and the company/deal checks filter on it.
  object: field.string<PipelineObject>({ required: true }),
  name: field.string({ required: true }),
  position: field.number({ required: true }),
  kind: field.string<StageKind>({ required: true }),
  // 0..100 or null.
  probability: field.number({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type StageRecord = ScopedRecordOf<typeof stageFields>;

const leadSourceFields = {
  _id: field.string({ required: true }),
  version: field.number({ default: 1 }),
  name: field.string({ required: true }),
  channel: field.string<LeadSourceChannel>({ required: true }),
  seed: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type LeadSourceRecord = ScopedRecordOf<typeof leadSourceFields>;

// Names are unique ignoring case: pipelines per object, stages within their pipeline, lead
// sources in the workspace. The unique indexes decide, also between concurrent requests.
export const CASE_INSENSITIVE = { locale: 'en', strength: 2 } as const;

export const PIPELINE_MODEL = 'Pipeline';
export const STAGE_MODEL = 'PipelineStage';
export const LEAD_SOURCE_MODEL = 'LeadSource';

const pipelineSchema = new Schema<PipelineRecord>(schemaOf(pipelineFields), {
  collection: 'pipelines',
  versionKey: false,
});
pipelineSchema.plugin(tenantScoped);
pipelineSchema.index({ workspace_id: 1, object: 1, position: 1 });
pipelineSchema.index(
  { workspace_id: 1, seed: 1 },
  { unique: true, partialFilterExpression: { seed: { $type: 'string' } } },
);
pipelineSchema.index(
  { workspace_id: 1, object: 1, name: 1 },
  { unique: true, collation: CASE_INSENSITIVE, name: 'pipeline_name_unique' },
);

const stageSchema = new Schema<StageRecord>(schemaOf(stageFields), {
  collection: 'pipeline_stages',
  versionKey: false,
});
stageSchema.plugin(tenantScoped);
stageSchema.index({ workspace_id: 1, pipeline_id: 1, position: 1 });
stageSchema.index({ workspace_id: 1, object: 1 });
stageSchema.index(
  { workspace_id: 1, pipeline_id: 1, name: 1 },
  { unique: true, collation: CASE_INSENSITIVE, name: 'stage_name_unique' },
);

const leadSourceSchema = new Schema<LeadSourceRecord>(schemaOf(leadSourceFields), {
  collection: 'lead_sources',
  versionKey: false,
});
leadSourceSchema.plugin(tenantScoped);
leadSourceSchema.index(
  { workspace_id: 1, seed: 1 },
  { unique: true, partialFilterExpression: { seed: { $type: 'string' } } },
);
leadSourceSchema.index(
  { workspace_id: 1, name: 1 },
  { unique: true, collation: CASE_INSENSITIVE, name: 'lead_source_name_unique' },
);

export function registerCatalogueModels(connection: Connection): void {
  connection.model(PIPELINE_MODEL, pipelineSchema);
  connection.model(STAGE_MODEL, stageSchema);
  connection.model(LEAD_SOURCE_MODEL, leadSourceSchema);
}

export function pipelineModel(connection: Connection): Model<PipelineRecord> {
  return connection.model<PipelineRecord>(PIPELINE_MODEL);
}

export function stageModel(connection: Connection): Model<StageRecord> {
  return connection.model<StageRecord>(STAGE_MODEL);
}

export function leadSourceModel(connection: Connection): Model<LeadSourceRecord> {
  return connection.model<LeadSourceRecord>(LEAD_SOURCE_MODEL);
}
