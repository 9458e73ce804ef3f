import { Schema, type Connection, type Model } from 'mongoose';
import { PROJECTION_FIELDS, type ProjectedFields } from '@crm/bus';
import { tenantScoped } from '@crm/kit';

// reports' own copy of what it reports on, built only from the owners' events (and rebuilt from
// their replay listings). One collection per kind of record, one document per record, replaced
// only by a newer version (`applyRecordState`); a record that left (deleted, in the recycle bin,
// merged away, purged) is a tombstone (`deleted: true`) that readers skip.

export type ReadModelKind =
  | 'company'
  | 'contact'
  | 'deal'
  | 'activity'
  | 'task'
  | 'touchpoint'
  | 'spend'
  | 'campaign'
  | 'pipeline'
  | 'stage'
  | 'source'
  | 'custom_field'
  | 'member';

export interface ReadRecord extends ProjectedFields {
  workspace_id: string;
  [field: string]: unknown;
}

const COLLECTIONS: Record<ReadModelKind, string> = {
  company: 'rm_companies',
  contact: 'rm_contacts',
  deal: 'rm_deals',
  activity: 'rm_activities',
  task: 'rm_tasks',
  touchpoint: 'rm_touchpoints',
  spend: 'rm_spend',
  campaign: 'rm_campaigns',
  pipeline: 'rm_pipelines',
  stage: 'rm_stages',
  source: 'rm_sources',
  custom_field: 'rm_custom_fields',
  member: 'rm_members',
};

const modelName = (kind: ReadModelKind) => `ReadModel_${kind}`;

// A deal's stage at each of its versions: the history cycle times and the funnel read. Keyed by
// deal and version, so a redelivered or late event writes the same row again.
export interface DealStepRecord {
  _id: string;
  workspace_id: string;
  deal_id: string;
  version: number;
  stage_id: string;
  status: string;
  at: string;
  // The change that wrote it (absent on steps a rebuild wrote).
  seq?: number;
}

// The workspace's settings reports needs (currency, time zone), by identity's version.
export interface WorkspaceSettingsRecord {
  _id: string;
  workspace_id: string;
  currency: string;
  timezone: string;
  version: number;
}

// A workspace's change sequence. Every write to its read model takes the next number (`seq`)
// before writing, stamps the records it writes with it, and counts itself `settled` once written;
// `stable` is a number at or below which every write is known to be written (seq === settled at
// some moment). A rebuild bumps `generation`: what it dropped leaves no stamped tombstone, so
// readers load the workspace anew. Readers keep a workspace in memory and read only the records
// stamped after the number they applied (docs/reports.md, "Reading").
export interface RevisionRecord {
  _id: string;
  workspace_id: string;
  seq: number;
  settled: number;
  stable: number;
  generation: number;
}

function projectionSchema(collection: string): Schema {
  // The state's fields are the owner's public contract, kept as they arrive.
  const schema = new Schema({ ...PROJECTION_FIELDS }, { collection, versionKey: false, strict: false });
  schema.plugin(tenantScoped);
  schema.index({ workspace_id: 1, deleted: 1 });
  // The records changed since a reader's last applied number.
  schema.index({ workspace_id: 1, seq: 1 });
  return schema;
}

export function registerReadModels(connection: Connection): void {
  for (const kind of Object.keys(COLLECTIONS) as ReadModelKind[])
    connection.model(modelName(kind), projectionSchema(COLLECTIONS[kind]));
  const steps = new Schema<DealStepRecord>(
    {
      _id: { type: String, required: true },
      deal_id: { type: String, required: true },
      version: { type: Number, required: true },
      stage_id: { type: String, required: true },
      status: { type: String, required: true },
      at: { type: String, required: true },
      seq: { type: Number },
    },
    { collection: 'rm_deal_steps', versionKey: false },
  );
  steps.plugin(tenantScoped);
  steps.index({ workspace_id: 1, deal_id: 1 });
  steps.index({ workspace_id: 1, seq: 1 });
  connection.model('ReadModelDealStep', steps);
  const settings = new Schema<WorkspaceSettingsRecord>(
    {
      _id: { type: String, required: true },
      currency: { type: String, required: true },
      timezone: { type: String, required: true },
      version: { type: Number, required: true },
    },
    { collection: 'rm_workspaces', versionKey: false },
  );
  settings.plugin(tenantScoped);
  connection.model('ReadModelWorkspace', settings);
  const revisions = new Schema<RevisionRecord>(
    {
      _id: { type: String, required: true },
      seq: { type: Number },
      settled: { type: Number },
      stable: { type: Number },
      generation: { type: Number },
    },
    { collection: 'rm_revisions', versionKey: false },
  );
  revisions.plugin(tenantScoped);
  connection.model('ReadModelRevision', revisions);
}

export const readModel = (connection: Connection, kind: ReadModelKind): Model<ReadRecord> =>
  connection.model<ReadRecord>(modelName(kind));
export const dealStepModel = (connection: Connection): Model<DealStepRecord> =>
  connection.model<DealStepRecord>('ReadModelDealStep');
export const workspaceSettingsModel = (connection: Connection): Model<WorkspaceSettingsRecord> =>
  connection.model<WorkspaceSettingsRecord>('ReadModelWorkspace');
export const revisionModel = (connection: Connection): Model<RevisionRecord> =>
  connection.model<RevisionRecord>('ReadModelRevision');
