import type { Connection } from 'mongoose';
import type { EventBus, OutboxRelay } from '@crm/bus';
import type { ClientOptions, Lifecycle, Logger, ServiceMetrics } from '@crm/kit';
import type { PeerClients } from './peer-clients';

// Everything a service's own code needs, whatever adapters are behind it.
export interface ServiceContext {
  name: string;
  logger: Logger;
  connection: Connection;
  bus: EventBus;
  outbox: OutboxRelay;
  // gRPC addresses of the services this one calls, by service name.
  peers: Record<string, string>;
  // Options for a peer's generated client: every call then carries this service's token and
  // the context it is made in (`peerClient(context, peer, XServiceClient)` makes one with them).
  grpcClientOptions: Partial<ClientOptions>;
  // The clients this service holds to its peers, made with those options on first use and closed
  // when it stops.
  peerClients: PeerClients;
  // This service's Prometheus registry (served at /metrics), for metrics of its own.
  metrics: ServiceMetrics;
  // Service-specific settings (environment variables), validated by the service's `runtime` at start.
  env: NodeJS.ProcessEnv;
  // Where embedded adapters keep their files (database, mailbox, blobs).
  dataDir: string;
  // Registers a resource of the service's own (a mail transport, a client) to close on
  // shutdown: after requests and consumers have drained, before the database closes.
  onStop(name: string, stop: () => Promise<void>): void;
  lifecycle: Lifecycle;
}
