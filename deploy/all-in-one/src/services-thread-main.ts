import { BrokerLink, InProcessBroker } from '@crm/bus';
import { lowerThreadPriority, serveThread, threadData } from '@crm/kit';
import type { RunningService } from '@crm/service-host';
import { PARTS, startPart } from './parts';
import type { ServicesThreadData, StartedPart } from './services-thread';

// The services thread (see startServicesThread): starts its parts with a broker linked to the
// main thread's, reports their ports, starts and stops their relays and the parts on request.
const { data, logDestination } = threadData<ServicesThreadData>();
// Its consumers are background work only: requests to its parts are few (reports, marketing,
// webhooks), while the main thread and the gateway's answer every request.
lowerThreadPriority(data.nice);
const broker = new InProcessBroker();
const link = new BrokerLink(broker, data.brokerPort);
const started: RunningService[] = [];
const grpcPorts = new Map<string, number>();
const addresses = {
  grpc: (peer: string) =>
    data.peers[peer] ?? (grpcPorts.has(peer) ? `${data.settings.host}:${grpcPorts.get(peer)}` : undefined),
};

const stopRelays = () => Promise.all(started.map((service) => service.context.outbox.stop()));

async function stop(): Promise<void> {
  await stopRelays();
  for (const service of started.reverse()) await service.stop();
  link.close();
}

serveThread<StartedPart[]>({
  start: async () => {
    for (const part of PARTS) {
      if (!data.parts.includes(part.name)) continue;
      const service = await startPart(part, data.settings, broker, addresses, logDestination);
      started.push(service);
      grpcPorts.set(part.name, service.grpcPort);
    }
    return started.map((service) => ({
      name: service.name as StartedPart['name'],
      httpPort: service.httpPort,
      grpcPort: service.grpcPort,
    }));
  },
  commands: {
    'start-relays': async () => {
      for (const service of started) service.startOutboxRelay();
    },
    'stop-relays': async () => {
      await stopRelays();
    },
    stop,
  },
  onStartFailure: () => stop().catch(() => undefined),
});
