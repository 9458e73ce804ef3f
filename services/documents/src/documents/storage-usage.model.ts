import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// One row per workspace: the bytes its files hold, pending uploads included (reserved when the
// upload URL is handed out). Every reservation is a conditional increment of this one row in
// the transaction that creates the document, so two uploads racing past the quota conflict on
// it and the second sees the first's bytes: one is refused.
export interface StorageUsageRecord {
  // The workspace id.
  _id: string;
  workspace_id: string;
  used_bytes: number;
}

export const STORAGE_USAGE_MODEL = 'StorageUsage';

const storageUsageSchema = new Schema<StorageUsageRecord>(
  {
    _id: { type: String, required: true },
    used_bytes: { type: Number, required: true, default: 0 },
  },
  { collection: 'storage_usage', versionKey: false },
);
storageUsageSchema.plugin(tenantScoped);

export function registerStorageUsageModel(connection: Connection): void {
  connection.model(STORAGE_USAGE_MODEL, storageUsageSchema);
}

export function storageUsageModel(connection: Connection): Model<StorageUsageRecord> {
  return connection.model<StorageUsageRecord>(STORAGE_USAGE_MODEL);
}
