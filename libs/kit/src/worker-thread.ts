import { readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { parentPort, Worker, workerData, type TransferListItem } from 'node:worker_threads';
import type { DestinationStream } from './logger';

// A part of a process on a thread of its own (the gateway, a group of services): the thread
// starts its work and reports what the starter needs (ports), runs the starter's commands (stop),
// and hands its log lines to the starter when the starter writes them somewhere of its own.

type ThreadMessage<Started> =
  | { kind: 'started'; value: Started }
  | { kind: 'failed'; message: string }
  | { kind: 'log'; line: string }
  | { kind: 'done'; command: string };

interface ThreadData<Data> {
  data: Data;
  relayLogs: boolean;
}

export interface StartThreadOptions<Data> {
  // Named in errors: "<name> failed to start: …".
  name: string;
  data: Data;
  transferList?: readonly TransferListItem[];
  // Where the thread's log lines go (its stdout otherwise).
  logDestination?: DestinationStream;
}

export interface StartedThread<Started> {
  value: Started;
  // Runs one of the thread's commands; resolves when it is done (at once once the thread exited).
  command(name: string): Promise<void>;
  // The thread's `stop` command, then the thread ends.
  stop(): Promise<void>;
}

// Starts the compiled `entry` (which calls serveThread) and resolves once its work has started.
// A thread that fails to start rejects with its message; one that crashes later takes the process
// down, as it would on the main thread.
export function startThread<Started, Data>(
  entry: string,
  options: StartThreadOptions<Data>,
): Promise<StartedThread<Started>> {
  const workerData: ThreadData<Data> = { data: options.data, relayLogs: options.logDestination !== undefined };
  const worker = new Worker(entry, { workerData, transferList: options.transferList as TransferListItem[] });
  const waiting = new Map<string, () => void>();
  let running = false;
  let exited = false;
  const command = (name: string) =>
    exited
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          waiting.set(name, resolve);
          worker.postMessage(name);
        });

  return new Promise<StartedThread<Started>>((resolve, reject) => {
    worker.on('message', (message: ThreadMessage<Started>) => {
      switch (message.kind) {
        case 'log':
          options.logDestination?.write(message.line);
          return;
        case 'started':
          running = true;
          resolve({
            value: message.value,
            command,
            stop: async () => {
              await command('stop');
              await worker.terminate();
            },
          });
          return;
        case 'failed':
          reject(new Error(`${options.name} failed to start: ${message.message}`));
          void worker.terminate();
          return;
        case 'done':
          waiting.get(message.command)?.();
          waiting.delete(message.command);
      }
    });
    worker.once('error', (error) => {
      if (!running) {
        reject(error);
        return;
      }
      process.nextTick(() => {
        throw error;
      });
    });
    worker.once('exit', (code) => {
      exited = true;
      if (!running) reject(new Error(`${options.name} exited with ${code} before it started`));
      for (const done of waiting.values()) done();
      waiting.clear();
    });
  });
}

export interface ThreadWork<Started> {
  start(): Promise<Started>;
  // By name; `stop` is sent before the thread is ended.
  commands: Record<string, () => Promise<void>>;
  // After a failed start, before the starter hears of it.
  onStartFailure?(error: unknown): Promise<void> | void;
}

// On the thread: what the starter passed, and where log lines go (to the starter when it writes
// them somewhere of its own, stdout otherwise).
export function threadData<Data>(): { data: Data; logDestination?: DestinationStream } {
  const { data, relayLogs } = workerData as ThreadData<Data>;
  return { data, logDestination: relayLogs ? { write: (line: string) => send({ kind: 'log', line }) } : undefined };
}

function send<Started>(message: ThreadMessage<Started>): void {
  parentPort!.postMessage(message);
}

// On the thread: starts the work, reports it started (or why it did not), runs commands.
export function serveThread<Started>(work: ThreadWork<Started>): void {
  parentPort!.on('message', (name: string) => {
    const run = work.commands[name] ?? (() => Promise.resolve());
    void run()
      .catch(() => undefined)
      .finally(() => send({ kind: 'done', command: name }));
  });
  work.start().then(
    (value) => send({ kind: 'started', value }),
    async (error: unknown) => {
      await work.onStartFailure?.(error);
      send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
    },
  );
}

// On a thread: asks the OS to schedule it `nice` steps (1-19) behind the process's other threads,
// so that when every core is busy the others (those that answer requests) run first, and this one
// still gets what they leave. Linux schedules each thread on its own, by the id /proc/thread-self
// names; elsewhere (or where the OS refuses) nothing changes and false is answered.
export function lowerThreadPriority(nice: number): boolean {
  if (process.platform !== 'linux' || nice <= 0) return false;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').at(-1));
    if (!Number.isInteger(threadId) || threadId <= 0) return false;
    setPriority(threadId, Math.min(19, getPriority(threadId) + nice));
    return true;
  } catch {
    return false;
  }
}
