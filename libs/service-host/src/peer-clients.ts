import { insecureCredentials, type ClientOptions } from '@crm/kit';
import type { ServiceContext } from './service-host';

// A generated gRPC client (ts-proto's `XServiceClient`).
interface Client {
  close(): void;
}
type PeerClientConstructor<C extends Client> = new (address: string, credentials: ReturnType<typeof insecureCredentials>, options: Partial<ClientOptions>) => C;

const clientsByContext = new WeakMap<ServiceContext, Map<string, Client>>();

// One client per peer service and generated client, made on first use: a peer started after this
// service (two services that call each other) only needs its address known by then. Closed when
// the service stops.
export function peerClient<C extends Client>(context: ServiceContext, peer: string, Constructor: PeerClientConstructor<C>): C {
  let clients = clientsByContext.get(context);
  if (!clients) {
    clients = new Map();
    clientsByContext.set(context, clients);
  }
  const key = `${peer}/${Constructor.name}`;
  const existing = clients.get(key);
  if (existing) return existing as C;
  const address = context.peers[peer];
  if (!address) throw new Error(`${context.name} has no gRPC address for its peer ${peer}`);
  const client = new Constructor(address, insecureCredentials(), context.grpcClientOptions);
  clients.set(key, client);
  context.onStop(`${peer} ${Constructor.name}`, async () => {
    client.close();
    clients.delete(key);
  });
  return client;
}
