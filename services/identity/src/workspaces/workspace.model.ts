import { Schema, type Connection, type Model } from 'mongoose';
import { field, globalCollection, schemaOf, type RecordOf } from '@crm/kit';
import { PLAN_NAMES, type PlanName } from '@crm/protos';

// Plans: `free` and `standard` (campaigns, touchpoints, marketing report, calendar sync), as
// protos/rest/plans.ts defines them; billing decides which one a workspace is on.
export const PLANS = PLAN_NAMES;
export type Plan = PlanName;

export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;

const settingsFields = {
  currency: field.string({ required: true }),
  date_format: field.string({ required: true, enum: DATE_FORMATS }),
  timezone: field.string({ required: true }),
  page_size: field.number({ required: true }),
};

export type WorkspaceSettings = RecordOf<typeof settingsFields>;

export const DEFAULT_WORKSPACE_SETTINGS: WorkspaceSettings = {
  currency: 'GBP',
  date_format: 'DD/MM/YYYY',
  timezone: 'Europe/London',
  page_size: 25,
};

// The tenant itself: its id is the workspace_id every tenant-owned record carries.
const workspaceFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version: field.absentOnOld(field.number({ default: 1 })),
  slug: field.string({ required: true }),
  name: field.string({ required: true }),
  plan: field.string({ required: true, enum: PLANS }),
  complimentary_until: field.string({ default: null }),
  billing_set_up: field.boolean({ default: false }),
  // The version of billing's subscription record that plan and billing_set_up were last taken
  // from (billing.subscription.* events): an older event never undoes a newer one.
  billing_version: field.absentOnOld(field.number({ default: 0 })),
  // A nested path of the workspace's document, as stored since the first version.
  settings: field.nested(settingsFields),
  created_by: field.string({ required: true }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type WorkspaceRecord = RecordOf<typeof workspaceFields>;

export const WORKSPACE_MODEL = 'Workspace';

const workspaceSchema = new Schema<WorkspaceRecord>(schemaOf(workspaceFields), {
  collection: 'workspaces',
  versionKey: false,
});
workspaceSchema.plugin(globalCollection, {
  reason: 'the tenants themselves: a workspace’s _id is the workspace_id others carry',
});
workspaceSchema.index({ slug: 1 }, { unique: true });

export function registerWorkspaceModel(connection: Connection): void {
  connection.model(WORKSPACE_MODEL, workspaceSchema);
}

export function workspaceModel(connection: Connection): Model<WorkspaceRecord> {
  return connection.model<WorkspaceRecord>(WORKSPACE_MODEL);
}
