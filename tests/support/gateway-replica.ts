import { SERVICES, startGateway, type GatewayOptions, type RunningGateway, type ServiceName } from '@crm/gateway';
import { createLogger, type KeyPair } from '@crm/kit';
import type { TestSystem } from './system';

export interface ReplicaOptions extends Pick<GatewayOptions, 'rateLimits' | 'deprecations' | 'logger'> {
  // Where this replica finds a service's HTTP side or identity's gRPC side, when not where the
  // system's own gateway finds it: a dead address plays an outage, a recording proxy a wiretap.
  serviceUrls?: Partial<Record<ServiceName, string>>;
  identityGrpcAddress?: string;
}

// Another gateway in front of a started system's services, as a second replica behind a load
// balancer, with options of its own. It signs what the system's gateway signs: the system's
// internal key pair (`internalKeys` given to the system) and the secret the services accept from a
// gateway, which the system makes at each start.
export async function startGatewayReplica(
  system: Pick<TestSystem, 'services' | 'serviceTokenSecret'>,
  keys: KeyPair,
  options: ReplicaOptions = {},
): Promise<RunningGateway & { url: string }> {
  const { services } = system;
  const { serviceUrls, identityGrpcAddress, ...gatewayOptions } = options;
  const gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    internalPrivateKey: keys.privateKey,
    serviceTokenSecret: system.serviceTokenSecret,
    identityGrpcAddress: identityGrpcAddress ?? `127.0.0.1:${services.identity.grpcPort}`,
    serviceUrls: Object.fromEntries(
      SERVICES.map((name) => [name, serviceUrls?.[name] ?? `http://127.0.0.1:${services[name].httpPort}`]),
    ) as Record<ServiceName, string>,
    logger: createLogger('gateway', 'error'),
    ...gatewayOptions,
  });
  return Object.assign(gateway, { url: `http://127.0.0.1:${gateway.port}/v1` });
}

// An address nothing listens on (the discard port): every connection to it is refused.
export const DEAD_ADDRESS = '127.0.0.1:9';
