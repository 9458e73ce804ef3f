import { join } from 'node:path';
import { startThread, type DestinationStream } from '@crm/kit';
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

// What travels to the thread.
export interface GatewayThreadData {
  options: Omit<GatewayOptions, 'logger'>;
  logLevel?: string;
}

// The compiled entry, from the sources as from the build: a thread runs JavaScript only.
const ENTRY = join(__dirname, '..', 'dist', 'gateway-thread-main.js');

export async function startGatewayThread(options: GatewayThreadOptions): Promise<RunningGateway> {
  const { logLevel, logDestination, ...gatewayOptions } = options;
  const thread = await startThread<{ port: number }, GatewayThreadData>(ENTRY, {
    name: 'gateway',
    data: { options: gatewayOptions, logLevel },
    logDestination,
  });
  return { port: thread.value.port, stop: () => thread.stop() };
}
