import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// How many live records share each duplicate key, kept from crm-core's company and contact
// events, so listing groups reads the keys shared by two or more records instead of grouping
// every record. duplicate_entries holds each record's keys as last applied (and its version,
// so a stale or repeated event changes nothing); duplicate_counts the number per key.
export interface DuplicateEntryRecord {
  _id: string;
  workspace_id: string;
  object: 'company' | 'contact';
  version: number;
  // `<reason>:<value>` of every key the record has while it is live (none in the recycle bin).
  keys: string[];
}

export interface DuplicateCountRecord {
  _id: string;
  workspace_id: string;
  object: 'company' | 'contact';
  reason: string;
  value: string;
  count: number;
}

const entrySchema = new Schema<DuplicateEntryRecord>(
  {
    _id: { type: String, required: true },
    object: { type: String, required: true },
    version: { type: Number, required: true },
    keys: { type: [String], default: [] },
  },
  { collection: 'duplicate_entries', versionKey: false },
);
entrySchema.plugin(tenantScoped);

const countSchema = new Schema<DuplicateCountRecord>(
  {
    _id: { type: String, required: true },
    object: { type: String, required: true },
    reason: { type: String, required: true },
    value: { type: String, required: true },
    count: { type: Number, default: 0 },
  },
  { collection: 'duplicate_counts', versionKey: false },
);
countSchema.plugin(tenantScoped);
// The list: the keys of one object shared by two or more records.
countSchema.index({ workspace_id: 1, object: 1, count: 1 });

export function registerDuplicateCountModels(connection: Connection): void {
  connection.model('DuplicateEntry', entrySchema);
  connection.model('DuplicateCount', countSchema);
}

export const duplicateEntryModel = (connection: Connection): Model<DuplicateEntryRecord> =>
  connection.model<DuplicateEntryRecord>('DuplicateEntry');
export const duplicateCountModel = (connection: Connection): Model<DuplicateCountRecord> =>
  connection.model<DuplicateCountRecord>('DuplicateCount');
