import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';
import {
  envelopeProblem,
  InvalidEnvelopeError,
  parseEnvelope,
  serializedEvent,
  type EventEnvelope,
  type SerializedEvent,
} from './event-envelope';

// parked: failed maxAttempts times; kept, counted and listed for an operator to look at.
export type OutboxStatus = 'pending' | 'sent' | 'parked';

// One row per event, written in the same transaction as the change it describes. A system
// collection: not tenant-scoped, only the relay reads it.
export interface OutboxRow {
  // The event's id.
  _id: string;
  // The event as it travels (serializeEnvelope), with its type and time: recorded once and
  // published as it is, one string to store and read instead of a nested document. Rows recorded
  // before hold the envelope itself in `event` instead (storedEvent reads either).
  body?: string;
  type?: string;
  occurred_at?: string;
  event?: EventEnvelope;
  // The event's workspace (null for a global event), for the relay's fair share and an erasure's
  // rewrite; rows written before it was kept have none (their `event` says it).
  workspace_id?: string | null;
  status: OutboxStatus;
  // Publish attempts so far.
  attempts: number;
  // Not claimed before this time (backoff after a failed publish).
  available_at: Date;
  // Lease of the relay that claimed the row; null when free.
  claimed_until: Date | null;
  claim_token: string | null;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

export const OUTBOX_COLLECTION = 'outbox';
const OUTBOX_MODEL = 'BusOutboxRow';

const outboxSchema = new Schema<OutboxRow>(
  {
    _id: { type: String, required: true },
    body: { type: String },
    type: { type: String },
    occurred_at: { type: String },
    event: { type: Schema.Types.Mixed },
    workspace_id: { type: String, default: null },
    status: { type: String, enum: ['pending', 'sent', 'parked'], required: true },
    attempts: { type: Number, required: true },
    available_at: { type: Date, required: true },
    claimed_until: { type: Date, default: null },
    claim_token: { type: String, default: null },
    last_error: { type: String, default: null },
    created_at: { type: Date, required: true },
    sent_at: { type: Date, default: null },
  },
  // minimize: false keeps an empty `data: {}` in the stored envelope.
  { collection: OUTBOX_COLLECTION, versionKey: false, minimize: false },
);
// The relay's claim query: free pending rows in order, walked in that order (available_at is
// checked on each row) so a round reads its batch and stops, however long the backlog.
outboxSchema.index({ status: 1, claimed_until: 1, created_at: 1, _id: 1 });
// The sweeper's two queries.
outboxSchema.index({ status: 1, claimed_until: 1, available_at: 1, created_at: 1 });
outboxSchema.index({ status: 1, sent_at: 1 });
// The backlog gauge: pending and parked counts, the oldest pending row.
outboxSchema.index({ status: 1, created_at: 1 });
// The relay's fair share: the oldest free rows of one workspace, in order.
outboxSchema.index({ workspace_id: 1, status: 1, claimed_until: 1, created_at: 1, _id: 1 });

export function outboxModel(connection: Connection): Model<OutboxRow> {
  const existing = connection.models[OUTBOX_MODEL] as Model<OutboxRow> | undefined;
  return existing ?? connection.model<OutboxRow>(OUTBOX_MODEL, outboxSchema);
}

// A row's event as the relay publishes it, whichever shape the row was recorded in.
export function publishedForm(
  row: Pick<OutboxRow, '_id' | 'body' | 'type' | 'occurred_at' | 'event'>,
): SerializedEvent {
  if (row.body !== undefined && row.type !== undefined && row.occurred_at !== undefined) {
    return { id: row._id, type: row.type, occurred_at: row.occurred_at, body: row.body };
  }
  if (row.event) return serializedEvent(row.event);
  throw new InvalidEnvelopeError(`outbox row ${row._id} holds no event`);
}

// A row's event as an envelope (an erasure's rewrite, operators, tests), whichever shape the row
// was recorded in.
export function storedEvent(row: Pick<OutboxRow, '_id' | 'body' | 'event'>): EventEnvelope {
  if (row.body !== undefined) return parseEnvelope(row.body);
  if (row.event) return row.event;
  throw new InvalidEnvelopeError(`outbox row ${row._id} holds no event`);
}

export interface OutboxBacklog {
  // Waiting to be published (including rows backing off after a failure).
  pending: number;
  // Gave up after maxAttempts: an event consumers never got.
  parked: number;
  // Age of the oldest pending row, 0 when none: how far behind the relay is.
  oldest_pending_ms: number;
}

// For a metrics gauge (outbox backlog) and for operators.
export async function outboxBacklog(connection: Connection, now: Date = new Date()): Promise<OutboxBacklog> {
  const model = outboxModel(connection);
  const [pending, parked, oldest] = await Promise.all([
    model.countDocuments({ status: 'pending' }),
    model.countDocuments({ status: 'parked' }),
    model
      .findOne({ status: 'pending' })
      .sort({ created_at: 1 })
      .select({ created_at: 1 })
      .lean<Pick<OutboxRow, 'created_at'>>()
      .exec(),
  ]);
  return { pending, parked, oldest_pending_ms: oldest ? Math.max(0, now.getTime() - oldest.created_at.getTime()) : 0 };
}

export async function parkedOutboxRows(connection: Connection, limit = 100): Promise<OutboxRow[]> {
  return outboxModel(connection)
    .find({ status: 'parked' })
    .sort({ created_at: 1, _id: 1 })
    .limit(limit)
    .lean<OutboxRow[]>()
    .exec();
}

// Puts a parked row back in line with fresh attempts (after its cause was fixed).
export async function retryParkedOutboxRow(
  connection: Connection,
  id: string,
  now: Date = new Date(),
): Promise<boolean> {
  const updated = await outboxModel(connection).updateOne(
    { _id: id, status: 'parked' },
    { $set: { status: 'pending', attempts: 0, available_at: now, claimed_until: null, claim_token: null } },
  );
  return updated.modifiedCount > 0;
}

// The fields of a row recorded at `now`, waiting for its first publish.
export function waitingFields(
  now: Date,
): Omit<OutboxRow, '_id' | 'body' | 'type' | 'occurred_at' | 'event' | 'workspace_id'> {
  return {
    status: 'pending',
    attempts: 0,
    available_at: now,
    claimed_until: null,
    claim_token: null,
    last_error: null,
    created_at: now,
    sent_at: null,
  };
}

// Writes the events to the outbox inside the caller's transaction, so they exist if and only
// if the change commits.
export async function recordEvents(
  connection: Connection,
  events: readonly EventEnvelope[],
  session: ClientSession,
): Promise<void> {
  if (events.length === 0) return;
  if (!session.inTransaction()) throw new Error('recordEvents needs a session inside a transaction');
  const now = new Date();
  const rows = events.map((event): OutboxRow => {
    const problem = envelopeProblem(event);
    if (problem) throw new InvalidEnvelopeError(problem);
    const { type, occurred_at, body } = serializedEvent(event);
    return {
      _id: event.id,
      // Stored as it will travel, so the relay publishes exactly what was recorded.
      body,
      type,
      occurred_at,
      workspace_id: event.workspace_id,
      ...waitingFields(now),
    };
  });
  await outboxModel(connection).insertMany(rows, { session, lean: true });
}
