import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export interface RoleRecord {
  _id: string;
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version?: number;
  workspace_id: string;
  name: string;
  // The name folded for comparison (trimmed, lower case): names are unique per workspace
  // whatever their case. Absent on roles stored before it existed.
  name_key?: string;
  permissions: string[];
  // Built-in roles are seeded per workspace and fixed.
  is_system: boolean;
  created_at: string;
  updated_at: string;
}

export const ROLE_MODEL = 'Role';

const roleSchema = new Schema<RoleRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    name: { type: String, required: true },
    name_key: { type: String },
    permissions: { type: [String], default: [] },
    is_system: { type: Boolean, required: true },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'roles', versionKey: false },
);
roleSchema.plugin(tenantScoped);
roleSchema.index({ workspace_id: 1, name: 1 }, { unique: true });
roleSchema.index(
  { workspace_id: 1, name_key: 1 },
  { unique: true, partialFilterExpression: { name_key: { $type: 'string' } } },
);

export function registerRoleModel(connection: Connection): void {
  connection.model(ROLE_MODEL, roleSchema);
}

export function roleModel(connection: Connection): Model<RoleRecord> {
  return connection.model<RoleRecord>(ROLE_MODEL);
}
