import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase } from '@crm/kit';
import type { Connection } from 'mongoose';
import { deadLetterCount, listDeadLetters, replayDeadLetter } from '../dead-letters';
import type { EventEnvelope } from '../event-envelope';
import { InProcessBroker, InProcessEventBus } from '../in-process-bus';
import { buildEvent, testLogger } from './helpers';

describe('durable dead letters of the in-process bus', () => {
  let dataDir: string;
  let connection: Connection;
  const buses: InProcessEventBus[] = [];

  const newBus = () => {
    const bus = new InProcessEventBus({
      logger: testLogger,
      broker: new InProcessBroker({ retryDelayMs: 0 }),
      connection,
    });
    buses.push(bus);
    return bus;
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'dead-letters-test-'));
    connection = await connectDatabase({ service: 'dead-letters-test', dataDir });
  });

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
    await connection.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('an event that failed every delivery is stored, survives a restart, and can be replayed once fixed', async () => {
    let fixed = false;
    const applied: string[] = [];
    const handler = async (event: EventEnvelope) => {
      if (!fixed) throw new Error('search index unreachable');
      applied.push(event.id);
    };
    const bus = newBus();
    await bus.subscribe('search-index', ['crm.#'], handler, { maxDeliveries: 2 });
    const event = buildEvent();
    await bus.publish([event]);

    expect(await listDeadLetters(connection, { consumer: 'search-index' })).toEqual([
      expect.objectContaining({
        consumer: 'search-index',
        event_id: event.id,
        type: event.type,
        reason: 'search index unreachable',
        deliveries: 2,
      }),
    ]);

    expect(await bus.deadLetterCount('search-index')).toBe(1);

    // The process restarts: the letter is still there.
    await bus.close();
    await connection.close();
    connection = await connectDatabase({ service: 'dead-letters-test', dataDir });
    const [letter] = await listDeadLetters(connection);
    expect(letter.event_id).toBe(event.id);
    expect(await deadLetterCount(connection, 'search-index')).toBe(1);

    fixed = true;
    const restarted = newBus();
    await restarted.subscribe('search-index', ['crm.#'], handler);
    expect(await replayDeadLetter(connection, restarted, letter._id)).toBe(true);

    expect(applied).toEqual([event.id]);
    expect(await deadLetterCount(connection)).toBe(0);
  });

  test('a poison message is stored with its body', async () => {
    const bus = newBus();
    await bus.subscribe('strict', ['#'], async () => undefined);
    // Not an envelope, as a broken producer on the wire would send it.
    const invalid = { ...buildEvent(), id: 'not-a-uuid' };
    await bus.publish([invalid]);

    expect(await listDeadLetters(connection, { consumer: 'strict' })).toEqual([
      expect.objectContaining({
        event_id: null,
        type: null,
        body: JSON.stringify(invalid),
        reason: expect.stringMatching(/id must be a UUID/),
      }),
    ]);
  });
});
