import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

const savedViewFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces; 1 when created.
  version: field.number({ default: 1 }),
  object: field.string({ required: true }),
  name: field.string({ required: true }),
  filters: field.mixed<Record<string, string>>({ default: {} }),
  shared: field.boolean({ default: false }),
  // The creator: a view is theirs to change (or an admin's when shared).
  owner_id: field.string({ required: true }),
  owner_name: field.string({ default: null }),
  // The identity.user.updated version owner_name was taken from (0: the creator's claims), so a
  // late rename event never overwrites a newer name.
  owner_name_version: field.number({ default: 0 }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type SavedViewRecord = ScopedRecordOf<typeof savedViewFields>;

export const SAVED_VIEW_MODEL = 'SavedView';

const savedViewSchema = new Schema<SavedViewRecord>(schemaOf(savedViewFields), {
  collection: 'saved_views',
  versionKey: false,
  minimize: false,
});
savedViewSchema.plugin(tenantScoped);
savedViewSchema.index({ workspace_id: 1, object: 1, created_at: 1 });
// Renames find a person's views in every workspace.
savedViewSchema.index({ owner_id: 1 });

export function registerSavedViewModel(connection: Connection): void {
  connection.model(SAVED_VIEW_MODEL, savedViewSchema);
}

export function savedViewModel(connection: Connection): Model<SavedViewRecord> {
  return connection.model<SavedViewRecord>(SAVED_VIEW_MODEL);
}
