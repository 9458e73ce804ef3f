import { runWithContext, type Logger } from '@crm/kit';
import type { EventEnvelope } from './event-envelope';
import { isTopicPattern } from './topic-pattern';

export type EventHandler = (event: EventEnvelope) => Promise<void>;

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

export const DEFAULT_EXCHANGE = 'crm.events';
export const DEFAULT_PREFETCH = 10;
export const DEFAULT_MAX_DELIVERIES = 5;

// The port services see; whether RabbitMQ or the in-process broker is behind it is config.
export interface EventBus {
  // Resolves only once the transport has taken responsibility for every event.
  publish(events: readonly EventEnvelope[]): Promise<void>;
  // One durable queue per consumer name; `patterns` are topic patterns over event types.
  subscribe(
    consumer: string,
    patterns: readonly string[],
    handler: EventHandler,
    options?: SubscribeOptions,
  ): Promise<void>;
  // Readiness: throws when the transport is not usable right now.
  ping(): Promise<void>;
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
  if (patterns.length === 0 || invalid !== undefined) throw new Error(`invalid topic pattern for ${consumer}: ${invalid ?? '(none)'}`);
}
