import amqp, { type Channel, type ChannelModel, type ConfirmChannel, type ConsumeMessage } from 'amqplib';
import type { Logger } from '@crm/kit';
import {
  assertSubscription,
  backgroundTurns,
  batchHandling,
  deadLetterExchangeName,
  DEFAULT_EXCHANGE,
  DEFAULT_MAX_DELIVERIES,
  DEFAULT_PREFETCH,
  inEventContext,
  type BatchSizer,
  queueNames,
  type BatchEventHandler,
  type BatchSubscribeOptions,
  type BusOptions,
  type EventBus,
  type EventHandler,
  type SubscribeOptions,
} from './event-bus';
import {
  parseEnvelope,
  serializedEvent,
  type EventEnvelope,
  type PublishedEvent,
  type SerializedEvent,
} from './event-envelope';

export interface RabbitBusOptions extends BusOptions {
  url: string;
  // How long publish and subscribe wait for a usable connection before they fail. Keep it
  // below the outbox lease so a relay gives up before another relay may claim its rows.
  operationTimeoutMs?: number;
  initialReconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
  // Opens the AMQP connection; tests wrap it to reach the channels underneath.
  connect?: (url: string) => Promise<ChannelModel>;
}

interface Received {
  channel: Channel;
  message: ConsumeMessage;
  event: EventEnvelope;
}

// A batch consumer's deliveries gather here while its previous batch is handled.
interface Batching {
  handler: BatchEventHandler;
  sizer: BatchSizer;
  buffer: Received[];
  draining: boolean;
}

interface Subscription {
  consumer: string;
  patterns: readonly string[];
  handler: EventHandler;
  batching?: Batching;
  prefetch: number;
  maxDeliveries: number;
  channel?: Channel;
  consumerTag?: string;
  starting: boolean;
  inFlight: Set<Promise<void>>;
  restartTimer?: NodeJS.Timeout;
  restartAttempt: number;
  cancelled: boolean;
  lastError?: unknown;
  // Settled the first time the consumer is registered on the broker.
  established: boolean;
  onEstablished: Array<() => void>;
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

// Never log credentials: keep the host and vhost only.
function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(unparseable AMQP URL)';
  }
}

// RabbitMQ transport: a durable topic exchange (routing key = event type), one quorum queue per
// consumer with a delivery limit and a dead-letter queue, persistent messages on a confirm channel.
// One connection per bus; each consumer has its own channel so a failing channel stays local.
export class RabbitEventBus implements EventBus {
  readonly exchange: string;
  private readonly url: string;
  private readonly logger: Logger;
  private readonly operationTimeoutMs: number;
  private readonly initialReconnectDelayMs: number;
  private readonly maxReconnectDelayMs: number;
  private readonly connectTo: (url: string) => Promise<ChannelModel>;

  private model?: ChannelModel;
  private connecting = false;
  private reconnectAttempt = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private publishChannel?: ConfirmChannel;
  private publishChannelOpening?: Promise<ConfirmChannel>;
  private readonly waiters = new Set<Waiter>();
  private readonly subscriptions = new Map<string, Subscription>();
  private closed = false;

  constructor(options: RabbitBusOptions) {
    this.url = options.url;
    this.logger = options.logger;
    this.exchange = options.exchange ?? DEFAULT_EXCHANGE;
    this.operationTimeoutMs = options.operationTimeoutMs ?? 10000;
    this.initialReconnectDelayMs = options.initialReconnectDelayMs ?? 250;
    this.maxReconnectDelayMs = options.maxReconnectDelayMs ?? 10000;
    this.connectTo = options.connect ?? ((url) => amqp.connect(url));
    void this.connect();
  }

  get connected(): boolean {
    return this.model !== undefined;
  }

