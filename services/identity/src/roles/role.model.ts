import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

const roleFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version: field.absentOnOld(field.number({ default: 1 })),
  name: field.string({ required: true }),
  // The name folded for comparison (trimmed, lower case): names are unique per workspace
  // whatever their case. Absent on roles stored before it existed.
  name_key: field.absentOnOld(field.string()),
  permissions: field.strings(),
  // Built-in roles are seeded per workspace and fixed.
  is_system: field.boolean({ required: true }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type RoleRecord = ScopedRecordOf<typeof roleFields>;

export const ROLE_MODEL = 'Role';

const roleSchema = new Schema<RoleRecord>(schemaOf(roleFields), { collection: 'roles', versionKey: false });
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
