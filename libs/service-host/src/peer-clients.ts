import { grpcClient, type GrpcClient, type GrpcClientConstructor } from '@crm/kit';
import type { ServiceContext } from './service-context';

const clientsByContext = new WeakMap<ServiceContext, Map<string, GrpcClient>>();

// The service a generated client calls (grpc-js sets `serviceName`): every generated class is
// named ServiceClientImpl, so its name would hand a peer's second service (documents' exports,
// every owner's record replay) the first one's client.
function serviceOf(Constructor: GrpcClientConstructor<GrpcClient>): string {
  return (Constructor as { serviceName?: string }).serviceName ?? Constructor.name;
}

// One client per peer service and generated client, made on first use: a peer started after this
// service (two services that call each other) only needs its address known by then. Closed when
// the service stops.
export function peerClient<C extends GrpcClient>(
  context: ServiceContext,
  peer: string,
  Constructor: GrpcClientConstructor<C>,
): C {
  let clients = clientsByContext.get(context);
  if (!clients) {
    clients = new Map();
    clientsByContext.set(context, clients);
  }
  const key = `${peer} ${serviceOf(Constructor)}`;
  const existing = clients.get(key);
  if (existing) return existing as C;
  const address = context.peers[peer];
  if (!address) throw new Error(`${context.name} has no gRPC address for its peer ${peer}`);
  const client = grpcClient(Constructor, address, context.grpcClientOptions);
  clients.set(key, client);
  context.onStop(key, async () => {
    client.close();
    clients.delete(key);
  });
  return client;
}
