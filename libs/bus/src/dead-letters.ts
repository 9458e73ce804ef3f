import { newId } from '@crm/kit';
import { Schema, type Connection, type Model } from 'mongoose';
import type { EventBus } from './event-bus';
import { parseEnvelope } from './event-envelope';

// Events a consumer of the in-process bus gave up on (poison messages, or handlers that failed
// maxDeliveries times), stored in the consuming service's database so they survive a restart and
// can be inspected and replayed. RabbitMQ keeps its own in `<exchange>.<consumer>.dead` queues.
// A system collection, not tenant-scoped.
export interface StoredDeadLetter {
  _id: string;
  consumer: string;
  // Null when the body was not a valid envelope.
  event_id: string | null;
  type: string | null;
  workspace_id: string | null;
  // The message as it arrived.
  body: string;
  reason: string;
  deliveries: number;
  dead_lettered_at: Date;
}

export const DEAD_LETTERS_COLLECTION = 'dead_letters';
const DEAD_LETTER_MODEL = 'BusDeadLetter';

const deadLetterSchema = new Schema<StoredDeadLetter>(
  {
    _id: { type: String, required: true },
    consumer: { type: String, required: true },
    event_id: { type: String, default: null },
    type: { type: String, default: null },
    workspace_id: { type: String, default: null },
    body: { type: String, required: true },
    reason: { type: String, required: true },
    deliveries: { type: Number, required: true },
    dead_lettered_at: { type: Date, required: true },
  },
  { collection: DEAD_LETTERS_COLLECTION, versionKey: false },
);
deadLetterSchema.index({ consumer: 1, dead_lettered_at: -1 });

export function deadLetterModel(connection: Connection): Model<StoredDeadLetter> {
  const existing = connection.models[DEAD_LETTER_MODEL] as Model<StoredDeadLetter> | undefined;
  return existing ?? connection.model<StoredDeadLetter>(DEAD_LETTER_MODEL, deadLetterSchema);
}

export interface NewDeadLetter {
  consumer: string;
  event: { id: string; type: string; workspace_id: string | null } | null;
  body: string;
  reason: string;
  deliveries: number;
}

export async function storeDeadLetter(
  connection: Connection,
  letter: NewDeadLetter,
  at: Date = new Date(),
): Promise<string> {
  const _id = newId();
  await deadLetterModel(connection).create({
    _id,
    consumer: letter.consumer,
    event_id: letter.event?.id ?? null,
    type: letter.event?.type ?? null,
    workspace_id: letter.event?.workspace_id ?? null,
    body: letter.body,
    reason: letter.reason,
    deliveries: letter.deliveries,
    dead_lettered_at: at,
  });
  return _id;
}

// Newest first; for an operator and for tests.
export async function listDeadLetters(
  connection: Connection,
  options: { consumer?: string; limit?: number } = {},
): Promise<StoredDeadLetter[]> {
  const filter = options.consumer === undefined ? {} : { consumer: options.consumer };
  return deadLetterModel(connection)
    .find(filter)
    .sort({ dead_lettered_at: -1, _id: -1 })
    .limit(options.limit ?? 100)
    .lean<StoredDeadLetter[]>()
    .exec();
}

// For a metrics gauge: dead letters waiting for someone, per consumer or in all.
export async function deadLetterCount(connection: Connection, consumer?: string): Promise<number> {
  return deadLetterModel(connection).countDocuments(consumer === undefined ? {} : { consumer });
}

// Publishes a dead-lettered event again (after its cause was fixed) and forgets the letter. Every
// consumer of the type receives it; idempotent consumers ignore it if they already applied it.
export async function replayDeadLetter(
  connection: Connection,
  bus: Pick<EventBus, 'publish'>,
  id: string,
): Promise<boolean> {
  const model = deadLetterModel(connection);
  const letter = await model.findById(id).lean<StoredDeadLetter>().exec();
  if (!letter) return false;
  await bus.publish([parseEnvelope(letter.body)]);
  await model.deleteOne({ _id: id });
  return true;
}
