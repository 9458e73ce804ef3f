import type { Logger } from '@crm/kit';
import type { Connection } from 'mongoose';
import type { EventBus } from './event-bus';
import { InProcessEventBus, type InProcessBroker } from './in-process-bus';
import { RabbitEventBus } from './rabbit-bus';

export interface EventBusOptions {
  // Set: RabbitMQ. Unset (embedded mode): the process-wide in-process broker.
  amqpUrl?: string;
  logger: Logger;
  exchange?: string;
  // Embedded mode: the broker the parts of one system share (default: the process-wide one).
  broker?: InProcessBroker;
  // Embedded mode: the service's database, where its consumers' dead letters are kept.
  connection?: Connection;
}

export function createEventBus(options: EventBusOptions): EventBus {
  if (options.amqpUrl) {
    return new RabbitEventBus({ url: options.amqpUrl, logger: options.logger, exchange: options.exchange });
  }
  return new InProcessEventBus({ logger: options.logger, broker: options.broker, connection: options.connection });
}
