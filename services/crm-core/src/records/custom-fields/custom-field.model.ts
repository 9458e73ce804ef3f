import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export interface CustomFieldRecord {
  _id: string;
  // Bumped by each change an event announces; 1 when created.
  version: number;
  workspace_id: string;
  object: string;
  // Derived from the label at creation; never changes.
  key: string;
  label: string;
  type: string;
  options: string[];
  position: number;
  archived: boolean;
  created_at: string;
  updated_at: string;
}

export const CUSTOM_FIELD_MODEL = 'CustomField';

const customFieldSchema = new Schema<CustomFieldRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    object: { type: String, required: true },
    key: { type: String, required: true },
    label: { type: String, required: true },
    type: { type: String, required: true },
    options: { type: [String], default: [] },
    position: { type: Number, required: true },
    archived: { type: Boolean, default: false },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'custom_fields', versionKey: false },
);
customFieldSchema.plugin(tenantScoped);
// The key is how a value is stored in `custom`: one field per key and object in a workspace.
customFieldSchema.index({ workspace_id: 1, object: 1, key: 1 }, { unique: true });

export function registerCustomFieldModel(connection: Connection): void {
  connection.model(CUSTOM_FIELD_MODEL, customFieldSchema);
}

export function customFieldModel(connection: Connection): Model<CustomFieldRecord> {
  return connection.model<CustomFieldRecord>(CUSTOM_FIELD_MODEL);
}
