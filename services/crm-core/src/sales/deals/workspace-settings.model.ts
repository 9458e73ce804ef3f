import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// crm-core's copy of the workspace settings deals need (currency, time zone), fed by identity's
// workspace events and, for a workspace it has not heard of yet, by identity's GetWorkspace.
export interface WorkspaceSettingsRecord {
  // The workspace id.
  _id: string;
  workspace_id: string;
  currency: string;
  timezone: string;
  // The workspace's version in identity: an older event never overwrites a newer copy.
  version: number;
}

export const WORKSPACE_SETTINGS_MODEL = 'WorkspaceSettingsCopy';

const workspaceSettingsSchema = new Schema<WorkspaceSettingsRecord>(
  {
    _id: { type: String, required: true },
    currency: { type: String, required: true },
    timezone: { type: String, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'workspace_settings', versionKey: false },
);
workspaceSettingsSchema.plugin(tenantScoped);

export function registerWorkspaceSettingsModel(connection: Connection): void {
  connection.model(WORKSPACE_SETTINGS_MODEL, workspaceSettingsSchema);
}

export function workspaceSettingsModel(connection: Connection): Model<WorkspaceSettingsRecord> {
  return connection.model<WorkspaceSettingsRecord>(WORKSPACE_SETTINGS_MODEL);
}
