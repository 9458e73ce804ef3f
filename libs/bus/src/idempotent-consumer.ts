import { dropIndexesWhere, isDuplicateKey } from '@crm/kit';
import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';
import type { EventHandler } from './event-bus';
import type { EventEnvelope } from './event-envelope';

// Event ids a consumer has handled, written in the handler's own transaction, so a redelivery
// (at-least-once transports) does not apply an event twice. A system collection, not tenant-scoped.
// One row per event and consumer, so it holds no more than it must: its id, the pair, and when it
// was written, for pruning.
export interface ProcessedEvent {
  _id: string;
  consumer: string;
  event_id: string;
  processed_at: Date;
}

export const PROCESSED_EVENTS_COLLECTION = 'processed_events';
const PROCESSED_EVENT_MODEL = 'BusProcessedEvent';

const processedEventSchema = new Schema<ProcessedEvent>(
  {
    _id: { type: String, required: true },
    consumer: { type: String, required: true },
    event_id: { type: String, required: true },
    processed_at: { type: Date, required: true },
  },
  { collection: PROCESSED_EVENTS_COLLECTION, versionKey: false },
);
// Pruning by age (pruneProcessedEvents).
processedEventSchema.index({ processed_at: 1 });

export function processedEventModel(connection: Connection): Model<ProcessedEvent> {
  const existing = connection.models[PROCESSED_EVENT_MODEL] as Model<ProcessedEvent> | undefined;
  return existing ?? connection.model<ProcessedEvent>(PROCESSED_EVENT_MODEL, processedEventSchema);
}

// The row's id: the pair it records, so the _id index holds the pair's uniqueness, even before
// indexes are synced.
export const processedEventId = (consumer: string, eventId: string) => `${consumer}:${eventId}`;

// Earlier versions also kept each row's event type, and a unique index on the pair that repeated
// the _id's uniqueness (a tenth of a KB a row in keys). Rows keep the pair, so that an earlier
// version, rolled back to, builds its index again. Answers how many indexes it dropped.
export const PROCESSED_EVENT_PAIR_INDEX = 'consumer_1_event_id_1';

export function dropProcessedEventPairIndex(connection: Connection): Promise<number> {
  return dropIndexesWhere(
    processedEventModel(connection).collection,
    (index) => index.name === PROCESSED_EVENT_PAIR_INDEX,
  );
}

export type TransactionalEventHandler = (event: EventEnvelope, session: ClientSession) => Promise<void>;

// Wraps a handler for EventBus.subscribe: the handler's writes (through `session`) and the
// processed-event record commit together; an event already recorded is acknowledged without
// running the handler again.
export function consumeIdempotently(
  connection: Connection,
  consumer: string,
  handler: TransactionalEventHandler,
): EventHandler {
  const model = processedEventModel(connection);
  return async (event) => {
    const _id = processedEventId(consumer, event.id);
    try {
      await connection.transaction(async (session) => {
        if (await model.exists({ _id }).session(session)) return;
        await handler(event, session);
        await model.create([{ _id, consumer, event_id: event.id, processed_at: new Date() }], { session });
      });
    } catch (error) {
      // A concurrent delivery of the same event committed first; ours rolled back, nothing lost.
      if (isDuplicateKey(error) && (await model.exists({ _id }))) return;
      throw error;
    }
  };
}

// Several events in one transaction: each one not yet recorded is handled (in the given order)
// and recorded, and all commit together, so a consumer that writes a shared row per event (a
// counter) pays one commit for the batch. Any failure rolls back the whole batch; the caller
// then handles the events one by one (the transport does, for a batch consumer), so one bad
// event fails alone.
export async function consumeBatchIdempotently(
  connection: Connection,
  consumer: string,
  events: readonly EventEnvelope[],
  handler: TransactionalEventHandler,
): Promise<void> {
  await consumeFreshIdempotently(connection, consumer, events, async (fresh, session) => {
    for (const event of fresh) await handler(event, session);
  });
}

export type FreshEventsHandler = (fresh: readonly EventEnvelope[], session: ClientSession) => Promise<void>;

// The batch form a bulk writer wants: in one transaction, the events of `events` not yet
// recorded for this consumer (first delivery of each, in order) are handed over together, and
// their processed ids are written with one insert.
export async function consumeFreshIdempotently(
  connection: Connection,
  consumer: string,
  events: readonly EventEnvelope[],
  handler: FreshEventsHandler,
): Promise<void> {
  await connection.transaction(async (session) => {
    const { fresh, record } = await freshEvents(connection, consumer, events, session);
    if (fresh.length === 0) return;
    await handler(fresh, session);
    await record();
  });
}

// Inside a transaction the caller opened (one that also publishes, say): the events not yet
// recorded for this consumer, and `record`, which writes their processed ids with one insert.
export async function freshEvents(
  connection: Connection,
  consumer: string,
  events: readonly EventEnvelope[],
  session: ClientSession,
): Promise<{ fresh: EventEnvelope[]; record: () => Promise<void> }> {
  const model = processedEventModel(connection);
  const ids = events.map((event) => processedEventId(consumer, event.id));
  const seen = new Set(
    (
      await model
        .find({ _id: { $in: ids } }, { _id: 1 })
        .session(session)
        .lean<Array<{ _id: string }>>()
        .exec()
    ).map((row) => row._id),
  );
  const fresh: EventEnvelope[] = [];
  const rows: ProcessedEvent[] = [];
  const now = new Date();
  for (const event of events) {
    const _id = processedEventId(consumer, event.id);
    if (seen.has(_id)) continue;
    seen.add(_id);
    fresh.push(event);
    rows.push({ _id, consumer, event_id: event.id, processed_at: now });
  }
  return {
    fresh,
    record: async () => {
      if (rows.length > 0) await model.insertMany(rows, { session, lean: true });
    },
  };
}

// For a consumer whose own rows are keyed by the event's id (an audit entry, a feed entry):
// those rows are its record of what was handled, so it keeps no processed ids. In one
// transaction, the events of `events` (one workspace's) without a row in `model` yet are handed
// over, each once, in order. A concurrent delivery of the same event (another replica) that
// commits first makes this one collide on the id: it runs once more and finds the row.
export async function consumeEventsWithoutRows<Row extends { _id: string }>(
  connection: Connection,
  model: Model<Row>,
  workspaceId: string,
  events: readonly EventEnvelope[],
  handler: FreshEventsHandler,
): Promise<void> {
  const write = () =>
    connection.transaction(async (session) => {
      const ids = events.map((event) => event.id);
      const seen = new Set(
        (
          await model
            .find({ workspace_id: workspaceId, _id: { $in: ids } }, { _id: 1 })
            .session(session)
            .lean<Array<{ _id: string }>>()
            .exec()
        ).map((row) => row._id),
      );
      const fresh: EventEnvelope[] = [];
      for (const event of events) {
        if (seen.has(event.id)) continue;
        seen.add(event.id);
        fresh.push(event);
      }
      if (fresh.length > 0) await handler(fresh, session);
    });
  try {
    await write();
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    await write();
  }
}

// Forgets processed ids older than `before`. Keep them longer than any redelivery can take
// (broker retries, a dead-letter replay), or a late redelivery would apply the event again.
export async function pruneProcessedEvents(connection: Connection, before: Date): Promise<number> {
  const deleted = await processedEventModel(connection).deleteMany({ processed_at: { $lt: before } });
  return deleted.deletedCount;
}
