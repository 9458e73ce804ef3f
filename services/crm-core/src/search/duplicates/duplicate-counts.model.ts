import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// How many live records share each duplicate key, kept from crm-core's company and contact
// events, so listing groups reads the keys shared by two or more records instead of grouping
// every record. duplicate_entries holds each record's keys as last applied (and its version,
// so a stale or repeated event changes nothing); duplicate_counts the number per key.
const entryFields = {
  _id: field.string({ required: true }),
  object: field.string<'company' | 'contact'>({ required: true }),
  version: field.number({ required: true }),
  // `<reason>:<value>` of every key the record has while it is live (none in the recycle bin).
  keys: field.strings(),
};

export type DuplicateEntryRecord = ScopedRecordOf<typeof entryFields>;

const countFields = {
  _id: field.string({ required: true }),
  object: field.string<'company' | 'contact'>({ required: true }),
  reason: field.string({ required: true }),
  value: field.string({ required: true }),
  count: field.number({ default: 0 }),
};

export type DuplicateCountRecord = ScopedRecordOf<typeof countFields>;

const entrySchema = new Schema<DuplicateEntryRecord>(schemaOf(entryFields), {
  collection: 'duplicate_entries',
  versionKey: false,
});
entrySchema.plugin(tenantScoped);

const countSchema = new Schema<DuplicateCountRecord>(schemaOf(countFields), {
  collection: 'duplicate_counts',
  versionKey: false,
});
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
