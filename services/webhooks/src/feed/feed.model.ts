import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// One public event of a workspace, kept for the feed (GET /v1/events) and as the body of its
// deliveries. `_id` is the event's id: the webhook-id of every delivery of it.
export interface FeedEntryRecord {
  _id: string;
  workspace_id: string;
  // Position in the workspace's feed: strictly increasing in the order entries commit.
  seq: number;
  type: string;
  schema_version: number;
  occurred_at: string;
  data: Record<string, unknown>;
  // Every id the payload mentions (any field, any depth): what an erasure looks entries up by.
  refs: string[];
  // Personal data of an erased contact was removed (ids and types kept).
  redacted: boolean;
  // Removed by the database after this (TTL index).
  expires_at: Date;
}

// The last position handed out per workspace; bumped in the transaction that stores an entry,
// so two entries of one workspace commit one after the other in position order.
export interface FeedCounterRecord {
  _id: string;
  workspace_id: string;
  seq: number;
}

// Contacts erased in a workspace: an event about one that arrives after its erasure (events have
// no order) is stored redacted.
export interface ErasedContactRecord {
  _id: string;
  workspace_id: string;
  erased_at: Date;
  expires_at: Date;
}

const feedEntrySchema = new Schema<FeedEntryRecord>(
  {
    _id: { type: String, required: true },
    seq: { type: Number, required: true },
    type: { type: String, required: true },
    schema_version: { type: Number, required: true },
    occurred_at: { type: String, required: true },
    data: { type: Schema.Types.Mixed, required: true },
    refs: { type: [String], default: [] },
    redacted: { type: Boolean, default: false },
    expires_at: { type: Date, required: true },
  },
  { collection: 'feed_entries', versionKey: false, minimize: false },
);
feedEntrySchema.plugin(tenantScoped);
feedEntrySchema.index({ workspace_id: 1, seq: 1 }, { unique: true });
feedEntrySchema.index({ workspace_id: 1, refs: 1 });
feedEntrySchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

const feedCounterSchema = new Schema<FeedCounterRecord>(
  { _id: { type: String, required: true }, seq: { type: Number, required: true } },
  { collection: 'feed_counters', versionKey: false },
);
feedCounterSchema.plugin(tenantScoped);

const erasedContactSchema = new Schema<ErasedContactRecord>(
  {
    _id: { type: String, required: true },
    erased_at: { type: Date, required: true },
    expires_at: { type: Date, required: true },
  },
  { collection: 'erased_contacts', versionKey: false },
);
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
