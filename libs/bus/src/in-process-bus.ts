import { AsyncLocalStorage } from 'node:async_hooks';
import { deepFreeze, errorReason, isoNow, type Logger } from '@crm/kit';
import {
  assertSubscription,
  backgroundTurns,
  batchHandling,
  DEFAULT_MAX_DELIVERIES,
  DEFAULT_PREFETCH,
  inEventContext,
  type BatchSizer,
  type BatchEventHandler,
  type BatchSubscribeOptions,
  type EventBus,
  type EventHandler,
  type SubscribeOptions,
} from './event-bus';
import type { Connection } from 'mongoose';
import { deadLetterCount, storeDeadLetter } from './dead-letters';
import { parseEnvelope, serializedEvent, type EventEnvelope, type PublishedEvent } from './event-envelope';
import { topicMatches } from './topic-pattern';

export interface DeadLetter {
  consumer: string;
  // Null when the body was not a valid envelope (a poison message).
  event: EventEnvelope | null;
  body: string;
  reason: string;
  deliveries: number;
  dead_lettered_at: string;
}

export interface InProcessBrokerOptions {
  // Pause before redelivering after a handler failure; doubles per attempt up to 1 s.
  retryDelayMs?: number;
  // Dead letters kept in memory as well (oldest dropped first); the durable copy is in the
  // consuming service's database when its bus has a connection.
  deadLetterLimit?: number;
}

// One published body as every consumer of this broker takes it: parsed once, by the first consumer
// that handles it, and frozen, so no consumer changes what another reads (one that tries throws,
// and its handler fails as it would on a broken event). Through RabbitMQ each consumer parses its
// own copy: handlers never change an event either way.
class Message {
  private parsed?: EventEnvelope;
  private failure?: Error;

  constructor(readonly body: string) {}

  // The envelope, or what is wrong with the body (a poison message).
  event(): EventEnvelope {
    if (this.parsed) return this.parsed;
    if (this.failure !== undefined) throw this.failure;
    try {
      this.parsed = deepFreeze(parseEnvelope(this.body));
      return this.parsed;
    } catch (error) {
      this.failure = error instanceof Error ? error : new Error(String(error));
      throw this.failure;
    }
  }
}

interface Delivery {
  message: Message;
  resolve: () => void;
  reject: (error: Error) => void;
}

class ConsumerClosedError extends Error {
  constructor(consumer: string) {
    super(`consumer ${consumer} closed before handling the event`);
    this.name = 'ConsumerClosedError';
  }
}

// Set while a handler runs, so a handler that publishes directly does not wait on itself.
const insideHandler = new AsyncLocalStorage<string>();

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// How a queue hands events to its consumer: one at a time, up to `concurrency` at once, or in
// batches, one batch at a time (so a record's events keep their order).
type Handling =
  | { kind: 'single'; handler: EventHandler; concurrency: number }
  | { kind: 'batch'; handler: BatchEventHandler; sizer: BatchSizer };

interface Parsed {
  delivery: Delivery;
  event: EventEnvelope;
}

