import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

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

export interface PipelineRecord {
  _id: string;
  // Bumped by each change an event announces; 1 when created.
  version: number;
  workspace_id: string;
  name: string;
  object: PipelineObject;
  // Exactly one default pipeline per object in a workspace.
  is_default: boolean;
  position: number;
  // Set on the pipelines a workspace is seeded with (`company`, `deal`), so seeding twice
  // is refused by the unique index instead of duplicating them.
  seed?: string | null;
  created_at: string;
  updated_at: string;
}

export interface StageRecord {
  _id: string;
  version: number;
  workspace_id: string;
  pipeline_id: string;
  // The pipeline's object, copied: the public list and the company/deal checks filter on it.
  object: PipelineObject;
  name: string;
  position: number;
  kind: StageKind;
  // 0..100 or null.
  probability: number | null;
  created_at: string;
  updated_at: string;
}

export interface LeadSourceRecord {
  _id: string;
  version: number;
  workspace_id: string;
  name: string;
  channel: LeadSourceChannel;
  seed?: string | null;
  created_at: string;
  updated_at: string;
}

// Names are unique ignoring case: pipelines per object, stages within their pipeline, lead
// sources in the workspace. The unique indexes decide, also between concurrent requests.
export const CASE_INSENSITIVE = { locale: 'en', strength: 2 } as const;

export const PIPELINE_MODEL = 'Pipeline';
export const STAGE_MODEL = 'PipelineStage';
export const LEAD_SOURCE_MODEL = 'LeadSource';

const pipelineSchema = new Schema<PipelineRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    name: { type: String, required: true },
    object: { type: String, required: true },
    is_default: { type: Boolean, default: false },
    position: { type: Number, required: true },
    seed: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'pipelines', versionKey: false },
);
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

const stageSchema = new Schema<StageRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    pipeline_id: { type: String, required: true },
    object: { type: String, required: true },
    name: { type: String, required: true },
    position: { type: Number, required: true },
    kind: { type: String, required: true },
    probability: { type: Number, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'pipeline_stages', versionKey: false },
);
stageSchema.plugin(tenantScoped);
stageSchema.index({ workspace_id: 1, pipeline_id: 1, position: 1 });
stageSchema.index({ workspace_id: 1, object: 1 });
stageSchema.index(
  { workspace_id: 1, pipeline_id: 1, name: 1 },
  { unique: true, collation: CASE_INSENSITIVE, name: 'stage_name_unique' },
);

const leadSourceSchema = new Schema<LeadSourceRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    name: { type: String, required: true },
    channel: { type: String, required: true },
    seed: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'lead_sources', versionKey: false },
);
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
