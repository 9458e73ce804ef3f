import { resolve } from 'node:path';
import {
  SERVICES,
  startGateway,
  startGatewayThread,
  type RateLimitOptions,
  type RunningGateway,
  type ServiceName,
} from '@crm/gateway';
import type { billingService } from '@crm/billing';
import type { crmCoreService } from '@crm/crm-core';
import type { documentsService } from '@crm/documents';
import type { identityService } from '@crm/identity';
import { InProcessBroker } from '@crm/bus';
import {
  createLogger,
  generateInternalKeyPair,
  generateServiceTokenSecret,
  type DestinationStream,
  type KeyPair,
} from '@crm/kit';
import type { marketingService } from '@crm/marketing';
import type { reportsService } from '@crm/reports';
import type { RunningService, ServiceDefinition } from '@crm/service-host';
import type { webhooksService } from '@crm/webhooks';
import {
  DEFAULT_SERVICES_THREAD_NICE,
  PARTS,
  startPart,
  THREAD_PARTS,
  type PartName,
  type PartSettings,
} from './parts';
import { startServicesThread, type ServicesThread } from './services-thread';

export interface SystemOptions {
  port?: number;
  host?: string;
  dataDir?: string;
  mongoUrl?: string;
  amqpUrl?: string;
  env?: NodeJS.ProcessEnv;
  // Log level of every part (LOG_LEVEL otherwise); each part logs as its own service.
  logLevel?: string;
  // Where every part writes its log lines (stdout otherwise): tests read them.
  logDestination?: DestinationStream;
  // The gateway's signing keys; a fresh pair per process when not given.
  internalKeys?: KeyPair;
  rateLimits?: RateLimitOptions;
  trustProxy?: boolean | number | string;
  // The gateway on a thread of its own (`npm start`, benchmarks): its share of each request's
  // CPU runs beside the services' instead of on their event loop. The thread loads the gateway's
  // build, so it is off by default: tests run the sources, with the gateway on the main thread.
  gatewayThread?: boolean;
  // marketing, reports and webhooks on a thread of their own (`SERVICES_THREAD=true npm start`,
  // THREAD_PARTS): a catch-up uses a second core, but three busy threads then share two cores
  // with no regard for which work is a request, so writes and reads during a catch-up slow down.
  // A test that sets it cannot reach those parts' insides through `services`.
  servicesThread?: boolean;
  // How many steps (nice, 0-19) behind the other threads the OS schedules the services thread
  // (SERVICES_THREAD_NICE): DEFAULT_SERVICES_THREAD_NICE unless given.
  servicesThreadNice?: number;
}

// Each part with its own runtime's type: tests read a service's settings and adapters there.
export interface SystemServices {
  identity: StartedService<typeof identityService>;
  documents: StartedService<typeof documentsService>;
  'crm-core': StartedService<typeof crmCoreService>;
  marketing: StartedService<typeof marketingService>;
  reports: StartedService<typeof reportsService>;
  billing: StartedService<typeof billingService>;
  webhooks: StartedService<typeof webhooksService>;
}

type StartedService<D> = D extends ServiceDefinition<infer R> ? RunningService<R> : never;

export interface RunningSystem {
  // Base address of the API, including /v1.
  url: string;
  // Each part's own HTTP address (its /metrics, /readyz and /openapi.json), the gateway's included:
  // loopback ports chosen at start, so an operator learns them from what npm start prints.
  partUrls: Record<ServiceName | 'gateway', string>;
  gateway: RunningGateway;
  services: SystemServices;
  // What the services accept gRPC calls with (made at each start): another gateway in front of
  // the same services (a second replica, in tests) signs with it.
  serviceTokenSecret: string;
  stop(): Promise<void>;
}

