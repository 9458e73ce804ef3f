import amqp, { type Channel, type ChannelModel, type GetMessage } from 'amqplib';
import { currentContext, type RequestContext } from '@crm/kit';
import { queueNames } from '../event-bus';
import type { EventEnvelope } from '../event-envelope';
import { consumeIdempotently, processedEventModel } from '../idempotent-consumer';
import { RabbitEventBus } from '../rabbit-bus';
import { removeExchange } from '../rabbit-cleanup';
import { appliedModel, openTestDatabase, type TestDatabase } from './database';
import { buildEvent, deferred, testLogger, uniqueSuffix, waitFor } from './helpers';

const nameOf = (event: EventEnvelope) => String((event.data as { name?: unknown }).name);

const amqpUrl = process.env.AMQP_URL;
const describeRabbit = amqpUrl ? describe : describe.skip;
if (!amqpUrl) console.log('AMQP_URL is not set: skipping the RabbitMQ transport tests');

describe('RabbitMQ transport without a broker', () => {
  test('publish and subscribe fail after the bounded wait, so the outbox keeps the rows; ping fails too', async () => {
    // Port 1 refuses connections: the bus keeps reconnecting in the background.
    const bus = new RabbitEventBus({
      url: 'amqp://127.0.0.1:1',
      logger: testLogger,
      operationTimeoutMs: 200,
      initialReconnectDelayMs: 20,
    });
    await expect(bus.publish([buildEvent()])).rejects.toThrow(/not connected to RabbitMQ/);
    await expect(bus.ping()).rejects.toThrow(/not connected/);
    await expect(bus.subscribe('bustest.offline', ['bustest.#'], async () => undefined)).rejects.toThrow(
      'could not start consumer bustest.offline: not connected to RabbitMQ within 200 ms',
    );
    await bus.close();
  });
});

