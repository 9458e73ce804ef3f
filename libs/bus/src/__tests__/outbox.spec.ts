import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';
import type { EventBus } from '../event-bus';
import type { EventEnvelope } from '../event-envelope';
import {
  consumeBatchIdempotently,
  consumeIdempotently,
  dropProcessedEventPairIndex,
  PROCESSED_EVENT_PAIR_INDEX,
  PROCESSED_EVENTS_COLLECTION,
  processedEventModel,
} from '../idempotent-consumer';
import { outboxBacklog, parkedOutboxRows, retryParkedOutboxRow } from '../outbox';
import { InProcessBroker, InProcessEventBus } from '../in-process-bus';
import { outboxModel, recordEvents, waitingFields } from '../outbox';
import { transactWithEvents } from '../unit-of-work';
import {
  FAIR_SHARE,
  FAIR_SHARE_WORKSPACES,
  freeRows,
  OUTBOX_ORDER,
  OutboxRelay,
  sentRetentionOf,
  type OutboxRelayOptions,
} from '../outbox-relay';
import { appliedModel, openTestDatabase, type TestDatabase } from './database';
import { buildEvent, deferred, heldPauses, testLogger, waitFor } from './helpers';

interface Company {
  _id: string;
  name: string;
}

const companyModel = (connection: Connection): Model<Company> =>
  (connection.models.BusTestCompany as Model<Company> | undefined) ??
  connection.model<Company>(
    'BusTestCompany',
    new Schema<Company>({ _id: String, name: String }, { collection: 'companies' }),
  );

