import { Schema, type Connection, type Model } from 'mongoose';
import { globalCollection } from '@crm/kit';
import { PLAN_NAMES, type PlanName } from '@crm/protos';

// Plans: `free` and `standard` (campaigns, touchpoints, marketing report, calendar sync), as
// protos/rest/plans.ts defines them; billing decides which one a workspace is on.
export const PLANS = PLAN_NAMES;
export type Plan = PlanName;

export const DATE_FORMATS = ['DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;

export interface WorkspaceSettings {
  currency: string;
  date_format: (typeof DATE_FORMATS)[number];
  timezone: string;
  page_size: number;
}

export const DEFAULT_WORKSPACE_SETTINGS: WorkspaceSettings = {
  currency: 'GBP',
  date_format: 'DD/MM/YYYY',
  timezone: 'Europe/London',
  page_size: 25,
};

// The tenant itself: its id is the workspace_id every tenant-owned record carries.
export interface WorkspaceRecord {
  _id: string;
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version?: number;
  slug: string;
  name: string;
  plan: Plan;
  complimentary_until: string | null;
  billing_set_up: boolean;
  // The version of billing's subscription record that plan and billing_set_up were last taken
  // from (billing.subscription.* events): an older event never undoes a newer one.
  billing_version?: number;
  settings: WorkspaceSettings;
  created_by: string;
  created_at: string;
  updated_at: string;
}

export const WORKSPACE_MODEL = 'Workspace';

const workspaceSchema = new Schema<WorkspaceRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    slug: { type: String, required: true },
    name: { type: String, required: true },
    plan: { type: String, enum: PLANS, required: true },
    complimentary_until: { type: String, default: null },
    billing_set_up: { type: Boolean, default: false },
    billing_version: { type: Number, default: 0 },
    settings: {
      currency: { type: String, required: true },
      date_format: { type: String, enum: DATE_FORMATS, required: true },
      timezone: { type: String, required: true },
      page_size: { type: Number, required: true },
    },
    created_by: { type: String, required: true },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'workspaces', versionKey: false },
);
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
