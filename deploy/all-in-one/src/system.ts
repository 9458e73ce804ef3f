import { resolve } from 'node:path';
import {
  startGateway,
  startGatewayThread,
  type RateLimitOptions,
  type RunningGateway,
  type ServiceName,
} from '@crm/gateway';
import { billingService } from '@crm/billing';
import { crmCoreService } from '@crm/crm-core';
import { documentsService } from '@crm/documents';
import { identityService } from '@crm/identity';
import { InProcessBroker } from '@crm/bus';
import {
  createLogger,
  generateInternalKeyPair,
  generateServiceTokenSecret,
  type DestinationStream,
  type KeyPair,
} from '@crm/kit';
import { marketingService } from '@crm/marketing';
import { reportsService } from '@crm/reports';
import { startService, type RunningService, type ServiceDefinition } from '@crm/service-host';
import { webhooksService } from '@crm/webhooks';

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
  const started: RunningService[] = [];
  // gRPC ports of the parts started so far, by name: a peer's address is read when first used.
  const grpcPorts = new Map<string, number>();
  const start = async <R>(definition: ServiceDefinition<R>, peers: ServiceName[]): Promise<RunningService<R>> => {
    const service = await startService(definition, {
      httpPort: 0,
      grpcPort: 0,
      host,
      dataDir,
      mongoUrl: options.mongoUrl,
      amqpUrl: options.amqpUrl,
      inProcessBroker,
      internalPublicKey: keys.publicKey,
      serviceTokenSecret,
      peers: lazyAddresses(peers, (peer) => (grpcPorts.has(peer) ? `${host}:${grpcPorts.get(peer)}` : undefined)),
      env,
      deferOutboxRelay: true,
      logger: createLogger(definition.name, options.logLevel, options.logDestination),
    });
    started.push(service);
    grpcPorts.set(definition.name, service.grpcPort);
    return service;
  };
  try {
    // Started in dependency order. crm-core and marketing call each other: a peer's address is
    // looked up when a service first calls it (gRPC clients are made on first use), by then every
    // part has started.
    const identity = await start(identityService, []);
    const documents = await start(documentsService, ['crm-core']);
    const crmCore = await start(crmCoreService, ['identity', 'documents', 'marketing']);
    const marketing = await start(marketingService, ['crm-core', 'identity']);
    const reports = await start(reportsService, ['identity', 'crm-core', 'marketing']);
    const billing = await start(billingService, ['identity']);
    const webhooks = await start(webhooksService, []);
    const services: SystemServices = {
      identity,
      documents,
      'crm-core': crmCore,
      marketing,
      reports,
      billing,
      webhooks,
    };
    const urlOf = (name: ServiceName) => `http://${host}:${services[name].httpPort}`;
    const gatewayOptions = {
      port: options.port ?? 8080,
      host,
      internalPrivateKey: keys.privateKey,
      serviceTokenSecret,
      identityGrpcAddress: `${host}:${services.identity.grpcPort}`,
      serviceUrls: {
        identity: urlOf('identity'),
        'crm-core': urlOf('crm-core'),
        marketing: urlOf('marketing'),
        reports: urlOf('reports'),
        documents: urlOf('documents'),
        billing: urlOf('billing'),
        webhooks: urlOf('webhooks'),
      },
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
    return {
      url: `http://${host}:${gateway.port}/v1`,
      gateway,
      services,
      serviceTokenSecret,
      stop: async () => {
        await gateway.stop();
        // Every part's relay before any part stops: a relay's publish here returns once each
        // consumer has handled the events, so one still publishing would otherwise meet the
        // consumers of a part already stopped, fail, and leave those events to the next start.
        await Promise.all(started.map((service) => service.context.outbox.stop()));
        for (const service of started.reverse()) await service.stop();
      },
    };
  } catch (error) {
    for (const service of started.reverse()) await service.stop();
    throw error;
  }
}

// Addresses read when used, so a service may name a peer that starts after it.
function lazyAddresses(
  peers: ServiceName[],
  addressOf: (peer: ServiceName) => string | undefined,
): Record<string, string> {
  const addresses: Record<string, string> = {};
  for (const peer of peers) {
    Object.defineProperty(addresses, peer, {
      enumerable: true,
      get: () => {
        const address = addressOf(peer);
        if (address === undefined) throw new Error(`${peer} has not started yet`);
        return address;
      },
    });
  }
  return addresses;
}