class ConsumerQueue {
  private readonly pending: Delivery[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private closing = false;

  constructor(
    readonly name: string,
    private readonly patterns: readonly string[],
    private readonly handling: Handling,
    private readonly maxDeliveries: number,
    private readonly broker: InProcessBroker,
    private readonly logger: Logger,
    private readonly connection?: Connection,
  ) {}

  // Asked for every event published in the process: answered once per event type.
  private readonly matched = new Map<string, boolean>();

  matches(type: string): boolean {
    let matches = this.matched.get(type);
    if (matches === undefined) {
      matches = this.patterns.some((pattern) => topicMatches(pattern, type));
      this.matched.set(type, matches);
    }
    return matches;
  }

  enqueue(message: Message): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.closing) {
        reject(new ConsumerClosedError(this.name));
        return;
      }
      this.pending.push({ message, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    // Not started yet: the publisher hears about it, so an outbox row stays pending.
    for (const delivery of this.pending.splice(0)) delivery.reject(new ConsumerClosedError(this.name));
    await Promise.allSettled([...this.inFlight]);
  }

  // Events waiting for this consumer (a gauge of its backlog).
  get backlog(): number {
    return this.pending.length + this.inFlight.size;
  }

  private pump(): void {
    if (this.handling.kind === 'batch') {
      if (this.inFlight.size > 0 || this.pending.length === 0) return;
      this.track(this.deliverBatch(this.handling.sizer));
      return;
    }
    while (this.inFlight.size < this.handling.concurrency && this.pending.length > 0) {
      this.track(this.deliver(this.pending.shift() as Delivery));
    }
  }

  private track(work: Promise<void>): void {
    const running: Promise<void> = work.finally(() => {
      this.inFlight.delete(running);
      this.pump();
    });
    this.inFlight.add(running);
  }

  // A batch consumer's lone event takes a turn like a batch.
  private handle(event: EventEnvelope): Promise<void> {
    const handling = this.handling;
    if (handling.kind === 'single') return insideHandler.run(this.name, () => handling.handler(event));
    return backgroundTurns.run(() => insideHandler.run(this.name, () => handling.handler([event])));
  }

  // One batch of what waits once requests waiting on I/O had their turn (and more events
  // arrived). A failed batch is handed over again one event at a time, so only a bad event
  // retries and is dead-lettered; the pauses between its attempts hold no turn.
  private async deliverBatch(sizer: BatchSizer): Promise<void> {
    const oneByOne = await backgroundTurns.run(() => this.deliverBatchNow(sizer));
    for (const item of oneByOne) await this.retry(item.delivery, item.event);
  }

  // Answers the events to hand over one at a time: a lone event, or those of a failed batch.
  private async deliverBatchNow(sizer: BatchSizer): Promise<Parsed[]> {
    const handling = this.handling as Extract<Handling, { kind: 'batch' }>;
    // Taken in the turn, not before: what arrived while waiting for it goes in the same batch.
    const deliveries = this.pending.splice(0, sizer.size);
    const parsed: Parsed[] = [];
    for (const delivery of deliveries) {
      const event = this.parse(delivery);
      if (event instanceof Promise) await event;
      else parsed.push({ delivery, event });
    }
    if (parsed.length <= 1) return parsed;
    const started = performance.now();
    try {
      await insideHandler.run(this.name, () => handling.handler(parsed.map((item) => item.event)));
      handling.sizer.record(parsed.length, performance.now() - started);
      for (const item of parsed) item.delivery.resolve();
      return [];
    } catch (error) {
      handling.sizer.record(parsed.length, performance.now() - started);
      this.logger.warn(
        { err: error, consumer: this.name, events: parsed.length },
        'event batch failed, handling its events one by one',
      );
      return parsed;
    }
  }

  // The envelope as it came off the wire, or, for a body that is no envelope, its dead letter
  // being stored. Synchronous for an envelope: a batch waits for no promise per event.
  private parse(delivery: Delivery): EventEnvelope | Promise<void> {
    try {
      return delivery.message.event();
    } catch (error) {
      return this.poisoned(delivery, error);
    }
  }

  private async poisoned(delivery: Delivery, error: unknown): Promise<void> {
    await this.deadLetter({
      consumer: this.name,
      event: null,
      body: delivery.message.body,
      reason: errorReason(error),
      deliveries: 1,
    });
    delivery.resolve();
  }

  // Stored before the delivery counts as handled, as a broker keeps it in a dead-letter queue.
  private async deadLetter(letter: Omit<DeadLetter, 'dead_lettered_at'>): Promise<void> {
    this.broker.deadLetter(this.logger, letter);
    if (!this.connection) return;
    try {
      await storeDeadLetter(this.connection, letter);
    } catch (error) {
      this.logger.error(
        { err: error, consumer: this.name, event_id: letter.event?.id },
        'storing a dead letter failed; it is only in memory',
      );
    }
  }

  private async deliver(delivery: Delivery): Promise<void> {
    const event = this.parse(delivery);
    await (event instanceof Promise ? event : this.retry(delivery, event));
  }

  // Handles one event, again after a failure (with a growing pause) until it succeeds or its
  // deliveries are used up; then it is dead-lettered.
  private async retry(delivery: Delivery, event: EventEnvelope): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.handle(event);
        delivery.resolve();
        return;
      } catch (error) {
        if (attempt >= this.maxDeliveries) {
          await this.deadLetter({
            consumer: this.name,
            event,
            body: delivery.message.body,
            reason: errorReason(error),
            deliveries: attempt,
          });
          delivery.resolve();
          return;
        }
        this.logger.warn(
          { err: error, consumer: this.name, event_id: event.id, type: event.type, attempt },
          'event handler failed, will redeliver',
        );
        await pause(this.broker.retryDelay(attempt));
        if (this.closing) {
          delivery.reject(new ConsumerClosedError(this.name));
          return;
        }
      }
    }
  }
}

