import type { ClientSession } from 'mongoose';
import { consumeEventsWithoutRows, isEvent, redactKeptEvents, type EventEnvelope } from '@crm/bus';
import { wholeWordsPattern } from '@crm/kit';
import { requestStorageCompaction } from '@crm/service-host';
import {
  asEventData,
  contactErased,
  contactErasureOf,
  EVENT_CONTRACTS,
  isPublicEventType,
  publicEventContracts,
} from '@crm/protos';
import { deliverToEndpoints, nudgeDeliveries } from '../deliveries/delivery-schedule';
import type { WebhooksRuntime } from '../webhooks-runtime';
import {
  erasedContactModel,
  feedCounterModel,
  feedEntryModel,
  type FeedCounterRecord,
  type FeedEntryRecord,
} from './feed.model';
import { idsOnly, namesAnyTerm, possibleContactIds } from './redaction';

export const EVENTS_CONSUMER = 'webhooks.events';

// The person's own values as the feed last knew them (names, email, phones), to find entries that
// name them without their id (a note on a company, a meeting title).
const PERSONAL_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'mobile'] as const;
const MIN_TERM_LENGTH = 3;

function personalTerms(entries: ReadonlyArray<Pick<FeedEntryRecord, 'data'>>, contactId: string): string[] {
  const terms = new Set<string>();
  for (const { data } of entries) {
    if (data.contact_id !== contactId) continue;
    const value = (field: string) => (typeof data[field] === 'string' ? data[field].trim() : '');
    for (const field of PERSONAL_FIELDS) terms.add(value(field));
    terms.add(`${value('first_name')} ${value('last_name')}`.trim());
  }
  return [...terms].filter((term) => term.length >= MIN_TERM_LENGTH);
}

// Feed entries read per page when an erasure looks for the person's name in the rest of the feed.
const ERASURE_SCAN_PAGE = 1000;

// Erasure: the contact is remembered (an event about them that arrives later is stored redacted)
// and every kept entry of the workspace that mentions them, by id or by one of their values (a
// whole word of a text value: a note on a company naming them), keeps only its ids.
// Deliveries carry no copy: their body is built from the entry at each attempt, so a retry after
// the erasure sends the redacted payload.
async function eraseContact(
  runtime: WebhooksRuntime,
  workspaceId: string,
  contactId: string,
  session: ClientSession,
): Promise<void> {
  const { connection } = runtime.context;
  const now = new Date();
  await erasedContactModel(connection).updateOne(
    { _id: contactId, workspace_id: workspaceId },
    { $set: { erased_at: now, expires_at: new Date(now.getTime() + runtime.config.retentionMs) } },
    { upsert: true, session },
  );
  const entries = feedEntryModel(connection);
  const own = await entries
    .find({ workspace_id: workspaceId, refs: contactId, redacted: false }, { data: 1 })
    .session(session)
    .lean<Array<Pick<FeedEntryRecord, '_id' | 'data'>>>()
    .exec();
  const pattern = wholeWordsPattern(personalTerms(own, contactId));
  const mentioning = new Map(own.map((entry) => [entry._id, entry]));
  // The rest of the feed a page at a time, in feed order, letting waiting requests go between
  // pages: read at once, 200,000 entries held the process for seconds, and requests meanwhile
  // timed out.
  for (let after = -1; pattern !== null;) {
    const page = await entries
      .find({ workspace_id: workspaceId, seq: { $gt: after }, redacted: false }, { data: 1, type: 1, seq: 1 })
      .sort({ seq: 1 })
      .limit(ERASURE_SCAN_PAGE)
      .session(session)
      .lean<Array<Pick<FeedEntryRecord, '_id' | 'data' | 'type' | 'seq'>>>()
      .exec();
    for (const entry of page) {
      // Another contact's own entries are another person's, whatever their name.
      if (EVENT_CONTRACTS.get(entry.type)?.record.entity === 'contact') continue;
      if (namesAnyTerm(entry.data, pattern)) mentioning.set(entry._id, entry);
    }
    if (page.length < ERASURE_SCAN_PAGE) break;
    after = page[page.length - 1].seq;
    await new Promise((resolve) => setImmediate(resolve));
  }
  for (const entry of mentioning.values()) {
    await entries.updateOne(
      { _id: entry._id, workspace_id: workspaceId },
      { $set: { data: idsOnly(entry.data), redacted: true } },
      { session },
    );
  }
}

