import { Schema, type Connection, type Model } from 'mongoose';
import { PROJECTION_FIELDS } from '@crm/bus';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

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

// The projection's own fields; the state's fields are the owner's public contract, kept as they
// arrive (strict: false), so a record holds whichever that kind's events carry.
export interface ReadRecord extends ScopedRecordOf<typeof PROJECTION_FIELDS> {
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
const dealStepFields = {
  _id: field.string({ required: true }),
  deal_id: field.string({ required: true }),
  version: field.number({ required: true }),
  stage_id: field.string({ required: true }),
  status: field.string({ required: true }),
  at: field.string({ required: true }),
  // The change that wrote it (absent on steps a rebuild wrote).
  seq: field.number(),
};

export type DealStepRecord = ScopedRecordOf<typeof dealStepFields>;

// The workspace's settings reports needs (currency, time zone), by identity's version.
const workspaceSettingsFields = {
  _id: field.string({ required: true }),
  currency: field.string({ required: true }),
  timezone: field.string({ required: true }),
  version: field.number({ required: true }),
};

export type WorkspaceSettingsRecord = ScopedRecordOf<typeof workspaceSettingsFields>;

// A workspace's change sequence. Every write to its read model takes the next number (`seq`)
// before writing, stamps the records it writes with it, and counts itself `settled` once written;
// `stable` is a number at or below which every write is known to be written (seq === settled at
// some moment). A rebuild bumps `generation`: what it dropped leaves no stamped tombstone, so
// readers load the workspace anew. Readers keep a workspace in memory and read only the records
// stamped after the number they applied (docs/reports.md, "Reading"). Each number is absent until
// first moved ($inc, $max), and counts as 0 then.
const revisionFields = {
  _id: field.string({ required: true }),
  seq: field.number(),
  settled: field.number(),
  stable: field.number(),
  generation: field.number(),
};

export type RevisionRecord = ScopedRecordOf<typeof revisionFields>;

function projectionSchema(collection: string): Schema {
  // The state's fields are the owner's public contract, kept as they arrive.
  const schema = new Schema<ReadRecord>(schemaOf(PROJECTION_FIELDS), { collection, versionKey: false, strict: false });
  schema.plugin(tenantScoped);
  schema.index({ workspace_id: 1, deleted: 1 });
  // The records changed since a reader's last applied number.
  schema.index({ workspace_id: 1, seq: 1 });
  return schema;
}

export function registerReadModels(connection: Connection): void {
  for (const kind of Object.keys(COLLECTIONS) as ReadModelKind[])
    connection.model(modelName(kind), projectionSchema(COLLECTIONS[kind]));
  const steps = new Schema<DealStepRecord>(schemaOf(dealStepFields), {
    collection: 'rm_deal_steps',
    versionKey: false,
  });
  steps.plugin(tenantScoped);
  steps.index({ workspace_id: 1, deal_id: 1 });
  steps.index({ workspace_id: 1, seq: 1 });
  connection.model('ReadModelDealStep', steps);
  const settings = new Schema<WorkspaceSettingsRecord>(schemaOf(workspaceSettingsFields), {
    collection: 'rm_workspaces',
    versionKey: false,
  });
  settings.plugin(tenantScoped);
  connection.model('ReadModelWorkspace', settings);
  const revisions = new Schema<RevisionRecord>(schemaOf(revisionFields), {
    collection: 'rm_revisions',
    versionKey: false,
  });
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
