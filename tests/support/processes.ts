import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { connect } from 'amqplib';
import { deadLetterExchangeName, queueNames } from '@crm/bus';

// Parts of the system started as their own processes from their built entries, configured by
// environment variables alone, as containers run them.
const root = join(__dirname, '..', '..');

export interface StartedProcess {
  child: ChildProcess;
  // Its JSON log lines so far.
  lines: Array<Record<string, unknown>>;
  exit: Promise<number | null>;
  // The log line that says it is ready; rejects if the process exits first.
  ready: Promise<Record<string, unknown>>;
}

export function startProcess(entry: string, env: Record<string, string>, readyMessage: string): StartedProcess {
  const child = spawn(process.execPath, [join(root, entry)], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, unknown>> = [];
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (text) => {
      try {
        const line = JSON.parse(text) as Record<string, unknown>;
        lines.push(line);
        if (line.msg === readyMessage) resolve(line);
      } catch {
        lines.push({ text });
      }
    });
    void exit.then((code) => reject(new Error(`${entry} exited with ${code}: ${JSON.stringify(lines)}`)));
  });
  // Processes that are meant to fail never become ready; only awaiting `ready` reports it.
  ready.catch(() => undefined);
  return { child, lines, exit, ready };
}

// Removes what a test's own exchange left on the broker: every queue and dead-letter queue that a
// process of the test declared (each logs "consuming events" with its consumer once its queues
// exist), and the exchanges. Quorum queues left behind pile up on the broker from run to run and
// slow down every later declaration.
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
  const connection = await connect(amqpUrl);
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
