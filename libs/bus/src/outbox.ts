import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';
import { envelopeProblem, InvalidEnvelopeError, serializeEnvelope, type EventEnvelope } from './event-envelope';

export type OutboxStatus = 'pending' | 'sent';

// One row per event, written in the same transaction as the change it describes. A system
// collection: not tenant-scoped, only the relay reads it.
export interface OutboxRow {
  _id: string;
  event: EventEnvelope;
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
    event: { type: Schema.Types.Mixed, required: true },
    status: { type: String, enum: ['pending', 'sent'], required: true },
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
// The relay's claim query (free pending rows in order) and the sweeper's two queries.
outboxSchema.index({ status: 1, claimed_until: 1, available_at: 1, created_at: 1 });
outboxSchema.index({ status: 1, sent_at: 1 });

export function outboxModel(connection: Connection): Model<OutboxRow> {
  const existing = connection.models[OUTBOX_MODEL] as Model<OutboxRow> | undefined;
  return existing ?? connection.model<OutboxRow>(OUTBOX_MODEL, outboxSchema);
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
    return {
      _id: event.id,
      // Stored as it will travel, so the relay publishes exactly what was recorded.
      event: JSON.parse(serializeEnvelope(event)) as EventEnvelope,
      status: 'pending',
      attempts: 0,
      available_at: now,
      claimed_until: null,
      claim_token: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    };
  });
  await outboxModel(connection).insertMany(rows, { session });
}