// An event's type and its serialized envelope: what brokers hand to their queues and send to a
// linked broker (the type routes without parsing the body).
export type TypedBody = readonly [type: string, body: string];

// The far side of a link, seen from a broker (BrokerLink, in broker-link.ts).
export interface LinkedBroker {
  forward(typed: readonly TypedBody[]): Promise<void>;
}

// Waits for every delivery and throws the first failure. A handler that publishes directly would
// otherwise wait for itself; services publish through the outbox, so this only guards against a
// deadlock.
async function settled(handled: readonly Promise<void>[]): Promise<void> {
  if (insideHandler.getStore() !== undefined) {
    for (const promise of handled) promise.catch(() => undefined);
    return;
  }
  const results = await Promise.allSettled(handled);
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
}

// One broker per process, or one per thread linked to the others (BrokerLink): in embedded mode
// all services share it, so one service's consumer receives another's events, as they would
// through RabbitMQ.
export class InProcessBroker {
  private readonly consumers = new Map<string, ConsumerQueue>();
  private readonly links = new Set<LinkedBroker>();
  private readonly deadLetterList: DeadLetter[] = [];
  private readonly retryDelayMs: number;
  private readonly deadLetterLimit: number;

  constructor(options: InProcessBrokerOptions = {}) {
    this.retryDelayMs = options.retryDelayMs ?? 25;
    this.deadLetterLimit = options.deadLetterLimit ?? 1000;
  }

  deadLetters(consumer?: string): DeadLetter[] {
    return this.deadLetterList.filter((letter) => consumer === undefined || letter.consumer === consumer);
  }

  consumerNames(): string[] {
    return [...this.consumers.keys()];
  }

  retryDelay(attempt: number): number {
    return Math.min(this.retryDelayMs * 2 ** (attempt - 1), 1000);
  }

  deadLetter(logger: Logger, letter: Omit<DeadLetter, 'dead_lettered_at'>): void {
    this.deadLetterList.push({ ...letter, dead_lettered_at: isoNow() });
    if (this.deadLetterList.length > this.deadLetterLimit) this.deadLetterList.shift();
    logger.error(
      {
        consumer: letter.consumer,
        event_id: letter.event?.id,
        type: letter.event?.type,
        deliveries: letter.deliveries,
        reason: letter.reason,
      },
      'event dead-lettered',
    );
  }

  addConsumer(queue: ConsumerQueue): void {
    if (this.consumers.has(queue.name)) throw new Error(`consumer ${queue.name} is already subscribed in this process`);
    this.consumers.set(queue.name, queue);
  }

  async removeConsumer(name: string): Promise<void> {
    const queue = this.consumers.get(name);
    if (!queue) return;
    this.consumers.delete(name);
    await queue.close();
  }

  // Resolves once every consumer of this broker, and of every broker linked to it, has handled
  // the events (or dead-lettered them).
  async publish(events: readonly PublishedEvent[]): Promise<void> {
    const typed: TypedBody[] = events.map((event) => {
      const { type, body } = serializedEvent(event);
      return [type, body];
    });
    const handled = this.enqueue(typed);
    for (const link of this.links) handled.push(link.forward(typed));
    await settled(handled);
  }

