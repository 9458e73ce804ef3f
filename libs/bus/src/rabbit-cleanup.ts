import amqp from 'amqplib';
import { deadLetterExchangeName, queueNames } from './event-bus';

// Removes an exchange that a run of its own declared (a test's or a benchmark's) from the broker:
// every queue and dead-letter queue of the consumers named, then the exchange and its dead-letter
// exchange. Quorum queues left behind pile up on the broker from run to run and slow down every
// later declaration. Never for the exchange a deployment runs on: its queues hold undelivered events.
export async function removeExchange(amqpUrl: string, exchange: string, consumers: Iterable<string>): Promise<void> {
  const connection = await amqp.connect(amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const consumer of consumers) {
      const names = queueNames(exchange, consumer);
      await channel.deleteQueue(names.queue);
      await channel.deleteQueue(names.deadLetterQueue);
    }
    await channel.deleteExchange(exchange);
    await channel.deleteExchange(deadLetterExchangeName(exchange));
  } finally {
    await connection.close();
  }
}
