import { grpcClient, type ClientOptions, type GrpcClient, type GrpcClientConstructor } from '@crm/kit';

// The service a generated client calls (grpc-js sets `serviceName`): every generated class is
// named ServiceClientImpl, so its name would hand a peer's second service (documents' exports,
// every owner's record replay) the first one's client.
function serviceOf(Constructor: GrpcClientConstructor<GrpcClient>): string {
  return (Constructor as { serviceName?: string }).serviceName ?? Constructor.name;
}

// The gRPC clients one service holds to its peers, one per address and generated client, made on
// first use: a peer started after this service (two services that call each other) only needs its
// address known by then. Built by the host with the service's context; each client is closed when
// the service stops.
export class PeerClients {
  private readonly clients = new Map<string, GrpcClient>();

  constructor(
    private readonly options: Partial<ClientOptions>,
    private readonly onStop: (name: string, stop: () => Promise<void>) => void,
  ) {}

  client<C extends GrpcClient>(address: string, Constructor: GrpcClientConstructor<C>): C {
    const key = `${address} ${serviceOf(Constructor)}`;
    const existing = this.clients.get(key);
    if (existing) return existing as C;
    const client = grpcClient(Constructor, address, this.options);
    this.clients.set(key, client);
    this.onStop(key, async () => {
      client.close();
      this.clients.delete(key);
    });
    return client;
  }
}

// What `peerClient` reads of a service's context.
export interface PeerClientContext {
  name: string;
  peers: Record<string, string>;
  peerClients: PeerClients;
}

// The client of a peer service, by the peer's name: its address comes from the context's peers.
export function peerClient<C extends GrpcClient>(
  context: PeerClientContext,
  peer: string,
  Constructor: GrpcClientConstructor<C>,
): C {
  const address = context.peers[peer];
  if (!address) throw new Error(`${context.name} has no gRPC address for its peer ${peer}`);
  return context.peerClients.client(address, Constructor);
}
