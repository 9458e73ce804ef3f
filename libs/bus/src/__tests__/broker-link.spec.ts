import { MessageChannel } from 'node:worker_threads';
import { BrokerLink } from '../broker-link';
import type { EventEnvelope } from '../event-envelope';
import { InProcessBroker, InProcessEventBus } from '../in-process-bus';
import { buildEvent, deferred, testLogger, waitFor } from './helpers';

// Two brokers joined as two threads' would be: each side's link on one end of a channel.
function linkedBrokers() {
  const channel = new MessageChannel();
  const near = new InProcessBroker({ retryDelayMs: 0 });
  const far = new InProcessBroker({ retryDelayMs: 0 });
  const nearLink = new BrokerLink(near, channel.port1);
  const farLink = new BrokerLink(far, channel.port2);
  return {
    near: new InProcessEventBus({ logger: testLogger, broker: near }),
    far: new InProcessEventBus({ logger: testLogger, broker: far }),
    farBroker: far,
    nearLink,
    farLink,
    close: () => nearLink.close(),
  };
}

const idsOf = (events: readonly EventEnvelope[]) => events.map((event) => event.id);

describe('brokers linked across threads', () => {
  test("what either side publishes reaches both sides' consumers, routed by pattern", async () => {
    const { near, far, close } = linkedBrokers();
    const received: Record<string, string[]> = { nearAll: [], farCrm: [], farIdentity: [] };
    const record = (name: string) => async (event: EventEnvelope) => {
      received[name].push(event.id);
    };
    await near.subscribe('near-all', ['#'], record('nearAll'));
    await far.subscribe('far-crm', ['crm.#'], record('farCrm'));
    await far.subscribe('far-identity', ['identity.#'], record('farIdentity'));
    const company = buildEvent({ type: 'crm.company.created' });
    const member = buildEvent({ type: 'identity.member.added' });

    await near.publish([company]);
    await far.publish([member]);

    expect(received).toEqual({ nearAll: [company.id, member.id], farCrm: [company.id], farIdentity: [member.id] });
    close();
  });

  test("a publish resolves only once the far side's consumer has handled the events, in batches as published", async () => {
    const { near, far, close } = linkedBrokers();
    const gate = deferred();
    const batches: string[][] = [];
    await far.subscribeBatch('far-batch', ['#'], async (events) => {
      await gate.promise;
      batches.push(idsOf(events));
    });
    const events = [buildEvent({ workspace_id: 'w1' }), buildEvent({ workspace_id: 'w1' })];
    let settled = false;

    const publishing = near.publish(events).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    gate.resolve();
    await publishing;

    expect(batches.flat()).toEqual(idsOf(events));
    close();
  });

  test('a far consumer that keeps failing dead-letters on its own side; the publish still resolves', async () => {
    const { near, far, farBroker, close } = linkedBrokers();
    await far.subscribe('far-failing', ['#'], async () => {
      throw new Error('cannot handle');
    });
    const event = buildEvent();

    await near.publish([event]);

    expect(farBroker.deadLetters('far-failing')).toEqual([
      expect.objectContaining({ event: expect.objectContaining({ id: event.id }), reason: 'cannot handle' }),
    ]);
    close();
  });

  test('a far consumer closing before it handled the events fails the publish, so the outbox keeps them', async () => {
    const { near, far, close } = linkedBrokers();
    const gate = deferred();
    await far.subscribe('far-single', ['#'], async () => gate.promise, { prefetch: 1 });

    const publishing = near.publish([buildEvent(), buildEvent()]);
    await waitFor(async () => (await far.backlog('far-single')) === 2, 'the far side to hold both events');
    const closing = far.close();
    gate.resolve();

    await expect(publishing).rejects.toThrow(/linked broker: consumer far-single closed before handling the event/);
    await closing;
    close();
  });

  test('a link closed while the far side works fails the waiting publish; after it, each side publishes to its own', async () => {
    const { near, far, close } = linkedBrokers();
    const gate = deferred();
    const nearSeen: string[] = [];
    await far.subscribe('far-slow', ['#'], async () => gate.promise);
    await near.subscribe('near-own', ['#'], async (event) => {
      nearSeen.push(event.id);
    });
    const first = buildEvent();

    const publishing = near.publish([first]);
    await waitFor(async () => (await far.backlog('far-slow')) === 1, 'the far side to take the event');
    close();
    await expect(publishing).rejects.toThrow(/linked broker is gone/);
    gate.resolve();

    const second = buildEvent();
    await near.publish([second]);
    expect(nearSeen).toEqual([first.id, second.id]);
  });
});
