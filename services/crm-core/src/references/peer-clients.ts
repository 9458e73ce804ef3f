import type { ChannelCredentials, Client, ClientOptions } from '@grpc/grpc-js';
import { insecureCredentials } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';

type PeerClientConstructor<C extends Client> = new (address: string, credentials: ChannelCredentials, options: Partial<ClientOptions>) => C;

const clientsByContext = new WeakMap<ServiceContext, Map<string, Client>>();

// One client per peer, made on first use: a peer started after this service (marketing, which
// also calls crm-core) only needs its address known by then. Closed when the service stops.
export function peerClient<C extends Client>(context: ServiceContext, peer: string, Constructor: PeerClientConstructor<C>): C {
  let clients = clientsByContext.get(context);
  if (!clients) {
    clients = new Map();
    clientsByContext.set(context, clients);
  }
  const existing = clients.get(peer);
  if (existing) return existing as C;
  const address = context.peers[peer];
  if (!address) throw new Error(`${context.name} has no gRPC address for its peer ${peer}`);
  const client = new Constructor(address, insecureCredentials(), context.grpcClientOptions);
  clients.set(peer, client);
  context.onStop(`${peer} gRPC client`, async () => {
    client.close();
    clients.delete(peer);
  });
  return client;
}