  // Events another thread's broker published (BrokerLink): to this broker's consumers only.
  deliver(typed: readonly TypedBody[]): Promise<void> {
    return settled(this.enqueue(typed));
  }

  // Joins another broker (on another thread): what either publishes reaches both sides'
  // consumers, and publishing waits for both. Answers the unlink.
  addLink(link: LinkedBroker): () => void {
    this.links.add(link);
    return () => this.links.delete(link);
  }

  private enqueue(typed: readonly TypedBody[]): Promise<void>[] {
    const handled: Promise<void>[] = [];
    for (const [type, body] of typed) {
      let message: Message | undefined;
      for (const queue of this.consumers.values()) {
        if (queue.matches(type)) handled.push(queue.enqueue((message ??= new Message(body))));
      }
    }
    return handled;
  }

  createQueue(
    consumer: string,
    patterns: readonly string[],
    handling: Handling,
    maxDeliveries: number,
    logger: Logger,
    connection?: Connection,
  ): ConsumerQueue {
    return new ConsumerQueue(consumer, patterns, handling, maxDeliveries, this, logger, connection);
  }

  // Events waiting for a consumer of this process (0 for one it does not have).
  backlog(consumer: string): number {
    return this.consumers.get(consumer)?.backlog ?? 0;
  }
}

let processBroker: InProcessBroker | undefined;

export function sharedInProcessBroker(): InProcessBroker {
  processBroker ??= new InProcessBroker();
  return processBroker;
}

export interface InProcessBusOptions {
  logger: Logger;
  // Defaults to the process-wide broker; tests pass their own for isolation.
  broker?: InProcessBroker;
  // The service's database: its consumers' dead letters are stored there (dead_letters).
  connection?: Connection;
}

// A service's handle on the broker: it owns the consumers it subscribed and closes only those.
export class InProcessEventBus implements EventBus {
  readonly broker: InProcessBroker;
  private readonly logger: Logger;
  private readonly owned: string[] = [];
  private readonly connection?: Connection;
  private closed = false;

  constructor(options: InProcessBusOptions) {
    this.broker = options.broker ?? sharedInProcessBroker();
    this.logger = options.logger;
    this.connection = options.connection;
  }

  async publish(events: readonly PublishedEvent[]): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
    await this.broker.publish(events);
  }

  async subscribe(
    consumer: string,
    patterns: readonly string[],
    handler: EventHandler,
    options: SubscribeOptions = {},
  ): Promise<void> {
    this.add(
      consumer,
      patterns,
      { kind: 'single', handler: inEventContext(handler), concurrency: options.prefetch ?? DEFAULT_PREFETCH },
      options.maxDeliveries,
    );
  }

  async subscribeBatch(
    consumer: string,
    patterns: readonly string[],
    handler: BatchEventHandler,
    options: BatchSubscribeOptions = {},
  ): Promise<void> {
    const { handler: batched, sizer } = batchHandling(handler, options);
    this.add(consumer, patterns, { kind: 'batch', handler: batched, sizer }, options.maxDeliveries);
  }

  private add(
    consumer: string,
    patterns: readonly string[],
    handling: Handling,
    maxDeliveries = DEFAULT_MAX_DELIVERIES,
  ): void {
    if (this.closed) throw new Error('event bus is closed');
    assertSubscription(consumer, patterns);
    this.broker.addConsumer(
      this.broker.createQueue(consumer, patterns, handling, maxDeliveries, this.logger, this.connection),
    );
    this.owned.push(consumer);
    this.logger.info({ consumer, patterns, batched: handling.kind === 'batch' }, 'subscribed to in-process events');
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error('event bus is closed');
  }

  async backlog(consumer: string): Promise<number> {
    return this.broker.backlog(consumer);
  }

  async deadLetterCount(consumer: string): Promise<number> {
    if (this.connection) return deadLetterCount(this.connection, consumer);
    return this.broker.deadLetters(consumer).length;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.owned.splice(0).map((name) => this.broker.removeConsumer(name)));
  }
}
