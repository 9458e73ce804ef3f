import { grpcClient, type GrpcClient, type GrpcClientConstructor } from '@crm/kit';
import type { ServiceContext } from './service-host';

// Per peer service, its clients by generated client class. Keyed by the class itself: every
// generated class has the same name (grpc-js's `ServiceClientImpl`), so a peer's second service
// (documents' exports, every owner's record replay) would otherwise get the first one's client.
const clientsByContext = new WeakMap<ServiceContext, Map<string, Map<GrpcClientConstructor<GrpcClient>, GrpcClient>>>();

// One client per peer service and generated client, made on first use: a peer started after this
// service (two services that call each other) only needs its address known by then. Closed when
// the service stops.
export function peerClient<C extends GrpcClient>(context: ServiceContext, peer: string, Constructor: GrpcClientConstructor<C>): C {
  let peers = clientsByContext.get(context);
  if (!peers) {
    peers = new Map();
    clientsByContext.set(context, peers);
  }
  let clients = peers.get(peer);
  if (!clients) {
    clients = new Map();
    peers.set(peer, clients);
  }
  const existing = clients.get(Constructor);
  if (existing) return existing as C;
  const address = context.peers[peer];
  if (!address) throw new Error(`${context.name} has no gRPC address for its peer ${peer}`);
  const client = grpcClient(Constructor, address, context.grpcClientOptions);
  clients.set(Constructor, client);
  const serviceName = (Constructor as { serviceName?: string }).serviceName ?? Constructor.name;
  context.onStop(`${peer} ${serviceName}`, async () => {
    client.close();
    clients.delete(Constructor);
  });
  return client;
}