// Stores public events of one workspace, not stored before, as its next feed entries, in order,
// and creates their deliveries, in the caller's transaction: the counter row moves once for the
// batch, the entries are inserted together. An erasure first redacts what is kept; events after
// it in the batch see the contact as erased.
async function storeEvents(
  runtime: WebhooksRuntime,
  events: readonly EventEnvelope[],
  session: ClientSession,
): Promise<number> {
  const workspaceId = events[0]?.workspace_id;
  if (!workspaceId) return 0;
  const { connection } = runtime.context;
  const refsOf = events.map((event) => [...possibleContactIds(event.data ?? {})]);
  const mentioned = [...new Set(refsOf.flat())];
  const erased = new Set(
    mentioned.length === 0
      ? []
      : (
          await erasedContactModel(connection)
            .find({ workspace_id: workspaceId, _id: { $in: mentioned } }, { _id: 1 })
            .session(session)
            .lean<Array<{ _id: string }>>()
            .exec()
        ).map((row) => row._id),
  );
  // The counter row is written by every batch of the workspace, so their transactions commit one
  // after the other, in position order: a reader never sees position n+1 before n.
  const counter = await feedCounterModel(connection)
    .findOneAndUpdate(
      { _id: workspaceId, workspace_id: workspaceId },
      { $inc: { seq: events.length } },
      { upsert: true, new: true, session },
    )
    .lean<FeedCounterRecord>()
    .exec();
  const first = counter.seq - events.length + 1;
  const entries: FeedEntryRecord[] = [];
  for (const [index, event] of events.entries()) {
    const data = asEventData(event.data);
    const refs = refsOf[index];
    if (event.type === contactErased.type && typeof data.contact_id === 'string') {
      // What this batch holds so far is written first, so the erasure reaches it too.
      if (entries.length > 0) await feedEntryModel(connection).insertMany(entries.splice(0), { session, lean: true });
      await eraseContact(runtime, workspaceId, data.contact_id, session);
      erased.add(data.contact_id);
    }
    const redacted = event.type !== contactErased.type && refs.some((id) => erased.has(id));
    entries.push({
      _id: event.id,
      workspace_id: workspaceId,
      seq: first + index,
      type: event.type,
      schema_version: event.version,
      occurred_at: event.occurred_at,
      data: redacted ? idsOnly(data) : data,
      refs,
      redacted,
      expires_at: new Date(Date.parse(event.occurred_at) + runtime.config.retentionMs),
    });
  }
  if (entries.length > 0) await feedEntryModel(connection).insertMany(entries, { session, lean: true });
  return deliverToEndpoints(runtime, session, workspaceId, events);
}

// What follows a committed entry: its deliveries are nudged, and after an erasure the
// workspace's dead letters naming the person lose their values (by the events' contracts) and
// the store's compaction is asked for, so the old values leave the disk.
async function afterStored(
  runtime: WebhooksRuntime,
  events: readonly EventEnvelope[],
  deliveries: number,
): Promise<void> {
  const { context } = runtime;
  if (deliveries > 0) nudgeDeliveries(context.connection);
  for (const event of events) {
    if (!isEvent(event, contactErased) || !event.workspace_id) continue;
    await redactKeptEvents(context.connection, event.workspace_id, contactErasureOf(event.data.contact_id));
    await requestStorageCompaction(context, ['feed_entries', 'dead_letters']);
  }
}

// A batch (of one workspace) is written in one transaction, in order: every entry of a
// workspace writes its counter row, so entries written one transaction each would only conflict
// on it. An entry's id is its event's, so the entries are their own record of what was handled:
// a redelivered event finds its entry and changes nothing, with no processed-event ids kept
// besides. A batch that fails is handed over again one event at a time by the transport, so only
// a bad event is redelivered, then dead-lettered.
function storeBatch(runtime: WebhooksRuntime) {
  const { connection } = runtime.context;
  return async (events: readonly EventEnvelope[]): Promise<void> => {
    const workspaceId = events[0]?.workspace_id;
    const kept = events.filter(
      (event) =>
        workspaceId &&
        event.workspace_id === workspaceId &&
        isPublicEventType(event.type) &&
        EVENT_CONTRACTS.get(event.type),
    );
    if (!workspaceId || kept.length === 0) return;
    let deliveries = 0;
    await consumeEventsWithoutRows(
      connection,
      feedEntryModel(connection),
      workspaceId,
      kept,
      async (fresh, session) => {
        // A retried transaction runs this again: only the committed run's count is used.
        deliveries = await storeEvents(runtime, fresh, session);
      },
    );
    await afterStored(runtime, kept, deliveries);
  };
}

// Every public event of every service (the event catalogue's types).
export async function subscribeEvents(runtime: WebhooksRuntime): Promise<void> {
  const patterns = publicEventContracts(EVENT_CONTRACTS).map((contract) => contract.type);
  await runtime.context.bus.subscribeBatch(EVENTS_CONSUMER, patterns, storeBatch(runtime));
}
