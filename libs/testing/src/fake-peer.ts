import { Server, ServerCredentials, type ServiceDefinition, type UntypedServiceImplementation } from '@grpc/grpc-js';

// Another service's side of its gRPC contract, answered as a service test says, on a loopback
// port: the service under test gets `address` as that peer's. It checks no service token (the
// service's own server does that, and its tests check it).
export interface FakePeer {
  address: string;
  stop(): Promise<void>;
}

export interface FakeService {
  definition: ServiceDefinition;
  implementation: UntypedServiceImplementation;
}

export async function startFakePeer(services: FakeService[]): Promise<FakePeer> {
  const server = new Server();
  for (const { definition, implementation } of services) server.addService(definition, implementation);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  return {
    address: `127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}
