import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export interface SavedViewRecord {
  _id: string;
  // Bumped by each change an event announces; 1 when created.
  version: number;
  workspace_id: string;
  object: string;
  name: string;
  filters: Record<string, string>;
  shared: boolean;
  // The creator: a view is theirs to change (or an admin's when shared).
  owner_id: string;
  owner_name: string | null;
  // The identity.user.updated version owner_name was taken from (0: the creator's claims), so a
  // late rename event never overwrites a newer name.
  owner_name_version: number;
  created_at: string;
  updated_at: string;
}

export const SAVED_VIEW_MODEL = 'SavedView';

const savedViewSchema = new Schema<SavedViewRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    object: { type: String, required: true },
    name: { type: String, required: true },
    filters: { type: Schema.Types.Mixed, default: {} },
    shared: { type: Boolean, default: false },
    owner_id: { type: String, required: true },
    owner_name: { type: String, default: null },
    owner_name_version: { type: Number, default: 0 },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'saved_views', versionKey: false, minimize: false },
);
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