describeRabbit('RabbitMQ transport', () => {
  const exchange = `crm.test.${uniqueSuffix()}`;
  const consumers: string[] = [];
  const buses: RabbitEventBus[] = [];
  let admin: ChannelModel;
  let adminChannel: Channel;

  const newBus = (connect?: (url: string) => Promise<ChannelModel>) => {
    const bus = new RabbitEventBus({
      url: amqpUrl as string,
      logger: testLogger,
      exchange,
      initialReconnectDelayMs: 20,
      connect,
    });
    buses.push(bus);
    return bus;
  };
  const consumerName = (name: string) => {
    consumers.push(name);
    return name;
  };
  const type = (verb: string) => `bustest.item.${verb}`;

  async function drainDeadLetters(consumer: string, count: number): Promise<GetMessage[]> {
    const messages: GetMessage[] = [];
    await waitFor(async () => {
      const message = await adminChannel.get(queueNames(exchange, consumer).deadLetterQueue, { noAck: true });
      if (message) messages.push(message);
      return messages.length >= count;
    }, `${count} dead letter(s) for ${consumer}`);
    return messages;
  }

  beforeAll(async () => {
    admin = await amqp.connect(amqpUrl as string);
    adminChannel = await admin.createChannel();
  });

  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await removeExchange(amqpUrl as string, exchange, consumers);
    await admin.close();
  });

  test("runs the handler in the event's context: workspace, actor and the producer's trace", async () => {
    const bus = newBus();
    const seen: Array<RequestContext | undefined> = [];
    await bus.subscribe(consumerName('context'), [type('traced')], async () => {
      seen.push(currentContext());
    });
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const event = { ...buildEvent({ type: type('traced') }), traceparent };

    await bus.publish([event]);
    await waitFor(() => seen.length === 1, 'the traced event');

    expect(seen).toEqual([{ request_id: event.id, workspace_id: event.workspace_id, actor: event.actor, traceparent }]);
  });

  test('publishes persistent messages with confirms and routes each to every matching consumer queue', async () => {
    const bus = newBus();
    const items: EventEnvelope[] = [];
    const everything: EventEnvelope[] = [];
    await bus.subscribe(consumerName('items'), ['bustest.item.*'], async (event) => {
      items.push(event);
    });
    await bus.subscribe(consumerName('everything'), ['#'], async (event) => {
      everything.push(event);
    });
    const created = buildEvent({ type: type('created') });
    const placed = buildEvent({ type: 'bustest.order.placed' });

    await bus.publish([created, placed]);
    await waitFor(() => items.length === 1 && everything.length === 2, 'both consumers');

    expect(items).toEqual([created]);
    expect(everything.map((event) => event.id).sort()).toEqual([created.id, placed.id].sort());
    await bus.ping();
    const queue = await adminChannel.checkQueue(queueNames(exchange, 'everything').queue);
    expect(queue.consumerCount).toBe(1);
  });

  test('a poison message (invalid JSON or not an envelope) goes straight to the dead-letter queue', async () => {
    const bus = newBus();
    const consumer = consumerName('poison');
    const handled: string[] = [];
    await bus.subscribe(consumer, ['bustest.item.*'], async (event) => {
      handled.push(event.id);
    });
    const notAnEnvelope = JSON.stringify({ hello: 'world' });

    adminChannel.publish(exchange, type('created'), Buffer.from('{not json'), { persistent: true });
    adminChannel.publish(exchange, type('created'), Buffer.from(notAnEnvelope), { persistent: true });
    const dead = await drainDeadLetters(consumer, 2);

    expect(dead.map((message) => message.content.toString()).sort()).toEqual(['{not json', notAnEnvelope].sort());
    for (const message of dead) {
      expect(message.properties.headers?.['x-death']?.[0]).toMatchObject({
        reason: 'rejected',
        queue: queueNames(exchange, consumer).queue,
      });
    }
    // The consumer is still alive and handles valid events after the poison.
    const valid = buildEvent({ type: type('created') });
    await bus.publish([valid]);
    await waitFor(() => handled.length === 1, 'the valid event');
    expect(handled).toEqual([valid.id]);
  });

  test('a handler that always fails gets maxDeliveries deliveries, then the event is dead-lettered', async () => {
    const bus = newBus();
    const consumer = consumerName('always-failing');
    let calls = 0;
    await bus.subscribe(
      consumer,
      ['bustest.item.failed'],
      async () => {
        calls++;
        throw new Error('cannot handle this');
      },
      { maxDeliveries: 3 },
    );
    const event = buildEvent({ type: type('failed') });

    await bus.publish([event]);
    // Counted for a metrics gauge while it waits in the dead-letter queue.
    await waitFor(async () => (await bus.deadLetterCount(consumer)) === 1, 'the dead letter to be counted');
    expect(await bus.deadLetterCount(consumerName('never-subscribed'))).toBe(0);
    const [dead] = await drainDeadLetters(consumer, 1);

    expect(JSON.parse(dead.content.toString())).toEqual(event);
    expect(dead.properties.headers?.['x-death']?.[0]).toMatchObject({ reason: 'delivery_limit' });
    expect(calls).toBe(3);
    const queue = await adminChannel.checkQueue(queueNames(exchange, consumer).queue);
    expect(queue.messageCount).toBe(0);
  });

  test("a batch consumer takes what waits together, split by workspace in each workspace's context, in order", async () => {
    const bus = newBus();
    const consumer = consumerName('batched');
    const gate = deferred();
    const batches: Array<{ workspace: string | null | undefined; names: string[] }> = [];
    await bus.subscribeBatch(consumer, [type('batched')], async (events) => {
      // The first batch waits, so the rest gather behind it.
      if (batches.length === 0) await gate.promise;
      batches.push({ workspace: currentContext()?.workspace_id, names: events.map((event) => nameOf(event)) });
    });
    const [first, second] = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
    const opening = buildEvent({ type: type('batched'), workspace_id: first, data: { name: 'a0' } });
    await bus.publish([opening]);
    await waitFor(
      async () => (await adminChannel.checkQueue(queueNames(exchange, consumer).queue)).messageCount === 0,
      'the first event taken',
    );
    const rest = ['a1', 'b1', 'a2', 'b2'].map((name) =>
      buildEvent({ type: type('batched'), workspace_id: name.startsWith('a') ? first : second, data: { name } }),
    );
    await bus.publish(rest);
    // Out of the broker's queue is not yet in this process: wait until the bus holds all five.
    await waitFor(
      async () => (await adminChannel.checkQueue(queueNames(exchange, consumer).queue)).messageCount === 0,
      'the rest delivered',
    );
    await waitFor(async () => (await bus.backlog(consumer)) === 5, 'the rest taken by the bus');
    gate.resolve();
    await waitFor(() => batches.length === 3, 'three batches');

    expect(batches).toEqual([
      { workspace: first, names: ['a0'] },
      { workspace: first, names: ['a1', 'a2'] },
      { workspace: second, names: ['b1', 'b2'] },
    ]);
    // Every delivery was acknowledged (a batch with one ack): closing the channel returns none.
    await bus.close();
    expect((await adminChannel.checkQueue(queueNames(exchange, consumer).queue)).messageCount).toBe(0);
  });

  test('a failed batch is handed over one event at a time: the others are acked, the bad one is dead-lettered', async () => {
    const bus = newBus();
    const consumer = consumerName('picky-batch');
    const gate = deferred();
    const handled: string[] = [];
    const sizes: number[] = [];
    await bus.subscribeBatch(
      consumer,
      [type('picky')],
      async (events) => {
        if ((events[0] ? nameOf(events[0]) : '') === 'opening') {
          await gate.promise;
          return;
        }
        sizes.push(events.length);
        if (events.some((event) => nameOf(event) === 'bad')) throw new Error('cannot store "bad"');
        handled.push(...events.map((event) => nameOf(event)));
      },
      { maxDeliveries: 2 },
    );
    const workspace_id = '00000000-0000-4000-8000-00000000000c';
    await bus.publish([buildEvent({ type: type('picky'), workspace_id, data: { name: 'opening' } })]);
    await waitFor(
      async () => (await adminChannel.checkQueue(queueNames(exchange, consumer).queue)).messageCount === 0,
      'the opening event taken',
    );
    const events = ['one', 'bad', 'three'].map((name) =>
      buildEvent({ type: type('picky'), workspace_id, data: { name } }),
    );
    await bus.publish(events);
    await waitFor(
      async () => (await adminChannel.checkQueue(queueNames(exchange, consumer).queue)).messageCount === 0,
      'the three delivered',
    );
    // The opening event in flight and the three waiting behind it, all in this process.
    await waitFor(async () => (await bus.backlog(consumer)) === 4, 'the three taken by the bus');
    gate.resolve();
    const [dead] = await drainDeadLetters(consumer, 1);

    expect(JSON.parse(dead.content.toString())).toEqual(events[1]);
    expect(handled).toEqual(['one', 'three']);
    expect(sizes.slice(0, 4)).toEqual([3, 1, 1, 1]);
  });

  test('close waits for the handler in flight and acks its message', async () => {
    const bus = newBus();
    const consumer = consumerName('graceful');
    const gate = deferred();
    let started = false;
    let finished = false;
    await bus.subscribe(consumer, ['bustest.item.closed'], async () => {
      started = true;
      await gate.promise;
      finished = true;
    });
    await bus.publish([buildEvent({ type: type('closed') })]);
    await waitFor(() => started, 'the handler to start');

    const closing = bus.close();
    gate.resolve();
    await closing;

    expect(finished).toBe(true);
    // Acked before the channel closed: nothing returns to the queue.
    const queue = await adminChannel.checkQueue(queueNames(exchange, consumer).queue);
    expect(queue.messageCount).toBe(0);
    expect(queue.consumerCount).toBe(0);
  });

  describe('a stream of events through an idempotent consumer while the transport fails', () => {
    const total = 200;
    let database: TestDatabase;

    beforeEach(async () => {
      database = await openTestDatabase();
    });

    afterEach(async () => {
      await database.close();
    });

    // Opens connections like the bus would, keeping hold of them and their channels so a test
    // can break them.
    function instrumentedConnect() {
      const models: ChannelModel[] = [];
      const channels: Channel[] = [];
      const connect = async (url: string) => {
        const model = await amqp.connect(url);
        const createChannel = model.createChannel.bind(model);
        model.createChannel = async () => {
          const channel = await createChannel();
          channels.push(channel);
          return channel;
        };
        models.push(model);
        return model;
      };
      return { models, channels, connect };
    }

    // Publishes `total` events in batches; after the 50th handled event the handler breaks the
    // transport (so its own ack is lost), and the second half is published after the break.
    async function streamSurvives(bus: RabbitEventBus, consumer: string, breakTransport: () => Promise<void>) {
      const { connection } = database;
      const apply = consumeIdempotently(connection, consumer, async (event, session) => {
        await appliedModel(connection).updateOne(
          { _id: event.id },
          { $inc: { applied: 1 } },
          { upsert: true, session },
        );
      });
      let deliveries = 0;
      let handled = 0;
      const broken = deferred();
      let isBroken = false;
      await bus.subscribe(consumer, ['bustest.stream.*'], async (event) => {
        deliveries++;
        await apply(event);
        handled++;
        if (handled >= 50 && !isBroken) {
          isBroken = true;
          await breakTransport();
          broken.resolve();
        }
      });
      const events = Array.from({ length: total }, () => buildEvent({ type: 'bustest.stream.recorded' }));

      for (let index = 0; index < total / 2; index += 20) await bus.publish(events.slice(index, index + 20));
      await broken.promise;
      for (let index = total / 2; index < total; index += 20) await bus.publish(events.slice(index, index + 20));
      await waitFor(
        async () => (await processedEventModel(connection).countDocuments({ consumer })) === total,
        `all ${total} events processed`,
      );
      // Duplicates may still be in flight: let them finish before the database closes.
      await bus.close();

      const applied = await appliedModel(connection).find().lean();
      expect(applied.map((row) => row._id).sort()).toEqual(events.map((event) => event.id).sort());
      expect(applied.filter((row) => row.applied !== 1)).toEqual([]);
      // At least the breaking delivery came again, and the consumer skipped it.
      expect(deliveries).toBeGreaterThan(total);
    }

    test('the consumer channel is killed mid-stream: it reopens and every event is applied exactly once', async () => {
      const { channels, connect } = instrumentedConnect();
      const bus = newBus(connect);
      const consumerChannelsBefore = () => channels.length;
      let opened = 0;

      await streamSurvives(bus, consumerName('stream-channel'), async () => {
        opened = consumerChannelsBefore();
        // A server-side channel error: checking a queue that does not exist closes the channel.
        await (channels.at(-1) as Channel).checkQueue(`missing-${uniqueSuffix()}`).catch(() => undefined);
      });

      expect(channels.length).toBeGreaterThan(opened);
    });

    test('the connection drops mid-stream: publishes wait for the reconnect and every event is applied exactly once', async () => {
      const { models, connect } = instrumentedConnect();
      const bus = newBus(connect);

      await streamSurvives(bus, consumerName('stream-connection'), async () => {
        // A cut network: the socket fails under the connection.
        const socket = (models.at(-1) as ChannelModel).connection as unknown as {
          stream: { destroy(error: Error): void };
        };
        socket.stream.destroy(new Error('network cut by the test'));
      });

      expect(models.length).toBeGreaterThan(1);
    });
  });
});
