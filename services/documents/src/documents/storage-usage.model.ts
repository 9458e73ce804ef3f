import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// One row per workspace: the bytes its files hold, pending uploads included (reserved when the
// upload URL is handed out). Every reservation is a conditional increment of this one row in
// the transaction that creates the document, so two uploads racing past the quota conflict on
// it and the second sees the first's bytes: one is refused.
const storageUsageFields = {
  // The workspace id.
  _id: field.string({ required: true }),
  used_bytes: field.number({ required: true, default: 0 }),
};

export type StorageUsageRecord = ScopedRecordOf<typeof storageUsageFields>;

export const STORAGE_USAGE_MODEL = 'StorageUsage';

const storageUsageSchema = new Schema<StorageUsageRecord>(schemaOf(storageUsageFields), {
  collection: 'storage_usage',
  versionKey: false,
});
storageUsageSchema.plugin(tenantScoped);

export function registerStorageUsageModel(connection: Connection): void {
  connection.model(STORAGE_USAGE_MODEL, storageUsageSchema);
}

export function storageUsageModel(connection: Connection): Model<StorageUsageRecord> {
  return connection.model<StorageUsageRecord>(STORAGE_USAGE_MODEL);
}
