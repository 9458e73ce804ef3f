import { currentContext, type RequestContext } from '@crm/kit';
import { createEventBus } from '../create-event-bus';
import type { EventEnvelope } from '../event-envelope';
import { InProcessBroker, InProcessEventBus } from '../in-process-bus';
import { buildEvent, deferred, testLogger, waitFor } from './helpers';

const nameOf = (event: EventEnvelope) => String((event.data as { name?: unknown }).name);

// Each test gets its own broker (no retry pause), so nothing leaks between tests.
function newBus() {
  const broker = new InProcessBroker({ retryDelayMs: 0 });
  return { broker, bus: new InProcessEventBus({ logger: testLogger, broker }) };
}

describe('in-process event bus', () => {
  test('routes by topic pattern: * is one word, # is zero or more', async () => {
    const { bus } = newBus();
    const received: Record<string, string[]> = { created: [], crm: [], identity: [] };
    const record = (name: string) => async (event: EventEnvelope) => {
      received[name].push(event.type);
    };
    await bus.subscribe('created', ['crm.*.created'], record('created'));
    await bus.subscribe('crm', ['crm.#'], record('crm'));
    await bus.subscribe('identity', ['identity.#', 'billing.subscription.*'], record('identity'));

    await bus.publish([
      buildEvent({ type: 'crm.company.created' }),
      buildEvent({ type: 'crm.deal.updated' }),
      buildEvent({ type: 'identity.member.added' }),
      buildEvent({ type: 'billing.subscription.changed' }),
    ]);

    expect(received.created).toEqual(['crm.company.created']);
    expect(received.crm).toEqual(['crm.company.created', 'crm.deal.updated']);
    expect(received.identity).toEqual(['identity.member.added', 'billing.subscription.changed']);
    await bus.close();
  });

  test('consumers share one frozen copy of the event: none changes what another or the publisher holds', async () => {
    const { bus, broker } = newBus();
    const published = buildEvent({ data: { name: 'Acme', address: { city: 'Oslo' } } });
    const seenBySecond: EventEnvelope[] = [];
    const seenByThird: EventEnvelope[] = [];
    await bus.subscribe(
      'changing',
      ['#'],
      async (event) => {
        (event.data as { address: { city: string } }).address.city = 'changed by a consumer';
      },
      { maxDeliveries: 2 },
    );
    await bus.subscribe('second', ['#'], async (event) => {
      seenBySecond.push(event);
    });
    await bus.subscribeBatch('third', ['#'], async (events) => {
      seenByThird.push(...events);
    });

    await bus.publish([published]);

    // Parsed once for all of them, not the publisher's object, and read-only at every depth.
    expect(seenBySecond).toEqual([published]);
    expect(seenBySecond[0]).not.toBe(published);
    expect(seenByThird[0]).toBe(seenBySecond[0]);
    expect(Object.isFrozen((seenBySecond[0].data as { address: object }).address)).toBe(true);
    expect(published.data).toEqual({ name: 'Acme', address: { city: 'Oslo' } });
    // The consumer that tried to change it failed as on a broken event: retried, then dead-lettered.
    expect(broker.deadLetters('changing')).toEqual([
      expect.objectContaining({ event: published, deliveries: 2, reason: expect.stringMatching(/read only/) }),
    ]);
    await bus.close();
  });

  test('a failing handler is retried up to maxDeliveries, then dead-lettered; other consumers are unaffected', async () => {
    const { bus, broker } = newBus();
    let failingCalls = 0;
    let healthyCalls = 0;
    await bus.subscribe(
      'failing',
      ['crm.#'],
      async () => {
        failingCalls++;
        throw new Error('database down');
      },
      { maxDeliveries: 3 },
    );
    await bus.subscribe('healthy', ['crm.#'], async () => {
      healthyCalls++;
    });
    const event = buildEvent();

    await bus.publish([event]);

    expect(failingCalls).toBe(3);
    expect(healthyCalls).toBe(1);
    expect(broker.deadLetters('failing')).toEqual([
      expect.objectContaining({ consumer: 'failing', event, deliveries: 3, reason: 'database down' }),
    ]);
    expect(broker.deadLetters('healthy')).toEqual([]);
    await bus.close();
  });

  test('a handler that fails transiently succeeds on redelivery and is not dead-lettered', async () => {
    const { bus, broker } = newBus();
    let calls = 0;
    await bus.subscribe('flaky', ['#'], async () => {
      calls++;
      if (calls < 3) throw new Error('transient');
    });

    await bus.publish([buildEvent()]);

    expect(calls).toBe(3);
    expect(broker.deadLetters()).toEqual([]);
    await bus.close();
  });

  test('an invalid envelope is dead-lettered as poison without reaching the handler', async () => {
    const { bus, broker } = newBus();
    let calls = 0;
    await bus.subscribe('strict', ['#'], async () => {
      calls++;
    });
    const invalid = { ...buildEvent(), id: 'not-a-uuid' };

    await bus.publish([invalid]);

    expect(calls).toBe(0);
    expect(broker.deadLetters('strict')).toEqual([
      expect.objectContaining({ event: null, deliveries: 1, body: JSON.stringify(invalid) }),
    ]);
    await bus.close();
  });

  test('publish resolves only after every matching consumer has handled the event', async () => {
    const { bus } = newBus();
    const gate = deferred();
    let started = false;
    let handled = false;
    await bus.subscribe('slow', ['#'], async () => {
      started = true;
      await gate.promise;
      handled = true;
    });
    await bus.subscribe('fast', ['#'], async () => undefined);
    let publishSettled = false;

    const publishing = bus.publish([buildEvent()]).then(() => {
      publishSettled = true;
    });
    await waitFor(() => started, 'the slow handler to start');
    expect(publishSettled).toBe(false);
    gate.resolve();
    await publishing;

    expect(handled).toBe(true);
    await bus.close();
  });

  test('closing a consumer rejects the publish of events it had not started, so the outbox keeps them', async () => {
    const { bus } = newBus();
    const gate = deferred();
    const handledIds: string[] = [];
    await bus.subscribe(
      'single',
      ['#'],
      async (event) => {
        await gate.promise;
        handledIds.push(event.id);
      },
      { prefetch: 1 },
    );
    const [first, second] = [buildEvent(), buildEvent()];

    const publishing = bus.publish([first, second]);
    const closing = bus.close();
    gate.resolve();

    await expect(publishing).rejects.toThrow(/closed before handling/);
    await closing;
    expect(handledIds).toEqual([first.id]);
  });

  test('services in one process share the broker: one service consumes what another publishes', async () => {
    const identity = createEventBus({ logger: testLogger });
    const crmCore = createEventBus({ logger: testLogger });
    const received: string[] = [];
    await identity.subscribe('identity-audit-shared-test', ['crm.#'], async (event) => {
      received.push(event.id);
    });
    const event = buildEvent();

    await crmCore.publish([event]);

    expect(received).toEqual([event.id]);
    await identity.close();
    await crmCore.publish([buildEvent()]);
    expect(received).toEqual([event.id]);
    await crmCore.close();
  });

  test('a consumer name can be subscribed once per process', async () => {
    const { bus } = newBus();
    await bus.subscribe('once', ['#'], async () => undefined);
    await expect(bus.subscribe('once', ['#'], async () => undefined)).rejects.toThrow(/already subscribed/);
    await bus.close();
  });

  test("runs a handler in the event's context: workspace, actor and trace", async () => {
    const { bus } = newBus();
    const seen: Array<RequestContext | undefined> = [];
    await bus.subscribe('context', ['#'], async () => {
      seen.push(currentContext());
    });
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const event = { ...buildEvent(), traceparent };

    await bus.publish([event]);

    expect(seen).toEqual([{ request_id: event.id, workspace_id: event.workspace_id, actor: event.actor, traceparent }]);
    await bus.close();
  });

  describe('a batch consumer', () => {
    test("takes waiting events together, split by workspace in each workspace's context, each workspace's in order", async () => {
      const { bus } = newBus();
      const [first, second] = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];
      const batches: Array<{ workspace: string | null | undefined; names: string[] }> = [];
      await bus.subscribeBatch('batched', ['crm.#'], async (events) => {
        batches.push({ workspace: currentContext()?.workspace_id, names: events.map((event) => nameOf(event)) });
      });
      const events = ['a1', 'b1', 'a2', 'b2', 'a3'].map((name) =>
        buildEvent({ workspace_id: name.startsWith('a') ? first : second, data: { name } }),
      );

      await bus.publish(events);

      expect(batches).toEqual([
        { workspace: first, names: ['a1', 'a2', 'a3'] },
        { workspace: second, names: ['b1', 'b2'] },
      ]);
      await bus.close();
    });

    test('dead-letters an invalid envelope among its events and hands over the others together', async () => {
      const { bus, broker } = newBus();
      const batches: string[][] = [];
      await bus.subscribeBatch('strict-batches', ['crm.#'], async (events) => {
        batches.push(events.map((event) => nameOf(event)));
      });
      const workspace_id = '00000000-0000-4000-8000-000000000004';
      const invalid = { ...buildEvent({ workspace_id, data: { name: 'bad' } }), id: 'not-a-uuid' };
      const events = [
        buildEvent({ workspace_id, data: { name: 'first' } }),
        invalid,
        buildEvent({ workspace_id, data: { name: 'last' } }),
      ];

      await bus.publish(events);

      expect(batches).toEqual([['first', 'last']]);
      expect(broker.deadLetters('strict-batches')).toEqual([
        expect.objectContaining({ event: null, deliveries: 1, body: JSON.stringify(invalid) }),
      ]);
      await bus.close();
    });

    test('never takes more than maxBatch at once, and handles one batch at a time', async () => {
      const { bus } = newBus();
      const sizes: number[] = [];
      let running = 0;
      let overlapped = false;
      await bus.subscribeBatch(
        'small-batches',
        ['crm.#'],
        async (events) => {
          running++;
          overlapped ||= running > 1;
          sizes.push(events.length);
          await new Promise((resolve) => setImmediate(resolve));
          running--;
        },
        { maxBatch: 4 },
      );
      const workspace_id = '00000000-0000-4000-8000-000000000003';

      await bus.publish(Array.from({ length: 10 }, () => buildEvent({ workspace_id })));

      expect(sizes).toEqual([4, 4, 2]);
      expect(overlapped).toBe(false);
      await bus.close();
    });

    test("consumers take turns: two consumers' batches never run at once", async () => {
      const { bus } = newBus();
      let running = 0;
      let most = 0;
      const handled: string[] = [];
      const consumer = (name: string) => async (events: readonly EventEnvelope[]) => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        handled.push(`${name}:${events.length}`);
        running--;
      };
      await bus.subscribeBatch('first-turn', ['crm.#'], consumer('first'));
      await bus.subscribeBatch('second-turn', ['crm.#'], consumer('second'));
      const workspace_id = '00000000-0000-4000-8000-000000000005';

      await bus.publish(Array.from({ length: 3 }, () => buildEvent({ workspace_id })));

      expect(handled.sort()).toEqual(['first:3', 'second:3']);
      expect(most).toBe(1);
      await bus.close();
    });

    test("the pauses between a failing event's attempts hold no turn: other consumers go on meanwhile", async () => {
      const broker = new InProcessBroker({ retryDelayMs: 50 });
      const bus = new InProcessEventBus({ logger: testLogger, broker });
      const order: string[] = [];
      await bus.subscribeBatch(
        'always-failing',
        ['crm.#'],
        async () => {
          order.push('failing attempt');
          throw new Error('cannot store this');
        },
        { maxDeliveries: 3 },
      );
      await bus.subscribeBatch('healthy', ['crm.#'], async () => {
        order.push('healthy');
      });

      await bus.publish([buildEvent({ workspace_id: '00000000-0000-4000-8000-000000000006' })]);

      expect(order).toEqual(['failing attempt', 'healthy', 'failing attempt', 'failing attempt']);
      expect(broker.deadLetters('always-failing')).toHaveLength(1);
      await bus.close();
    });

    test('a failed batch is handed over one event at a time: the others are handled, the bad one is dead-lettered', async () => {
      const { bus, broker } = newBus();
      const handled: string[] = [];
      const calls: number[] = [];
      await bus.subscribeBatch(
        'picky',
        ['crm.#'],
        async (events) => {
          calls.push(events.length);
          if (events.some((event) => nameOf(event) === 'bad')) throw new Error('cannot store "bad"');
          handled.push(...events.map((event) => nameOf(event)));
        },
        { maxDeliveries: 2 },
      );
      const workspace_id = '00000000-0000-4000-8000-000000000004';
      const events = ['one', 'bad', 'three'].map((name) => buildEvent({ workspace_id, data: { name } }));

      await bus.publish(events);

      expect(handled).toEqual(['one', 'three']);
      // The batch, then each event alone, the bad one twice (maxDeliveries).
      expect(calls).toEqual([3, 1, 1, 1, 1]);
      expect(broker.deadLetters('picky')).toEqual([expect.objectContaining({ event: events[1], deliveries: 2 })]);
      expect(broker.deadLetters('picky')[0].reason).toMatch(/cannot store/);
      await bus.close();
    });
  });
});
