import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// crm-core's copy of the workspace settings deals need (currency, time zone), fed by identity's
// workspace events and, for a workspace it has not heard of yet, by identity's GetWorkspace.
const workspaceSettingsFields = {
  // The workspace id.
  _id: field.string({ required: true }),
  currency: field.string({ required: true }),
  timezone: field.string({ required: true }),
  // The workspace's version in identity: an older event never overwrites a newer copy.
  version: field.number({ required: true }),
};

export type WorkspaceSettingsRecord = ScopedRecordOf<typeof workspaceSettingsFields>;

export const WORKSPACE_SETTINGS_MODEL = 'WorkspaceSettingsCopy';

const workspaceSettingsSchema = new Schema<WorkspaceSettingsRecord>(schemaOf(workspaceSettingsFields), {
  collection: 'workspace_settings',
  versionKey: false,
});
workspaceSettingsSchema.plugin(tenantScoped);

export function registerWorkspaceSettingsModel(connection: Connection): void {
  connection.model(WORKSPACE_SETTINGS_MODEL, workspaceSettingsSchema);
}

export function workspaceSettingsModel(connection: Connection): Model<WorkspaceSettingsRecord> {
  return connection.model<WorkspaceSettingsRecord>(WORKSPACE_SETTINGS_MODEL);
}
