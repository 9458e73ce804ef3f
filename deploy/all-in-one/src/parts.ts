import type { ServiceName } from '@crm/gateway';
import type { InProcessBroker } from '@crm/bus';
import { createLogger, type DestinationStream } from '@crm/kit';
import { startService, type RunningService, type ServiceDefinition } from '@crm/service-host';

// The parts of the system in the order they start, each with the peers it calls over gRPC.
// crm-core and marketing call each other: a peer's address is looked up when a service first
// calls it (gRPC clients are made on first use), by then every part has started. A part's code
// is loaded when it starts, so a thread loads only the parts it runs.
export const PARTS = [
  { name: 'identity', load: async () => (await import('@crm/identity')).identityService, peers: [] },
  { name: 'documents', load: async () => (await import('@crm/documents')).documentsService, peers: ['crm-core'] },
  {
    name: 'crm-core',
    load: async () => (await import('@crm/crm-core')).crmCoreService,
    peers: ['identity', 'documents', 'marketing'],
  },
  {
    name: 'marketing',
    load: async () => (await import('@crm/marketing')).marketingService,
    peers: ['crm-core', 'identity'],
  },
  {
    name: 'reports',
    load: async () => (await import('@crm/reports')).reportsService,
    peers: ['identity', 'crm-core', 'marketing'],
  },
  { name: 'billing', load: async () => (await import('@crm/billing')).billingService, peers: ['identity'] },
  { name: 'webhooks', load: async () => (await import('@crm/webhooks')).webhooksService, peers: [] },
] as const satisfies ReadonlyArray<{ name: ServiceName; load: () => Promise<unknown>; peers: readonly ServiceName[] }>;

export type PartName = (typeof PARTS)[number]['name'];

// The parts the services thread runs (SystemOptions.servicesThread). During a catch-up every
// consumer takes its share of one event loop; these three are the projections that hold half of
// that work (reports' read model, the webhooks feed, marketing's copies of crm-core's records)
// and are not on the path of crm-core's writes or of authentication, so crm-core and identity
// keep the main thread's core while they run beside it.
export const THREAD_PARTS: readonly PartName[] = ['marketing', 'reports', 'webhooks'];

// Their thread runs background work: when both cores are busy (a catch-up), the OS runs the
// threads that answer requests (main, gateway) first, and this one gets what they leave. Alone
// it lowered the p50 of reads during a catch-up at 30,000 imported rows (6-16 ms against 10-18)
// more than their p99; with the gateway's kept answers, gateway/README.md has the figures.
export const DEFAULT_SERVICES_THREAD_NICE = 10;

// What every part of one system is started with, on either thread (cloneable: it crosses to the
// services thread as it is).
export interface PartSettings {
  host: string;
  dataDir: string;
  mongoUrl?: string;
  amqpUrl?: string;
  internalPublicKey: string;
  serviceTokenSecret: string;
  env: NodeJS.ProcessEnv;
  logLevel?: string;
}

export interface PartAddresses {
  // gRPC address of a peer, undefined until it has started.
  grpc(peer: ServiceName): string | undefined;
}

export async function startPart(
  part: (typeof PARTS)[number],
  settings: PartSettings,
  broker: InProcessBroker,
  addresses: PartAddresses,
  logDestination?: DestinationStream,
): Promise<RunningService> {
  return startService((await part.load()) as ServiceDefinition<unknown>, {
    httpPort: 0,
    grpcPort: 0,
    host: settings.host,
    dataDir: settings.dataDir,
    mongoUrl: settings.mongoUrl,
    amqpUrl: settings.amqpUrl,
    inProcessBroker: broker,
    internalPublicKey: settings.internalPublicKey,
    serviceTokenSecret: settings.serviceTokenSecret,
    peers: lazyAddresses(part.peers, addresses),
    env: settings.env,
    // In one process the in-process bus drops events nobody listens to yet: every relay starts
    // once every part (on both threads) has subscribed its consumers.
    deferOutboxRelay: true,
    logger: createLogger(part.name, settings.logLevel, logDestination),
  });
}

// Addresses read when used, so a service may name a peer that starts after it.
function lazyAddresses(peers: readonly ServiceName[], addresses: PartAddresses): Record<string, string> {
  const named: Record<string, string> = {};
  for (const peer of peers) {
    Object.defineProperty(named, peer, {
      enumerable: true,
      get: () => {
        const address = addresses.grpc(peer);
        if (address === undefined) throw new Error(`${peer} has not started yet`);
        return address;
      },
    });
  }
  return named;
}
