import { removeExchange } from '@crm/bus';
import type { StartedProcess } from '@crm/processes';

// Removes what a test's own exchange left on the broker: every queue and dead-letter queue that a
// process of the test declared (each logs "consuming events" with its consumer once its queues
// exist), and the exchanges.
export async function removeTestExchange(
  amqpUrl: string,
  exchange: string,
  processes: ReadonlyArray<Pick<StartedProcess, 'lines'>>,
): Promise<void> {
  const consumers = new Set<string>();
  for (const { lines } of processes) {
    for (const line of lines) {
      if (line.msg === 'consuming events' && typeof line.consumer === 'string') consumers.add(line.consumer);
    }
  }
  await removeExchange(amqpUrl, exchange, consumers);
}
