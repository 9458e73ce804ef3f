import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// One public event of a workspace, kept for the feed (GET /v1/events) and as the body of its
// deliveries. `_id` is the event's id: the webhook-id of every delivery of it.
const feedEntryFields = {
  _id: field.string({ required: true }),
  // Position in the workspace's feed: strictly increasing in the order entries commit.
  seq: field.number({ required: true }),
  type: field.string({ required: true }),
  schema_version: field.number({ required: true }),
  occurred_at: field.string({ required: true }),
  data: field.mixed<Record<string, unknown>>({ required: true }),
  // The ids the payload mentions that may be a contact's (any field but those that name a record
  // never a person, any depth): what an erasure looks entries up by. Entries stored before kept
  // every id, a superset.
  refs: field.strings(),
  // Personal data of an erased contact was removed (ids and types kept).
  redacted: field.boolean({ default: false }),
  // Removed by the database after this (TTL index).
  expires_at: field.date({ required: true }),
};

export type FeedEntryRecord = ScopedRecordOf<typeof feedEntryFields>;

// The last position handed out per workspace; bumped in the transaction that stores an entry,
// so two entries of one workspace commit one after the other in position order.
export interface FeedCounterRecord {
  _id: string;
  workspace_id: string;
  seq: number;
}

// Contacts erased in a workspace: an event about one that arrives after its erasure (events have
// no order) is stored redacted.
const erasedContactFields = {
  _id: field.string({ required: true }),
  erased_at: field.date({ required: true }),
  expires_at: field.date({ required: true }),
};

export type ErasedContactRecord = ScopedRecordOf<typeof erasedContactFields>;

const feedEntrySchema = new Schema<FeedEntryRecord>(schemaOf(feedEntryFields), {
  collection: 'feed_entries',
  versionKey: false,
  minimize: false,
});
feedEntrySchema.plugin(tenantScoped);
feedEntrySchema.index({ workspace_id: 1, seq: 1 }, { unique: true });
feedEntrySchema.index({ workspace_id: 1, refs: 1 });
feedEntrySchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

const feedCounterSchema = new Schema<FeedCounterRecord>(
  { _id: { type: String, required: true }, seq: { type: Number, required: true } },
  { collection: 'feed_counters', versionKey: false },
);
feedCounterSchema.plugin(tenantScoped);

const erasedContactSchema = new Schema<ErasedContactRecord>(schemaOf(erasedContactFields), {
  collection: 'erased_contacts',
  versionKey: false,
});
erasedContactSchema.plugin(tenantScoped);
erasedContactSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export function registerFeedModels(connection: Connection): void {
  connection.model('FeedEntry', feedEntrySchema);
  connection.model('FeedCounter', feedCounterSchema);
  connection.model('ErasedContact', erasedContactSchema);
}

export const feedEntryModel = (connection: Connection): Model<FeedEntryRecord> =>
  connection.model<FeedEntryRecord>('FeedEntry');
export const feedCounterModel = (connection: Connection): Model<FeedCounterRecord> =>
  connection.model<FeedCounterRecord>('FeedCounter');
export const erasedContactModel = (connection: Connection): Model<ErasedContactRecord> =>
  connection.model<ErasedContactRecord>('ErasedContact');
