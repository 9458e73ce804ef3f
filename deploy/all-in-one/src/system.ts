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

export interface RunningSystem {
  // Base address of the API, including /v1.
  url: string;
  gateway: RunningGateway;
  services: Record<ServiceName, RunningService>;
  // What the services accept gRPC calls with (made at each start): another gateway in front of
  // the same services (a second replica, in tests) signs with it.
  serviceTokenSecret: string;
  stop(): Promise<void>;
}

// Started in dependency order. crm-core and marketing call each other: a peer's address is
// looked up when a service first calls it (gRPC clients are made on first use), by then every
// part has started.
const ORDER: Array<{ definition: ServiceDefinition; peers: ServiceName[] }> = [
  { definition: identityService, peers: [] },
  { definition: documentsService, peers: ['crm-core'] },
  { definition: crmCoreService, peers: ['identity', 'documents', 'marketing'] },
  { definition: marketingService, peers: ['crm-core', 'identity'] },
  { definition: reportsService, peers: ['identity', 'crm-core', 'marketing'] },
  { definition: billingService, peers: ['identity'] },
  { definition: webhooksService, peers: [] },
];

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
  const services = {} as Record<ServiceName, RunningService>;
  try {
    for (const { definition, peers } of ORDER) {
      const peerAddresses = lazyAddresses(peers, (peer) => services[peer] && `${host}:${services[peer].grpcPort}`);
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
        peers: peerAddresses,
        env,
        deferOutboxRelay: true,
        logger: createLogger(definition.name, options.logLevel, options.logDestination),
      });
      started.push(service);
      services[definition.name as ServiceName] = service;
    }
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