describe('transactional outbox and relay', () => {
  let database: TestDatabase;
  let connection: Connection;
  let bus: InProcessEventBus;
  let received: EventEnvelope[];
  const relays: OutboxRelay[] = [];

  const newRelay = (options: Partial<OutboxRelayOptions> = {}) => {
    const relay = new OutboxRelay({ connection, bus, logger: testLogger, pollIntervalMs: 20, ...options });
    relays.push(relay);
    return relay;
  };
  const receivedIds = () => received.map((event) => event.id);

  beforeEach(async () => {
    database = await openTestDatabase();
    connection = database.connection;
    bus = new InProcessEventBus({ logger: testLogger, broker: new InProcessBroker({ retryDelayMs: 0 }) });
    received = [];
    await bus.subscribe('recorder', ['#'], async (event) => {
      received.push(event);
    });
  });

  afterEach(async () => {
    await Promise.all(relays.splice(0).map((relay) => relay.stop()));
    await bus.close();
    await database.close();
  });

  test('an event recorded in an aborted transaction is never published', async () => {
    const aborted = buildEvent();
    const committed = buildEvent();
    await expect(
      connection.transaction(async (session) => {
        await companyModel(connection).create([{ _id: 'c-aborted', name: 'Aborted' }], { session });
        await recordEvents(connection, [aborted], session);
        throw new Error('a rule was broken');
      }),
    ).rejects.toThrow('a rule was broken');
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(committed));

    const relay = newRelay();
    await relay.relayBatch();
    await relay.relayBatch();

    expect(receivedIds()).toEqual([committed.id]);
    expect(await outboxModel(connection).exists({ _id: aborted.id })).toBeNull();
    expect(await companyModel(connection).exists({ _id: 'c-aborted' })).toBeNull();
  });

  test('a round reads its batch and stops, however long the backlog (the claim query walks an index in order)', async () => {
    const backlog = Array.from({ length: 300 }, () => buildEvent());
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(...backlog));
    const model = outboxModel(connection);
    // Its indexes are built (a service builds them before it starts).
    await model.init();

    const plan = (await model
      .find(freeRows(new Date()))
      .sort(OUTBOX_ORDER)
      .limit(10)
      .explain('executionStats')) as unknown as {
      executionStats: { totalKeysExamined: number; totalDocsExamined: number; nReturned: number };
    };
    const share = (await model
      .find({ ...freeRows(new Date()), workspace_id: backlog[0].workspace_id })
      .sort(OUTBOX_ORDER)
      .limit(10)
      .explain('executionStats')) as unknown as {
      executionStats: { totalDocsExamined: number };
    };

    expect(plan.executionStats).toMatchObject({ nReturned: 10, totalDocsExamined: 10 });
    expect(plan.executionStats.totalKeysExamined).toBeLessThanOrEqual(11);
    expect(share.executionStats.totalDocsExamined).toBe(1);
  });

  // A round's oldest-first batch larger than a share, as in a service (500 against 50): the busy
  // workspace's rows in it are more than its share.
  const BATCH = FAIR_SHARE + 10;

  test("fair share: a workspace's backlog does not hold up another workspace's events for more than one round", async () => {
    const relay = newRelay({ batchSize: BATCH });
    const busy = '00000000-0000-4000-8000-0000000000b1';
    const other = '00000000-0000-4000-8000-0000000000b2';
    const backlog = Array.from({ length: 2 * BATCH + 5 }, () => buildEvent({ workspace_id: busy }));
    await transactWithEvents(connection, relay, async (_session, emit) => emit(...backlog));
    const late = buildEvent({ workspace_id: other });
    await transactWithEvents(connection, relay, async (_session, emit) => emit(late));

    expect(await relay.relayBatch()).toBe(BATCH + 1);

    // The oldest of the busy workspace, and the other workspace's event with them.
    expect(receivedIds()).toEqual([...backlog.slice(0, BATCH).map((event) => event.id), late.id]);
    while ((await relay.relayBatch()) > 0);
    expect(receivedIds()).toEqual([...backlog.slice(0, BATCH), late, ...backlog.slice(BATCH)].map((event) => event.id));
  });

  test("a workspace whose first events are in the round's batch gets its newer ones along, not after the backlog", async () => {
    const relay = newRelay({ batchSize: BATCH });
    const busy = '00000000-0000-4000-8000-0000000000b1';
    const other = '00000000-0000-4000-8000-0000000000b2';
    // The other workspace's first events were recorded among the busy workspace's oldest (a new
    // workspace set up while a stage move ran), and its next one after the whole backlog.
    const backlog = Array.from({ length: 3 * BATCH }, () => buildEvent({ workspace_id: busy }));
    const first = [buildEvent({ workspace_id: other }), buildEvent({ workspace_id: other })];
    const late = buildEvent({ workspace_id: other });
    await transactWithEvents(connection, relay, async (_session, emit) => emit(...backlog, ...first, late));
    const start = Date.now() - 60_000;
    const recordedAt = (event: EventEnvelope, at: number) =>
      outboxModel(connection).updateOne({ _id: event.id }, { $set: waitingFields(new Date(at)) });
    for (const [index, event] of backlog.entries()) await recordedAt(event, start + 10 * index);
    await recordedAt(first[0], start + 15);
    await recordedAt(first[1], start + 25);
    await recordedAt(late, start + 10 * backlog.length + 5);

    expect(await relay.relayBatch()).toBe(BATCH + 1);

    expect(receivedIds()).toEqual(
      [backlog[0], backlog[1], first[0], backlog[2], first[1], ...backlog.slice(3, BATCH - 2), late].map(
        (event) => event.id,
      ),
    );
  });

  test('a workspace that commits while a round reads waits one round more, not for the whole backlog', async () => {
    const busy = '00000000-0000-4000-8000-0000000000b1';
    const other = '00000000-0000-4000-8000-0000000000b2';
    const backlog = Array.from({ length: 40 }, () => buildEvent({ workspace_id: busy }));
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(...backlog));
    const late = buildEvent({ workspace_id: other });
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(late));
    // The late row was recorded after the first round read its clock, and committed and announced
    // while that round read its batch.
    const start = Date.now() - 60_000;
    const recordedAt = (workspaceId: string, at: number) =>
      outboxModel(connection).updateMany({ workspace_id: workspaceId }, { $set: waitingFields(new Date(at)) });
    await recordedAt(busy, start);
    await recordedAt(other, start + 2000);
    let clock: (() => Date) | undefined = () => {
      relay.kick([other]);
      return new Date(start + 1000);
    };
    const relay = newRelay({
      batchSize: 10,
      now: () => {
        const read = clock;
        clock = undefined;
        return read ? read() : new Date();
      },
    });

    expect(await relay.relayBatch()).toBe(10);
    expect(await relay.relayBatch()).toBe(11);

    expect(receivedIds()).toEqual([...backlog.slice(0, 20), late].map((event) => event.id));
  });

  test('more waiting workspaces than one round shares with are served in the next round, in order', async () => {
    const relay = newRelay({ batchSize: BATCH });
    const busy = '00000000-0000-4000-8000-0000000000b1';
    const backlog = Array.from({ length: 3 * BATCH }, () => buildEvent({ workspace_id: busy }));
    await transactWithEvents(connection, relay, async (_session, emit) => emit(...backlog));
    const others = Array.from({ length: FAIR_SHARE_WORKSPACES + 5 }, (_, index) =>
      buildEvent({ workspace_id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}` }),
    );
    for (const event of others) await transactWithEvents(connection, relay, async (_session, emit) => emit(event));

    expect(await relay.relayBatch()).toBe(BATCH + FAIR_SHARE_WORKSPACES);
    expect(await relay.relayBatch()).toBe(BATCH + 5);

    expect(receivedIds()).toEqual(
      [
        ...backlog.slice(0, BATCH),
        ...others.slice(0, FAIR_SHARE_WORKSPACES),
        ...backlog.slice(BATCH, 2 * BATCH),
        ...others.slice(FAIR_SHARE_WORKSPACES),
      ].map((event) => event.id),
    );
  });

  test('a committed event is published exactly once, with its change, and its row is deleted', async () => {
    const relay = newRelay();
    relay.start();
    const event = buildEvent({ type: 'crm.company.created' });

    await transactWithEvents(connection, relay, async (session, emit) => {
      await companyModel(connection).create([{ _id: 'c-1', name: 'Acme' }], { session });
      emit(event);
    });
    await waitFor(
      async () => received.length === 1 && (await outboxModel(connection).exists({ _id: event.id })) === null,
      'the event published and its row gone',
    );
    // More rounds find nothing left to publish.
    relay.kick();
    expect(await relay.relayBatch()).toBe(0);

    expect(receivedIds()).toEqual([event.id]);
    expect(received[0]).toEqual(event);
    expect(await companyModel(connection).exists({ _id: 'c-1' })).not.toBeNull();
    expect(await outboxModel(connection).countDocuments()).toBe(0);
  });

  test('a row recorded before the outbox kept events serialized is published as it was recorded, in its turn', async () => {
    const older = buildEvent({ type: 'crm.company.created', data: { name: 'Acme', when: '2026-01-01' } });
    const created = new Date(Date.now() - 1000);
    await outboxModel(connection).collection.insertOne({
      _id: older.id,
      event: older,
      ...waitingFields(created),
    } as never);
    const newer = buildEvent({ type: 'crm.company.updated' });
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(newer));
    expect(await outboxModel(connection).findById(newer.id).lean()).toMatchObject({
      body: JSON.stringify(newer),
      type: 'crm.company.updated',
      occurred_at: newer.occurred_at,
    });

    expect(await newRelay().relayBatch()).toBe(2);

    expect(received).toEqual([older, newer]);
    expect(await outboxModel(connection).countDocuments()).toBe(0);
  });

  test('while changes keep coming, the relay lingers after a round so the next one carries several events', async () => {
    const rounds: string[][] = [];
    const counting: Pick<EventBus, 'publish'> = {
      publish: async (events) => {
        rounds.push(events.map((event) => event.id));
        await bus.publish(events);
      },
    };
    const relay = newRelay({ bus: counting, lingerMs: 1000 });
    relay.start();
    const first = buildEvent();
    await transactWithEvents(connection, relay, async (_session, emit) => emit(first));
    // The first change after a quiet spell goes out at once.
    await waitFor(() => rounds.length === 1, 'the first round');
    const more = Array.from({ length: 3 }, () => buildEvent());
    for (const event of more) await transactWithEvents(connection, relay, async (_session, emit) => emit(event));
    await waitFor(() => received.length === 4, 'every event published');

    expect(rounds).toEqual([[first.id], more.map((event) => event.id)]);
  });

  test('a stop while the relay lingers ends it at once, without waiting out the poll interval', async () => {
    const hour = 60 * 60 * 1000;
    const relay = newRelay({ lingerMs: hour, pollIntervalMs: hour });
    relay.start();
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(buildEvent()));
    relay.kick();
    // Published and its row gone: the round is over and the relay lingers for more. A stop that
    // then waited out the hour-long poll would time the test out.
    await waitFor(
      async () => received.length === 1 && (await outboxModel(connection).countDocuments()) === 0,
      'the round',
    );
    await relay.stop();
  });

  test('a quiet relay looks less and less often, up to its longest wait; rows sent or a kick bring it back to the shortest', async () => {
    const pauses = heldPauses();
    const relay = newRelay({ pollIntervalMs: 100, maxPollIntervalMs: 800, lingerMs: 0, pause: pauses.pause });
    relay.start();
    await pauses.letLook(5);
    expect(pauses.asked).toEqual([100, 200, 400, 800, 800]);

    // Rows another process recorded (no kick) go out at the next look; then it looks again soon.
    const event = buildEvent();
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(event));
    pauses.elapse();
    await pauses.looked(6);
    await waitFor(() => received.length === 1, 'the event');
    expect(receivedIds()).toEqual([event.id]);
    pauses.elapse();
    await pauses.looked(7);
    expect(pauses.asked.slice(5)).toEqual([100, 200]);

    // A kick wakes it at once, and its waits start again from the shortest.
    relay.kick();
    await pauses.looked(8);
    expect(pauses.asked.slice(7)).toEqual([100]);
  });

  test('rows the relay failed to send are looked for again when they are due, whatever its wait', async () => {
    const event = buildEvent();
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(event));
    // The relay's clock starts once the row is recorded: the row is free at its first round.
    const start = Date.now();
    let offsetMs = 0;
    let brokerAway = true;
    const flaky: Pick<EventBus, 'publish'> = {
      publish: async (events) => {
        if (brokerAway) throw new Error('broker away');
        await bus.publish(events);
      },
    };
    const pauses = heldPauses();
    const relay = newRelay({
      bus: flaky,
      pollIntervalMs: 1000,
      maxPollIntervalMs: 8000,
      retryDelayMs: 300,
      lingerMs: 0,
      now: () => new Date(start + offsetMs),
      pause: pauses.pause,
    });
    relay.start();
    await waitFor(() => pauses.asked.length === 1, 'the failed round');
    expect(pauses.asked).toEqual([300]);

    brokerAway = false;
    offsetMs = 300;
    pauses.elapse();
    await waitFor(() => pauses.asked.length === 2 && received.length === 1, 'the retry');
    expect(receivedIds()).toEqual([event.id]);
    expect(pauses.asked).toEqual([300, 1000]);
  });

  test('with a retention, a sent row is kept, marked sent', async () => {
    const relay = newRelay({ retentionMs: 60000 });
    const event = buildEvent();
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(event));

    expect(await relay.relayBatch()).toBe(1);

    expect(receivedIds()).toEqual([event.id]);
    const row = await outboxModel(connection).findById(event.id).lean();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, claimed_until: null, last_error: null });
    expect(row?.sent_at).toBeInstanceOf(Date);
  });

  test('the retention comes from OUTBOX_SENT_RETENTION_MS, refusing what is not a duration', () => {
    expect(sentRetentionOf({})).toBe(0);
    expect(sentRetentionOf({ OUTBOX_SENT_RETENTION_MS: '600000' })).toBe(600_000);
    for (const bad of ['-1', '1.5', 'ten minutes', String(25 * 60 * 60 * 1000)])
      expect(() => sentRetentionOf({ OUTBOX_SENT_RETENTION_MS: bad })).toThrow(/OUTBOX_SENT_RETENTION_MS/);
  });

  test('an exclusive relay (the only one of its outbox) publishes without claiming first', async () => {
    const events = Array.from({ length: 3 }, () => buildEvent());
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(...events));
    const model = outboxModel(connection);
    const updates = jest.spyOn(model, 'updateMany');
    const relay = newRelay({ exclusive: true, retentionMs: 60000 });

    expect(await relay.relayBatch()).toBe(3);

    expect(receivedIds()).toEqual(events.map((event) => event.id));
    // One update: marking them sent, none to claim them.
    expect(updates).toHaveBeenCalledTimes(1);
    expect(await model.countDocuments({ status: 'sent' })).toBe(3);
    updates.mockRestore();
  });

  test('recording events outside a transaction is refused', async () => {
    const session = await connection.startSession();
    try {
      await expect(recordEvents(connection, [buildEvent()], session)).rejects.toThrow(/inside a transaction/);
    } finally {
      await session.endSession();
    }
  });

  test('a relay whose publish fails keeps the rows pending and publishes them on a later round', async () => {
    let failuresLeft = 1;
    const flakyBus: Pick<EventBus, 'publish'> = {
      publish: async (events) => {
        if (failuresLeft-- > 0) throw new Error('broker unreachable');
        await bus.publish(events);
      },
    };
    const relay = newRelay({ bus: flakyBus, retryDelayMs: 10, retentionMs: 60000 });
    const event = buildEvent();
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(event));

    relay.start();
    await waitFor(() => received.length === 1, 'the retried publish');

    expect(receivedIds()).toEqual([event.id]);
    const row = await outboxModel(connection).findById(event.id).lean();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  test('after a failed publish the row waits for its backoff before it is claimed again', async () => {
    let offsetMs = 0;
    const clock = () => new Date(Date.now() + offsetMs);
    const failing: Pick<EventBus, 'publish'> = {
      publish: async () => {
        throw new Error('broker unreachable');
      },
    };
    const event = buildEvent();
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(event));

    expect(await newRelay({ bus: failing, retryDelayMs: 60000, now: clock }).relayBatch()).toBe(0);
    const failed = await outboxModel(connection).findById(event.id).lean();
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      claimed_until: null,
      last_error: 'broker unreachable',
    });

    const relay = newRelay({ now: clock });
    expect(await relay.relayBatch()).toBe(0);
    offsetMs = 61000;
    expect(await relay.relayBatch()).toBe(1);
    expect(receivedIds()).toEqual([event.id]);
  });

  test('two relays claiming at the same time never publish the same row twice', async () => {
    const events = Array.from({ length: 40 }, () => buildEvent());
    for (let index = 0; index < events.length; index += 5) {
      await transactWithEvents(connection, undefined, async (_session, emit) =>
        emit(...events.slice(index, index + 5)),
      );
    }
    const first = newRelay({ batchSize: 7 });
    const second = newRelay({ batchSize: 7 });

    let published = 0;
    for (;;) {
      // Both read the same candidates before either claims: the claim decides.
      const [a, b] = await Promise.all([first.relayBatch(), second.relayBatch()]);
      published += a + b;
      if (a + b === 0) break;
    }

    expect(published).toBe(events.length);
    expect(receivedIds().sort()).toEqual(events.map((event) => event.id).sort());
    expect(await outboxModel(connection).countDocuments()).toBe(0);
  });

  test('rows claimed by a relay that is still publishing are not taken by another relay', async () => {
    const gate = deferred();
    let slowPublishStarted = false;
    const slowBus: Pick<EventBus, 'publish'> = {
      publish: async (events) => {
        slowPublishStarted = true;
        await gate.promise;
        await bus.publish(events);
      },
    };
    const event = buildEvent();
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(event));

    const slow = newRelay({ bus: slowBus }).relayBatch();
    await waitFor(() => slowPublishStarted, 'the slow relay to claim and publish');
    expect(await newRelay().relayBatch()).toBe(0);
    gate.resolve();

    expect(await slow).toBe(1);
    expect(receivedIds()).toEqual([event.id]);
  });

  test('the sweeper frees rows whose claim expired (their relay died mid-batch) and they are published', async () => {
    const stuck = buildEvent();
    const held = buildEvent();
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(stuck, held));
    const outbox = outboxModel(connection);
    await outbox.updateOne(
      { _id: stuck.id },
      { $set: { claimed_until: new Date(Date.now() - 1000), claim_token: 'dead-relay' } },
    );
    await outbox.updateOne(
      { _id: held.id },
      { $set: { claimed_until: new Date(Date.now() + 60000), claim_token: 'live-relay' } },
    );
    const relay = newRelay();

    expect(await relay.relayBatch()).toBe(0);
    expect(await relay.sweep()).toEqual({ released: 1, deleted: 0, pruned: 0 });
    expect(await relay.relayBatch()).toBe(1);

    expect(receivedIds()).toEqual([stuck.id]);
    expect(await outbox.findById(held.id).lean()).toMatchObject({ status: 'pending', claim_token: 'live-relay' });
  });

  test('a row that can never be published is retried on its own and parked, visible, while the others go out', async () => {
    let offsetMs = 0;
    const clock = () => new Date(Date.now() + offsetMs);
    const poison = buildEvent({ data: { name: 'too big for the broker' } });
    const fine = [buildEvent(), buildEvent()];
    const picky: Pick<EventBus, 'publish'> = {
      publish: async (events) => {
        if (events.some((event) => event.id === poison.id)) throw new Error('message rejected');
        await bus.publish(events);
      },
    };
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(poison, ...fine));
    const relay = newRelay({ bus: picky, maxAttempts: 3, retryDelayMs: 1000, now: clock });

    // The first batch fails as a whole; then the failed rows go one at a time.
    expect(await relay.relayBatch()).toBe(0);
    for (let round = 0; round < 6; round++) {
      offsetMs += 10000;
      await relay.relayBatch();
    }

    expect(receivedIds().sort()).toEqual(fine.map((event) => event.id).sort());
    expect(await outboxBacklog(connection, clock())).toMatchObject({ pending: 0, parked: 1, oldest_pending_ms: 0 });
    expect(await parkedOutboxRows(connection)).toEqual([
      expect.objectContaining({ _id: poison.id, status: 'parked', attempts: 3, last_error: 'message rejected' }),
    ]);

    // Once the cause is fixed, an operator puts it back in line.
    expect(await retryParkedOutboxRow(connection, poison.id, clock())).toBe(true);
    expect(await newRelay({ now: clock }).relayBatch()).toBe(1);
    expect(receivedIds()).toContain(poison.id);
    expect(await outboxBacklog(connection, clock())).toMatchObject({ pending: 0, parked: 0 });
  });

  test('the backlog counts pending rows and the age of the oldest', async () => {
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(buildEvent(), buildEvent()));
    const row = await outboxModel(connection).findOne({}).sort({ created_at: 1 }).lean();
    const backlog = await outboxBacklog(connection, new Date(row!.created_at.getTime() + 5000));
    expect(backlog).toEqual({ pending: 2, parked: 0, oldest_pending_ms: 5000 });
  });

  test('the sweeper prunes processed-event ids older than their retention', async () => {
    let offsetMs = 0;
    const clock = () => new Date(Date.now() + offsetMs);
    const handler = consumeIdempotently(connection, 'counter', async () => undefined);
    const old = buildEvent();
    await handler(old);
    offsetMs = 6 * 24 * 3600 * 1000;
    const relay = newRelay({ now: clock, processedRetentionMs: 7 * 24 * 3600 * 1000 });
    expect((await relay.sweep()).pruned).toBe(0);

    offsetMs = 8 * 24 * 3600 * 1000;
    const recent = buildEvent();
    await processedEventModel(connection).create({
      _id: `counter:${recent.id}`,
      consumer: 'counter',
      event_id: recent.id,
      processed_at: clock(),
    });
    expect((await relay.sweep()).pruned).toBe(1);

    expect(await processedEventModel(connection).countDocuments({ event_id: old.id })).toBe(0);
    expect(await processedEventModel(connection).countDocuments({ event_id: recent.id })).toBe(1);
  });

  test('the sweeper deletes sent rows older than the retention and keeps recent ones', async () => {
    let offsetMs = 0;
    const relay = newRelay({ retentionMs: 60000, now: () => new Date(Date.now() + offsetMs) });
    const old = buildEvent();
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(old));
    await relay.relayBatch();
    offsetMs = 30000;
    const recent = buildEvent();
    await transactWithEvents(connection, undefined, async (_session, emit) => emit(recent));
    await relay.relayBatch();

    offsetMs = 61000;
    expect(await relay.sweep()).toEqual({ released: 0, deleted: 1, pruned: 0 });

    expect(await outboxModel(connection).exists({ _id: old.id })).toBeNull();
    expect(await outboxModel(connection).exists({ _id: recent.id })).not.toBeNull();
  });
});

describe('idempotent consumer', () => {
  let database: TestDatabase;
  let connection: Connection;

  beforeEach(async () => {
    database = await openTestDatabase();
    connection = database.connection;
  });

  afterEach(async () => {
    await database.close();
  });

  const applyOnce = (connection: Connection) =>
    consumeIdempotently(connection, 'counter', async (event, session) => {
      await appliedModel(connection).updateOne({ _id: event.id }, { $inc: { applied: 1 } }, { upsert: true, session });
    });

  test('the same event delivered twice runs the handler once', async () => {
    const handler = applyOnce(connection);
    const event = buildEvent();

    await handler(event);
    await handler(event);

    expect(await appliedModel(connection).findById(event.id).lean()).toEqual({ _id: event.id, applied: 1 });
    expect(await processedEventModel(connection).countDocuments({ consumer: 'counter', event_id: event.id })).toBe(1);
  });

  test('a store from before drops the pair index its _id repeats, once, and still applies an event once', async () => {
    // As an earlier version left it: a row with its type, and the unique index on the pair.
    const collection = connection.db!.collection(PROCESSED_EVENTS_COLLECTION);
    const earlier = buildEvent();
    await collection.insertOne({
      _id: `counter:${earlier.id}` as never,
      consumer: 'counter',
      event_id: earlier.id,
      type: earlier.type,
      processed_at: new Date(),
    });
    await collection.createIndex({ consumer: 1, event_id: 1 }, { unique: true, name: PROCESSED_EVENT_PAIR_INDEX });

    expect(await dropProcessedEventPairIndex(connection)).toBe(1);
    expect((await collection.listIndexes().toArray()).map((index) => index.name)).not.toContain(
      PROCESSED_EVENT_PAIR_INDEX,
    );
    expect(await dropProcessedEventPairIndex(connection)).toBe(0);

    const handler = applyOnce(connection);
    const event = buildEvent();
    await handler(earlier);
    await handler(event);
    await handler(event);
    expect(await appliedModel(connection).findById(earlier.id).lean()).toBeNull();
    expect(await appliedModel(connection).findById(event.id).lean()).toEqual({ _id: event.id, applied: 1 });
    expect(
      await collection.findOne({ _id: `counter:${event.id}` as never }, { projection: { _id: 0, processed_at: 0 } }),
    ).toEqual({
      consumer: 'counter',
      event_id: event.id,
    });
  });

  test('through the bus: a duplicate publish is acknowledged without applying the event again', async () => {
    const bus = new InProcessEventBus({ logger: testLogger, broker: new InProcessBroker({ retryDelayMs: 0 }) });
    await bus.subscribe('counter', ['crm.#'], applyOnce(connection));
    const event = buildEvent();

    await bus.publish([event]);
    await bus.publish([event]);
    await bus.close();

    expect(await appliedModel(connection).findById(event.id).lean()).toEqual({ _id: event.id, applied: 1 });
  });

  test('concurrent deliveries of the same event (a redelivery while the first is still running) apply it once', async () => {
    const handler = applyOnce(connection);
    const event = buildEvent();

    const outcomes = await Promise.allSettled([handler(event), handler(event), handler(event)]);
    // A loser may fail, and the transport redelivers it: that delivery finds the event processed.
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected').length;
    for (let redelivery = 0; redelivery < failed; redelivery++) await handler(event);

    expect(outcomes.some((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect(await appliedModel(connection).findById(event.id).lean()).toEqual({ _id: event.id, applied: 1 });
  });

  test('a failed handler rolls back its writes and the processed mark, so the redelivery applies it once', async () => {
    let calls = 0;
    const handler = consumeIdempotently(connection, 'flaky', async (event, session) => {
      calls++;
      await appliedModel(connection).updateOne({ _id: event.id }, { $inc: { applied: 1 } }, { upsert: true, session });
      if (calls === 1) throw new Error('failed after writing');
    });
    const event = buildEvent();

    await expect(handler(event)).rejects.toThrow('failed after writing');
    expect(await appliedModel(connection).findById(event.id).lean()).toBeNull();
    await handler(event);

    expect(calls).toBe(2);
    expect(await appliedModel(connection).findById(event.id).lean()).toEqual({ _id: event.id, applied: 1 });
  });

  test('processed ids are kept per consumer: another consumer still handles the event', async () => {
    const event = buildEvent();
    const handledBy: string[] = [];
    const forConsumer = (name: string) =>
      consumeIdempotently(connection, name, async () => {
        handledBy.push(name);
      });

    await forConsumer('audit')(event);
    await forConsumer('search')(event);
    await forConsumer('audit')(event);

    expect(handledBy).toEqual(['audit', 'search']);
  });

  test('a batch applies each event not yet processed once, in order, and commits all or nothing', async () => {
    const order: string[] = [];
    const apply = (fail?: string) => async (event: EventEnvelope, session: ClientSession) => {
      order.push(event.id);
      await appliedModel(connection).updateOne({ _id: event.id }, { $inc: { applied: 1 } }, { upsert: true, session });
      if (event.id === fail) throw new Error('a bad event');
    };
    const [done, first, second, bad] = [buildEvent(), buildEvent(), buildEvent(), buildEvent()];
    await consumeIdempotently(connection, 'counter', apply())(done);
    order.length = 0;

    await expect(consumeBatchIdempotently(connection, 'counter', [first, bad, second], apply(bad.id))).rejects.toThrow(
      'a bad event',
    );
    expect(await appliedModel(connection).countDocuments({ _id: { $in: [first.id, bad.id] } })).toBe(0);
    expect(await processedEventModel(connection).countDocuments({ consumer: 'counter', event_id: first.id })).toBe(0);

    order.length = 0;
    await consumeBatchIdempotently(connection, 'counter', [done, first, second, first], apply());
    expect(order).toEqual([first.id, second.id]);
    const applied = await appliedModel(connection).find({}).sort({ _id: 1 }).lean();
    expect(applied).toEqual(
      [done, first, second].map((event) => ({ _id: event.id, applied: 1 })).sort((a, b) => a._id.localeCompare(b._id)),
    );
    expect(await processedEventModel(connection).countDocuments({ consumer: 'counter' })).toBe(3);
  });
});
