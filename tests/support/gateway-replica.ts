import { SERVICES, startGateway, type GatewayOptions, type RunningGateway, type ServiceName } from '@crm/gateway';
import { createLogger, type KeyPair } from '@crm/kit';
import type { RunningSystem } from '@crm/all-in-one';

// Another gateway in front of a started system's services, as a second replica behind a load
// balancer, with options of its own. It signs what the system's gateway signs: the system's
// internal key pair (`internalKeys` given to the system) and the secret the services accept from a
// gateway, which the system makes at each start.
export async function startGatewayReplica(
  system: Pick<RunningSystem, 'services' | 'serviceTokenSecret'>,
  keys: KeyPair,
  options: Pick<GatewayOptions, 'rateLimits' | 'deprecations'>,
): Promise<RunningGateway & { url: string }> {
  const services = system.services;
  const gateway = await startGateway({
    port: 0,
    host: '127.0.0.1',
    internalPrivateKey: keys.privateKey,
    serviceTokenSecret: system.serviceTokenSecret,
    identityGrpcAddress: `127.0.0.1:${services.identity.grpcPort}`,
    serviceUrls: Object.fromEntries(
      SERVICES.map((name) => [name, `http://127.0.0.1:${services[name].httpPort}`]),
    ) as Record<ServiceName, string>,
    logger: createLogger('gateway', 'error'),
    ...options,
  });
  return Object.assign(gateway, { url: `http://127.0.0.1:${gateway.port}/v1` });
}
