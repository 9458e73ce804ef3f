import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// The duplicate keys two or more live records share, kept from crm-core's company and contact
// events, so listing groups reads the shared keys instead of grouping every record. A key only
// one record has gets no row: a workspace of 100,000 companies with a few dozen likely
// duplicates holds a few dozen rows, not one per key of every record.
//
// Each row was counted from the records themselves (their key indexes) when a record holding or
// leaving the key last changed: `count` live records then, and the first of them in `members`, by
// which a record that changes finds the keys it may be leaving.
export const DUPLICATE_KEY_MEMBERS_KEPT = 100;

const keyFields = {
  _id: field.string({ required: true }),
  object: field.string<'company' | 'contact'>({ required: true }),
  reason: field.string({ required: true }),
  value: field.string({ required: true }),
  count: field.number({ required: true }),
  members: field.strings(),
};

export type DuplicateKeyRecord = ScopedRecordOf<typeof keyFields>;

export const DUPLICATE_KEYS_COLLECTION = 'duplicate_keys';
// Where earlier versions kept a count for every key of every record, and each record's keys.
export const RETIRED_DUPLICATE_COLLECTIONS = ['duplicate_counts', 'duplicate_entries'] as const;

const keySchema = new Schema<DuplicateKeyRecord>(schemaOf(keyFields), {
  collection: DUPLICATE_KEYS_COLLECTION,
  versionKey: false,
});
keySchema.plugin(tenantScoped);
// The list: a workspace's shared keys of one object.
keySchema.index({ workspace_id: 1, object: 1 });
// The keys a changing record is counted in.
keySchema.index({ workspace_id: 1, members: 1 });

export function registerDuplicateKeyModel(connection: Connection): void {
  connection.model('DuplicateKey', keySchema);
}

export const duplicateKeyModel = (connection: Connection): Model<DuplicateKeyRecord> =>
  connection.model<DuplicateKeyRecord>('DuplicateKey');