// The whole system in one process on loopback ports, with real HTTP and gRPC between the
// parts: the same code that runs one service per container.
export async function startSystem(options: SystemOptions = {}): Promise<RunningSystem> {
  const host = options.host ?? '127.0.0.1';
  const dataDir = resolve(options.dataDir ?? './.data');
  const keys = options.internalKeys ?? generateInternalKeyPair();
  // Like the key pair: one per process, shared by its parts' gRPC clients and servers.
  const serviceTokenSecret = generateServiceTokenSecret();
  const inProcessBroker = new InProcessBroker();
  const given = options.env ?? process.env;
  const env = {
    // Identity runs alone here, so its writes reach its authentication cache (see its config).
    AUTHENTICATION_CACHE: 'true',
    ...given,
    // The one place the simulated payment provider is the default: a system on this machine, for
    // trying and testing, takes no money. A Stripe key given here still names Stripe.
    ...(given.PAYMENT_PROVIDER || given.STRIPE_SECRET_KEY ? {} : { PAYMENT_PROVIDER: 'simulated' }),
  };
  const settings: PartSettings = {
    host,
    dataDir,
    mongoUrl: options.mongoUrl,
    amqpUrl: options.amqpUrl,
    internalPublicKey: keys.publicKey,
    serviceTokenSecret,
    env,
    logLevel: options.logLevel,
  };
  const onThread = new Set<PartName>(options.servicesThread ? THREAD_PARTS : []);
  const started: RunningService[] = [];
  // Ports of the parts started so far, by name: a peer's address is read when first used.
  const ports = new Map<string, { httpPort: number; grpcPort: number }>();
  const grpcAddress = (peer: ServiceName) => (ports.has(peer) ? `${host}:${ports.get(peer)!.grpcPort}` : undefined);
  let thread: ServicesThread | undefined;
  try {
    for (const part of PARTS) {
      if (onThread.has(part.name)) continue;
      const service = await startPart(part, settings, inProcessBroker, { grpc: grpcAddress }, options.logDestination);
      started.push(service);
      ports.set(part.name, service);
    }
    if (onThread.size > 0) {
      const peers = Object.fromEntries([...ports.keys()].map((name) => [name, grpcAddress(name as ServiceName)!]));
      thread = await startServicesThread(
        settings,
        [...onThread],
        peers,
        inProcessBroker,
        options.servicesThreadNice ?? DEFAULT_SERVICES_THREAD_NICE,
        options.logDestination,
      );
      for (const part of thread.parts) ports.set(part.name, part);
    }
    const services = runningServices(started);
    const urlOf = (name: ServiceName) => `http://${host}:${ports.get(name)!.httpPort}`;
    const serviceUrls = Object.fromEntries(SERVICES.map((name) => [name, urlOf(name)])) as Record<ServiceName, string>;
    const gatewayOptions = {
      port: options.port ?? 8080,
      host,
      internalPrivateKey: keys.privateKey,
      serviceTokenSecret,
      identityGrpcAddress: grpcAddress('identity')!,
      serviceUrls,
      rateLimits: options.rateLimits,
      trustProxy: options.trustProxy,
    };
    const gateway = options.gatewayThread
      ? await startGatewayThread({
          ...gatewayOptions,
          logLevel: options.logLevel,
          logDestination: options.logDestination,
        })
      : await startGateway({
          ...gatewayOptions,
          logger: createLogger('gateway', options.logLevel, options.logDestination),
        });
    for (const service of started) service.startOutboxRelay();
    await thread?.startRelays();
    return {
      url: `http://${host}:${gateway.port}/v1`,
      partUrls: { gateway: `http://${host}:${gateway.port}`, ...serviceUrls },
      gateway,
      services,
      serviceTokenSecret,
      stop: async () => {
        await gateway.stop();
        // Every part's relay before any part stops: a relay's publish here returns once each
        // consumer has handled the events, so one still publishing would otherwise meet the
        // consumers of a part already stopped, fail, and leave those events to the next start.
        await Promise.all([...started.map((service) => service.context.outbox.stop()), thread?.stopRelays()]);
        await thread?.stop();
        for (const service of started.reverse()) await service.stop();
      },
    };
  } catch (error) {
    await thread?.stop();
    for (const service of started.reverse()) await service.stop();
    throw error;
  }
}

// The parts on the main thread by name; a part on the services thread cannot be reached from here.
function runningServices(started: readonly RunningService[]): SystemServices {
  const services = {} as SystemServices;
  for (const { name } of PARTS) {
    const service = started.find((running) => running.name === name);
    Object.defineProperty(services, name, {
      enumerable: true,
      get: () => {
        if (!service) throw new Error(`${name} runs on the services thread: start the system without servicesThread`);
        return service;
      },
    });
  }
  return services;
}
