import { runHandingOff, runWithContext, type Logger } from '@crm/kit';
import type { EventEnvelope, PublishedEvent } from './event-envelope';
import { isTopicPattern } from './topic-pattern';

// A handler reads the event and never changes it: the in-process transport hands every consumer
// one frozen copy.
export type EventHandler = (event: EventEnvelope) => Promise<void>;

// Takes several events at once, in the order they were delivered, all of one workspace (or all
// without one); succeeds for all of them or throws. After a throw the transport hands the events
// over again one at a time, so only a bad event is redelivered and, in the end, dead-lettered.
export type BatchEventHandler = (events: readonly EventEnvelope[]) => Promise<void>;

// Every transport runs a consumer's handler in the event's context: its workspace (so the
// tenancy guard scopes the consumer's queries), its actor, and the trace it continues.
export function inEventContext(handler: EventHandler): EventHandler {
  return (event) =>
    runWithContext(
      {
        request_id: event.id,
        workspace_id: event.workspace_id,
        actor: event.actor ?? { type: 'system', id: null, label: null },
        ...(event.traceparent === undefined ? {} : { traceparent: event.traceparent }),
      },
      () => handler(event),
    );
}

export interface SubscribeOptions {
  // Deliveries handled at once by this consumer (AMQP prefetch).
  prefetch?: number;
  // Deliveries of one event before it is dead-lettered (first delivery included).
  maxDeliveries?: number;
}

export interface BatchSubscribeOptions {
  // Most events handed over at once.
  maxBatch?: number;
  // A batch is shrunk when handling one took longer than this, and grown again when it was
  // quick, so background work holds the event loop for short slices and requests go first.
  sliceMs?: number;
  maxDeliveries?: number;
}

export const DEFAULT_EXCHANGE = 'crm.events';
export const DEFAULT_MAX_BATCH = 500;
export const DEFAULT_SLICE_MS = 20;
export const DEFAULT_PREFETCH = 10;

// Splits what a transport took into runs of one workspace each, keeping the order of each
// workspace's events, and runs the handler once per run in that workspace's context (the tenancy
// guard scopes its queries); the actor of a batch is the system, each event keeps its own.
export function inBatchContext(handler: BatchEventHandler): BatchEventHandler {
  return async (events) => {
    const runs = new Map<string | null, EventEnvelope[]>();
    for (const event of events) {
      const run = runs.get(event.workspace_id);
      if (run) run.push(event);
      else runs.set(event.workspace_id, [event]);
    }
    for (const [workspaceId, run] of runs) {
      await runWithContext(
        { request_id: run[0].id, workspace_id: workspaceId, actor: { type: 'system', id: null, label: null } },
        () => handler(run),
      );
    }
  };
}

// What every transport builds for a batch consumer: the handler in each workspace's context
// (inBatchContext) and the sizer of its batches.
export function batchHandling(
  handler: BatchEventHandler,
  options: BatchSubscribeOptions,
): { handler: BatchEventHandler; sizer: BatchSizer; maxBatch: number } {
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  return {
    handler: inBatchContext(handler),
    sizer: new BatchSizer(maxBatch, options.sliceMs ?? DEFAULT_SLICE_MS),
    maxBatch,
  };
}

// Sizes a consumer's batches so that one batch takes about `sliceMs`: halved after a slow one,
// grown by half after a quick one, between `min` and `max`. The time measured includes waiting
// for the event loop, so on a busy process batches shrink; the minimum keeps the cost of a
// commit shared by a few events even then.
export class BatchSizer {
  private current: number;
  private readonly min: number;
  constructor(
    private readonly max: number,
    private readonly sliceMs: number,
  ) {
    this.current = max;
    this.min = Math.min(max, MIN_BATCH);
  }

  get size(): number {
    return this.current;
  }

  record(events: number, elapsedMs: number): void {
    if (elapsedMs > this.sliceMs) this.current = Math.max(this.min, Math.min(this.current, Math.floor(events / 2)));
    else if (elapsedMs < this.sliceMs / 2 && events >= this.current)
      this.current = Math.min(this.max, Math.ceil(this.current * 1.5));
  }
}

const MIN_BATCH = 20;

// One batch at a time in the whole process: consumers take turns instead of interleaving, so a
// batch's time is its own (what BatchSizer measures) and between two batches the event loop
// turns, letting requests that wait on I/O go first. A batch whose commit waits for the disk
// hands the turn on at that point (handOnTurn in @crm/kit), and finishes while the next computes.
export class BackgroundTurns {
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy = true;
    // Requests waiting on I/O get the event loop before the slice starts.
    await new Promise<void>((resolve) => setImmediate(resolve));
    let handedOn = false;
    const handOn = () => {
      if (handedOn) return;
      handedOn = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.busy = false;
    };
    try {
      return await runHandingOff(handOn, work);
    } finally {
      handOn();
    }
  }
}

export const backgroundTurns = new BackgroundTurns();
export const DEFAULT_MAX_DELIVERIES = 5;

// The port services see; whether RabbitMQ or the in-process broker is behind it is config.
export interface EventBus {
  // Resolves only once the transport has taken responsibility for every event.
  publish(events: readonly PublishedEvent[]): Promise<void>;
  // One durable queue per consumer name; `patterns` are topic patterns over event types.
  subscribe(
    consumer: string,
    patterns: readonly string[],
    handler: EventHandler,
    options?: SubscribeOptions,
  ): Promise<void>;
  // The same, but the handler takes events in batches (BatchEventHandler): one transaction and
  // one bulk write for many events. Events of a record keep their order.
  subscribeBatch(
    consumer: string,
    patterns: readonly string[],
    handler: BatchEventHandler,
    options?: BatchSubscribeOptions,
  ): Promise<void>;
  // Readiness: throws when the transport is not usable right now.
  ping(): Promise<void>;
  // Events delivered to this consumer and not yet handled (its queue), for a metrics gauge.
  backlog(consumer: string): Promise<number>;
  // Events of this consumer waiting in its dead-letter queue, for a metrics gauge.
  deadLetterCount(consumer: string): Promise<number>;
  // Stops consuming, waits for handlers in flight, then releases the transport.
  close(): Promise<void>;
}

export interface BusOptions {
  logger: Logger;
  exchange?: string;
}

// One dead-letter exchange per event exchange, shared by its consumers.
export const deadLetterExchangeName = (exchange: string) => `${exchange}.dlx`;

export function queueNames(exchange: string, consumer: string) {
  return {
    queue: `${exchange}.${consumer}`,
    deadLetterExchange: deadLetterExchangeName(exchange),
    deadLetterQueue: `${exchange}.${consumer}.dead`,
  };
}

const CONSUMER_NAME = /^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)*$/;

export function assertConsumerName(consumer: string): void {
  if (!CONSUMER_NAME.test(consumer)) {
    throw new Error(`consumer name "${consumer}" must be lower case words (a-z, 0-9, _ and -) separated by dots`);
  }
}

// What every transport checks before subscribing: a valid consumer name and at least one
// valid topic pattern.
export function assertSubscription(consumer: string, patterns: readonly string[]): void {
  assertConsumerName(consumer);
  const invalid = patterns.find((pattern) => !isTopicPattern(pattern));
  if (patterns.length === 0 || invalid !== undefined)
    throw new Error(`invalid topic pattern for ${consumer}: ${invalid ?? '(none)'}`);
}
