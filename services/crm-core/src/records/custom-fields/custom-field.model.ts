import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

const customFieldFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces; 1 when created.
  version: field.number({ default: 1 }),
  object: field.string({ required: true }),
  // Derived from the label at creation; never changes.
  key: field.string({ required: true }),
  label: field.string({ required: true }),
  type: field.string({ required: true }),
  options: field.strings(),
  position: field.number({ required: true }),
  archived: field.boolean({ default: false }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type CustomFieldRecord = ScopedRecordOf<typeof customFieldFields>;

export const CUSTOM_FIELD_MODEL = 'CustomField';

const customFieldSchema = new Schema<CustomFieldRecord>(schemaOf(customFieldFields), {
  collection: 'custom_fields',
  versionKey: false,
});
customFieldSchema.plugin(tenantScoped);
// The key is how a value is stored in `custom`: one field per key and object in a workspace.
customFieldSchema.index({ workspace_id: 1, object: 1, key: 1 }, { unique: true });

export function registerCustomFieldModel(connection: Connection): void {
  connection.model(CUSTOM_FIELD_MODEL, customFieldSchema);
}

export function customFieldModel(connection: Connection): Model<CustomFieldRecord> {
  return connection.model<CustomFieldRecord>(CUSTOM_FIELD_MODEL);
}
