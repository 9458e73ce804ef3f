import { join } from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { BrokerLink, type InProcessBroker } from '@crm/bus';
import { startThread, type DestinationStream } from '@crm/kit';
import type { PartName, PartSettings } from './parts';

// What travels to the services thread.
export interface ServicesThreadData {
  settings: PartSettings;
  parts: readonly PartName[];
  // gRPC addresses of the parts on the main thread.
  peers: Record<string, string>;
  // Its end of the link between the two threads' in-process brokers.
  brokerPort: MessagePort;
  // How many steps behind the main thread the OS schedules it (lowerThreadPriority).
  nice: number;
}

export interface StartedPart {
  name: PartName;
  httpPort: number;
  grpcPort: number;
}

export interface ServicesThread {
  parts: StartedPart[];
  startRelays(): Promise<void>;
  stopRelays(): Promise<void>;
  // Stops the thread's parts (their relays first, if still running), then the thread.
  stop(): Promise<void>;
}

// The compiled entry, from the sources as from the build: a thread runs JavaScript only.
const ENTRY = join(__dirname, '..', 'dist', 'services-thread-main.js');

// Some of the parts on a thread of their own (`SERVICES_THREAD=true`): one event loop runs on
// one core, and a catch-up after an import is every consumer's work at once. On a second thread
// those parts' consumers and requests run beside the main thread's instead of queueing with
// them. Nothing else changes: the same loopback HTTP and gRPC between the parts, and the two
// threads' in-process brokers linked (BrokerLink), so every consumer gets every event it
// subscribed to and an outbox row is deleted only once the consumers on both threads have it.
export async function startServicesThread(
  settings: PartSettings,
  parts: readonly PartName[],
  peers: Record<string, string>,
  broker: InProcessBroker,
  nice: number,
  logDestination?: DestinationStream,
): Promise<ServicesThread> {
  const channel = new MessageChannel();
  const link = new BrokerLink(broker, channel.port1);
  try {
    const thread = await startThread<StartedPart[], ServicesThreadData>(ENTRY, {
      name: 'services thread',
      data: { settings, parts, peers, brokerPort: channel.port2, nice },
      transferList: [channel.port2],
      logDestination,
    });
    return {
      parts: thread.value,
      startRelays: () => thread.command('start-relays'),
      stopRelays: () => thread.command('stop-relays'),
      stop: async () => {
        await thread.stop();
        link.close();
      },
    };
  } catch (error) {
    link.close();
    throw error;
  }
}
