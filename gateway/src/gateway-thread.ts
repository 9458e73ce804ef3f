import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { DestinationStream } from '@crm/kit';
import type { GatewayOptions, RunningGateway } from './gateway';

// The gateway on a thread of its own, for a process that also runs the services (`npm start`).
// Every request costs the gateway about as much CPU as the service that answers it (HTTP in and
// out, the Authenticate call, the internal token), and one event loop runs on one core: on its
// own thread the gateway's half of the work runs beside the services' instead of queueing with
// it. Nothing else changes: the same code, the same loopback HTTP and gRPC to the services, so
// every request is still authenticated by identity.
export interface GatewayThreadOptions extends Omit<GatewayOptions, 'logger'> {
  logLevel?: string;
  // Where the gateway's log lines go (stdout otherwise), redacted as every logger's are.
  logDestination?: DestinationStream;
}

// What travels between the threads.
export interface GatewayThreadData {
  options: Omit<GatewayOptions, 'logger'>;
  logLevel?: string;
  // The lines are handed to the starting thread, which owns the destination.
  relayLogs: boolean;
}

export type GatewayThreadMessage =
  | { kind: 'started'; port: number }
  | { kind: 'failed'; message: string }
  | { kind: 'log'; line: string }
  | { kind: 'stopped' };

// The compiled entry, from the sources as from the build: a thread runs JavaScript only.
const ENTRY = join(__dirname, '..', 'dist', 'gateway-thread-main.js');

export function startGatewayThread(options: GatewayThreadOptions): Promise<RunningGateway> {
  const { logLevel, logDestination, ...gatewayOptions } = options;
  const data: GatewayThreadData = { options: gatewayOptions, logLevel, relayLogs: logDestination !== undefined };
  const worker = new Worker(ENTRY, { workerData: data });
  let stopped: (() => void) | undefined;
  let running = false;

  return new Promise<RunningGateway>((resolve, reject) => {
    worker.on('message', (message: GatewayThreadMessage) => {
      switch (message.kind) {
        case 'log':
          logDestination?.write(message.line);
          return;
        case 'started':
          running = true;
          resolve({
            port: message.port,
            stop: async () => {
              const done = new Promise<void>((finished) => (stopped = finished));
              worker.postMessage('stop');
              await done;
              await worker.terminate();
            },
          });
          return;
        case 'failed':
          reject(new Error(`gateway failed to start: ${message.message}`));
          void worker.terminate();
          return;
        case 'stopped':
          stopped?.();
      }
    });
    worker.once('error', (error) => {
      if (!running) {
        reject(error);
        return;
      }
      // A gateway that crashes takes the process down, as it would on the main thread.
      process.nextTick(() => {
        throw error;
      });
    });
    worker.once('exit', (code) => {
      if (!running) reject(new Error(`gateway thread exited with ${code} before it started`));
      stopped?.();
    });
  });
}