  async publish(published: readonly PublishedEvent[]): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    if (published.length === 0) return;
    const events = published.map(serializedEvent);
    const deadline = Date.now() + this.operationTimeoutMs;
    for (let attempt = 1; ; attempt++) {
      let channel: ConfirmChannel | undefined;
      try {
        channel = await this.confirmChannel(deadline);
        await this.publishOn(channel, events);
        return;
      } catch (error) {
        if (channel && this.publishChannel === channel) {
          this.publishChannel = undefined;
          channel.close().catch(() => undefined);
        }
        if (this.closed || Date.now() >= deadline) {
          throw new Error(`publishing ${events.length} event(s) failed: ${messageOf(error)}`, { cause: error });
        }
        // The connection or channel dropped mid-batch: publish the whole batch again once
        // reconnected. Events already confirmed arrive twice; consumers are idempotent.
        this.logger.warn({ err: error, attempt, events: events.length }, 'publish failed, retrying');
        await pause(Math.min(50 * attempt, 1000));
      }
    }
  }

  async subscribe(
    consumer: string,
    patterns: readonly string[],
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Promise<void> {
    await this.register(
      consumer,
      patterns,
      inEventContext(handler),
      options.prefetch ?? DEFAULT_PREFETCH,
      options.maxDeliveries,
    );
  }

  // Deliveries that arrive while a batch is handled wait and go together in the next one; the
  // prefetch lets a full batch wait on the consumer's channel.
  async subscribeBatch(
    consumer: string,
    patterns: readonly string[],
    handler: BatchEventHandler,
    options: BatchSubscribeOptions = {},
  ): Promise<void> {
    const { handler: batched, sizer, maxBatch } = batchHandling(handler, options);
    const batching: Batching = { handler: batched, sizer, buffer: [], draining: false };
    await this.register(consumer, patterns, (event) => batched([event]), maxBatch, options.maxDeliveries, batching);
  }

  private async register(
    consumer: string,
    patterns: readonly string[],
    handler: EventHandler,
    prefetch: number,
    maxDeliveries = DEFAULT_MAX_DELIVERIES,
    batching?: Batching,
  ): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    assertSubscription(consumer, patterns);
    if (this.subscriptions.has(consumer)) throw new Error(`consumer ${consumer} is already subscribed on this bus`);
    const subscription: Subscription = {
      consumer,
      patterns,
      handler,
      batching,
      prefetch,
      maxDeliveries,
      starting: false,
      inFlight: new Set(),
      restartAttempt: 0,
      cancelled: false,
      established: false,
      onEstablished: [],
    };
    this.subscriptions.set(consumer, subscription);
    // Otherwise the (re)connect starts every registered consumer.
    if (this.model) void this.startConsumer(subscription, this.model);
    const established = new Promise<void>((resolve) => subscription.onEstablished.push(resolve));
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), this.operationTimeoutMs);
    });
    const outcome = await Promise.race([established, timedOut]);
    clearTimeout(timer);
    if (outcome === 'timeout') {
      await this.cancelSubscription(subscription);
      this.subscriptions.delete(consumer);
      const cause =
        subscription.lastError ??
        new Error(
          this.model
            ? `the broker did not set up its queues within ${this.operationTimeoutMs} ms`
            : `not connected to RabbitMQ within ${this.operationTimeoutMs} ms`,
        );
      throw new Error(`could not start consumer ${consumer}: ${messageOf(cause)}`, { cause });
    }
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    if (!this.model) throw new Error('not connected to RabbitMQ');
    const deadline = Date.now() + Math.min(this.operationTimeoutMs, 3000);
    const channel = await this.confirmChannel(deadline);
    // A real round trip, not a flag: the broker must answer.
    await channel.checkExchange(this.exchange);
  }

  // Ready in the broker's queue plus taken by this process and not yet settled.
  async backlog(consumer: string): Promise<number> {
    const subscription = this.subscriptions.get(consumer);
    const taken = subscription ? (subscription.batching?.buffer.length ?? 0) + subscription.inFlight.size : 0;
    return (await this.messageCount(queueNames(this.exchange, consumer).queue)) + taken;
  }

  async deadLetterCount(consumer: string): Promise<number> {
    return this.messageCount(queueNames(this.exchange, consumer).deadLetterQueue);
  }

  private async messageCount(queue: string): Promise<number> {
    if (this.closed) throw new Error('event bus is closed');
    const model = await this.waitForConnection(Date.now() + Math.min(this.operationTimeoutMs, 3000));
    // A channel of its own: asking about a queue that does not exist closes the channel.
    const channel = await model.createChannel();
    channel.on('error', () => undefined);
    try {
      return (await channel.checkQueue(queue)).messageCount;
    } catch {
      // No such queue: the consumer never subscribed on this exchange, so nothing waits.
      return 0;
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    for (const waiter of this.waiters) waiter.reject(new Error('event bus is closed'));
    this.waiters.clear();
    const subscriptions = [...this.subscriptions.values()];
    await Promise.all(subscriptions.map((subscription) => this.cancelSubscription(subscription)));
    // Handlers still running get to finish and ack before the channels go away.
    await Promise.allSettled(subscriptions.flatMap((subscription) => [...subscription.inFlight]));
    await Promise.allSettled(
      subscriptions.flatMap((subscription) => (subscription.channel ? [subscription.channel.close()] : [])),
    );
    const model = this.model;
    this.model = undefined;
    this.publishChannel = undefined;
    if (model) await model.close().catch(() => undefined);
    this.logger.info({ exchange: this.exchange }, 'event bus closed');
  }

  private async connect(): Promise<void> {
    if (this.closed || this.connecting || this.model) return;
    this.connecting = true;
    let model: ChannelModel | undefined;
    try {
      model = await this.connectTo(this.url);
      const current = model;
      current.on('error', (error: unknown) => this.logger.warn({ err: error }, 'RabbitMQ connection error'));
      current.on('close', () => this.onConnectionLost(current));
      current.on('blocked', (reason: unknown) => this.logger.warn({ reason }, 'RabbitMQ blocked publishing'));
      current.on('unblocked', () => this.logger.info('RabbitMQ unblocked publishing'));
      if (this.closed) {
        await current.close().catch(() => undefined);
        return;
      }
      await this.declareExchanges(current);
      this.model = current;
      this.reconnectAttempt = 0;
      this.logger.info({ broker: describeUrl(this.url), exchange: this.exchange }, 'connected to RabbitMQ');
      for (const waiter of this.waiters) waiter.resolve();
      this.waiters.clear();
      for (const subscription of this.subscriptions.values()) void this.startConsumer(subscription, current);
    } catch (error) {
      this.logger.warn({ err: error, broker: describeUrl(this.url) }, 'connecting to RabbitMQ failed');
      model?.close().catch(() => undefined);
      this.scheduleReconnect();
    } finally {
      this.connecting = false;
    }
  }

  private async declareExchanges(model: ChannelModel): Promise<void> {
    const channel = await model.createChannel();
    channel.on('error', (error: unknown) => this.logger.warn({ err: error }, 'topology channel error'));
    await channel.assertExchange(this.exchange, 'topic', { durable: true });
    await channel.assertExchange(deadLetterExchangeName(this.exchange), 'direct', { durable: true });
    await channel.close();
  }

  private onConnectionLost(model: ChannelModel): void {
    if (this.model !== model) return;
    this.model = undefined;
    this.publishChannel = undefined;
    for (const subscription of this.subscriptions.values()) {
      subscription.channel = undefined;
      subscription.consumerTag = undefined;
      clearTimeout(subscription.restartTimer);
      subscription.restartTimer = undefined;
    }
    if (this.closed) return;
    this.logger.warn({ broker: describeUrl(this.url) }, 'RabbitMQ connection lost');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const base = Math.min(this.initialReconnectDelayMs * 2 ** this.reconnectAttempt, this.maxReconnectDelayMs);
    // Jitter so that many services do not reconnect in lockstep after a broker restart.
    const delay = Math.round(base * (0.5 + Math.random() / 2));
    this.reconnectAttempt++;
    this.logger.info({ delay_ms: delay, attempt: this.reconnectAttempt }, 'reconnecting to RabbitMQ');
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
  }

  private waitForConnection(deadline: number): Promise<ChannelModel> {
    if (this.model) return Promise.resolve(this.model);
    if (this.closed) return Promise.reject(new Error('event bus is closed'));
    return new Promise<ChannelModel>((resolve, reject) => {
      const waiter: Waiter = {
        resolve: () => {
          clearTimeout(timer);
          if (this.model) resolve(this.model);
          else reject(new Error('RabbitMQ connection lost again'));
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(
        () => {
          this.waiters.delete(waiter);
          reject(new Error(`not connected to RabbitMQ within ${this.operationTimeoutMs} ms`));
        },
        Math.max(deadline - Date.now(), 0),
      );
      this.waiters.add(waiter);
    });
  }

  private async confirmChannel(deadline: number): Promise<ConfirmChannel> {
    if (this.publishChannel) return this.publishChannel;
    const model = await this.waitForConnection(deadline);
    this.publishChannelOpening ??= this.openConfirmChannel(model).finally(() => {
      this.publishChannelOpening = undefined;
    });
    return this.publishChannelOpening;
  }

  private async openConfirmChannel(model: ChannelModel): Promise<ConfirmChannel> {
    const channel = await model.createConfirmChannel();
    channel.on('error', (error: unknown) => this.logger.warn({ err: error }, 'publish channel error'));
    channel.on('close', () => {
      if (this.publishChannel === channel) this.publishChannel = undefined;
    });
    this.publishChannel = channel;
    return channel;
  }

  // Batches are bounded by the outbox relay, so buffering them without waiting for 'drain' is fine.
  private publishOn(channel: ConfirmChannel, events: readonly SerializedEvent[]): Promise<void> {
    const confirms = events.map(
      (event) =>
        new Promise<void>((resolve, reject) => {
          channel.publish(
            this.exchange,
            event.type,
            Buffer.from(event.body),
            {
              persistent: true,
              contentType: 'application/json',
              messageId: event.id,
              type: event.type,
              timestamp: Math.floor(Date.parse(event.occurred_at) / 1000),
            },
            // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a non-Error reason is shown as it is
            (error: unknown) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()),
          );
        }),
    );
    return Promise.all(confirms).then(() => undefined);
  }

  private async startConsumer(subscription: Subscription, model: ChannelModel): Promise<void> {
    if (subscription.cancelled || subscription.starting || subscription.channel || this.model !== model) return;
    subscription.starting = true;
    let channel: Channel | undefined;
    try {
      channel = await model.createChannel();
      const current = channel;
      subscription.channel = current;
      current.on('error', (error: unknown) =>
        this.logger.warn({ err: error, consumer: subscription.consumer }, 'consumer channel error'),
      );
      current.on('close', () => this.onConsumerChannelClosed(subscription, current));
      await this.declareQueues(current, subscription);
      await current.prefetch(subscription.prefetch);
      const { queue } = queueNames(this.exchange, subscription.consumer);
      const { consumerTag } = await current.consume(queue, (message) => this.onMessage(subscription, current, message));
      if (subscription.cancelled) {
        await current.close();
        return;
      }
      subscription.consumerTag = consumerTag;
      subscription.restartAttempt = 0;
      subscription.lastError = undefined;
      this.logger.info({ consumer: subscription.consumer, queue, patterns: subscription.patterns }, 'consuming events');
      if (!subscription.established) {
        subscription.established = true;
        for (const notify of subscription.onEstablished.splice(0)) notify();
      }
    } catch (error) {
      subscription.lastError = error;
      this.logger.error({ err: error, consumer: subscription.consumer }, 'starting consumer failed');
      if (channel && subscription.channel === channel) {
        subscription.channel = undefined;
        channel.close().catch(() => undefined);
      }
      this.scheduleConsumerRestart(subscription);
    } finally {
      subscription.starting = false;
    }
  }

  private async declareQueues(channel: Channel, subscription: Subscription): Promise<void> {
    const names = queueNames(this.exchange, subscription.consumer);
    await channel.assertQueue(names.deadLetterQueue, { durable: true, arguments: { 'x-queue-type': 'quorum' } });
    await channel.bindQueue(names.deadLetterQueue, names.deadLetterExchange, subscription.consumer);
    await channel.assertQueue(names.queue, {
      durable: true,
      arguments: {
        'x-queue-type': 'quorum',
        // The broker counts returns, not deliveries: limit N allows N + 1 deliveries.
        'x-delivery-limit': subscription.maxDeliveries - 1,
        'x-dead-letter-exchange': names.deadLetterExchange,
        // One shared DLX; the consumer name routes to that consumer's dead-letter queue.
        'x-dead-letter-routing-key': subscription.consumer,
      },
    });
    for (const pattern of subscription.patterns) await channel.bindQueue(names.queue, this.exchange, pattern);
  }

  private onConsumerChannelClosed(subscription: Subscription, channel: Channel): void {
    if (subscription.channel !== channel) return;
    subscription.channel = undefined;
    subscription.consumerTag = undefined;
    if (this.closed || subscription.cancelled) return;
    // With the connection gone, the reconnect restarts every consumer.
    if (!this.model) return;
    this.logger.warn({ consumer: subscription.consumer }, 'consumer channel closed, reopening');
    this.scheduleConsumerRestart(subscription);
  }

  private scheduleConsumerRestart(subscription: Subscription): void {
    if (this.closed || subscription.cancelled || subscription.restartTimer) return;
    const delay = Math.min(this.initialReconnectDelayMs * 2 ** subscription.restartAttempt, this.maxReconnectDelayMs);
    subscription.restartAttempt++;
    subscription.restartTimer = setTimeout(() => {
      subscription.restartTimer = undefined;
      if (this.model) void this.startConsumer(subscription, this.model);
    }, delay);
  }

  private async cancelSubscription(subscription: Subscription): Promise<void> {
    subscription.cancelled = true;
    clearTimeout(subscription.restartTimer);
    subscription.restartTimer = undefined;
    const { channel, consumerTag } = subscription;
    if (channel && consumerTag) await channel.cancel(consumerTag).catch(() => undefined);
  }

  private onMessage(subscription: Subscription, channel: Channel, message: ConsumeMessage | null): void {
    if (message === null) {
      // The broker cancelled the consumer (e.g. the queue was deleted): start over, which
      // declares the queue again.
      this.logger.warn({ consumer: subscription.consumer }, 'consumer cancelled by the broker');
      channel.close().catch(() => undefined);
      return;
    }
    let event: EventEnvelope;
    try {
      event = parseEnvelope(message.content);
    } catch (error) {
      // Poison: no redelivery can fix it, and acking would lose it. Straight to the dead-letter queue.
      this.logger.error(
        {
          err: error,
          consumer: subscription.consumer,
          routing_key: message.fields.routingKey,
          message_id: message.properties.messageId,
        },
        'poison message dead-lettered',
      );
      this.settle(channel, message, 'reject');
      return;
    }
    const batching = subscription.batching;
    if (batching) {
      batching.buffer.push({ channel, message, event });
      if (!batching.draining) this.track(subscription, this.drainBatches(subscription, batching));
      return;
    }
    this.track(subscription, this.handle(subscription, channel, message, event));
  }

  private track(subscription: Subscription, work: Promise<void>): void {
    const handling: Promise<void> = work.finally(() => subscription.inFlight.delete(handling));
    subscription.inFlight.add(handling);
  }

  // Batches one after another while deliveries wait. A failed batch is handled again one event
  // at a time, so only a bad event goes back to the queue (and, at its limit, to the dead letters).
  private async drainBatches(subscription: Subscription, batching: Batching): Promise<void> {
    batching.draining = true;
    try {
      while (batching.buffer.length > 0) {
        // One batch at a time in the process, after requests waiting on I/O (more deliveries
        // may arrive meanwhile).
        await backgroundTurns.run(() => this.handleBatch(subscription, batching));
      }
    } finally {
      batching.draining = false;
    }
  }

  private async handleBatch(subscription: Subscription, batching: Batching): Promise<void> {
    const batch = batching.buffer.splice(0, batching.sizer.size);
    if (batch.length === 0) return;
    const started = performance.now();
    if (batch.length === 1) {
      await this.handle(subscription, batch[0].channel, batch[0].message, batch[0].event);
      batching.sizer.record(1, performance.now() - started);
      return;
    }
    try {
      await batching.handler(batch.map((item) => item.event));
      batching.sizer.record(batch.length, performance.now() - started);
      // One ack for the batch: deliveries arrive on a channel in order and batches are taken
      // from the front, so every delivery before the batch's last one on its channel was in this
      // batch or already settled. (A reconnect may leave deliveries of a closed channel in it.)
      const last = new Map<Channel, ConsumeMessage>();
      for (const item of batch) last.set(item.channel, item.message);
      for (const [channel, message] of last) this.settle(channel, message, 'ack-through');
      return;
    } catch (error) {
      batching.sizer.record(batch.length, performance.now() - started);
      this.logger.warn(
        { err: error, consumer: subscription.consumer, events: batch.length },
        'event batch failed, handling its events one by one',
      );
    }
    for (const item of batch) await this.handle(subscription, item.channel, item.message, item.event);
  }

  private async handle(
    subscription: Subscription,
    channel: Channel,
    message: ConsumeMessage,
    event: EventEnvelope,
  ): Promise<void> {
    try {
      await subscription.handler(event);
      this.settle(channel, message, 'ack');
    } catch (error) {
      const returns = Number(message.properties.headers?.['x-delivery-count'] ?? 0);
      const deliveries = returns + 1;
      const last = deliveries >= subscription.maxDeliveries;
      this.logger[last ? 'error' : 'warn'](
        { err: error, consumer: subscription.consumer, event_id: event.id, type: event.type, deliveries },
        last ? 'event handler failed for the last time, dead-lettering' : 'event handler failed, will redeliver',
      );
      // Requeue even on the last try: the broker applies the delivery limit and dead-letters.
      this.settle(channel, message, 'requeue');
    }
  }

  // 'ack-through' acknowledges the message and every earlier unsettled one on its channel.
  private settle(
    channel: Channel,
    message: ConsumeMessage,
    outcome: 'ack' | 'ack-through' | 'requeue' | 'reject',
  ): void {
    try {
      if (outcome === 'ack' || outcome === 'ack-through') channel.ack(message, outcome === 'ack-through');
      else channel.nack(message, false, outcome === 'requeue');
    } catch (error) {
      // The channel died meanwhile; the broker redelivers the message on another one.
      this.logger.warn(
        { err: error, message_id: message.properties.messageId },
        'could not settle message, it will be redelivered',
      );
    }
  }
}
