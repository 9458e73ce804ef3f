import type { Server } from 'node:http';
import type { Connection } from 'mongoose';
import { createEventBus, OutboxRelay, type EventBus, type InProcessBroker } from '@crm/bus';
import {
  closeServer,
  connectDatabase,
  createLogger,
  createServiceApp,
  finishServiceApp,
  healthRegistration,
  Lifecycle,
  listen,
  openApiDocument,
  pingDatabase,
  portOf,
  serveOperations,
  startGrpcServer,
  syncIndexes,
  type GrpcRegistration,
  type Implementation,
  type Logger,
  type RunningGrpcServer,
} from '@crm/kit';

// Everything a service's own code needs, whatever adapters are behind it.
export interface ServiceContext {
  name: string;
  logger: Logger;
  connection: Connection;
  bus: EventBus;
  outbox: OutboxRelay;
  // gRPC addresses of the services this one calls, by service name.
  peers: Record<string, string>;
  // Service-specific settings (environment variables), validated by the service itself.
  env: NodeJS.ProcessEnv;
  // Where embedded adapters keep their files (database, mailbox, blobs).
  dataDir: string;
  // Registers a resource of the service's own (a mail transport, a client) to close on
  // shutdown: after requests and consumers have drained, before the database closes.
  onStop(name: string, stop: () => Promise<void>): void;
  lifecycle: Lifecycle;
}

export interface ServiceDefinition {
  name: string;
  // Registers mongoose models on the service's own connection.
  models?(connection: Connection): void;
  // The service's REST operations under /v1, each a declaration paired with its handler
  // (`implement`): nothing else answers there.
  operations(context: ServiceContext): Implementation[];
  grpc?(context: ServiceContext): GrpcRegistration[];
  // Subscribes the service's event consumers.
  consumers?(context: ServiceContext): Promise<void>;
}

export interface HostOptions {
  httpPort: number;
  grpcPort: number;
  host?: string;
  dataDir: string;
  mongoUrl?: string;
  amqpUrl?: string;
  // RabbitMQ exchange (EVENT_EXCHANGE): installations sharing a broker keep their events apart.
  eventExchange?: string;
  // Embedded mode: the in-process broker shared by the parts of one system. Two systems in one
  // process (tests) each have their own, so neither consumes the other's events.
  inProcessBroker?: InProcessBroker;
  internalPublicKey: string;
  peers?: Record<string, string>;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  // In one process the in-process bus drops events nobody listens to yet, so the all-in-one
  // starts every relay only once every service has subscribed its consumers.
  deferOutboxRelay?: boolean;
}

export interface RunningService {
  name: string;
  context: ServiceContext;
  httpPort: number;
  grpcPort: number;
  httpServer: Server;
  grpcServer: RunningGrpcServer;
  startOutboxRelay(): void;
  stop(): Promise<void>;
}

export async function startService(definition: ServiceDefinition, options: HostOptions): Promise<RunningService> {
  const logger = options.logger ?? createLogger(definition.name);
  const lifecycle = new Lifecycle(logger);
  const ownResources = new Lifecycle(logger);
  const host = options.host ?? '0.0.0.0';
  // What has been opened so far, closed in reverse if starting fails half-way (an embedded
  // store left open would keep its lock).
  const opened: Array<() => Promise<void>> = [];
  try {
    const connection = await connectDatabase({
      service: definition.name,
      dataDir: options.dataDir,
      mongoUrl: options.mongoUrl,
    });
    opened.push(() => connection.close());
    const bus = createEventBus({
      amqpUrl: options.amqpUrl,
      exchange: options.eventExchange,
      broker: options.inProcessBroker,
      logger,
    });
    opened.push(() => bus.close(), () => ownResources.stop());
    const outbox = new OutboxRelay({ connection, bus, logger });
    const context: ServiceContext = {
      name: definition.name,
      logger,
      connection,
      bus,
      outbox,
      peers: options.peers ?? {},
      env: options.env ?? process.env,
      dataDir: options.dataDir,
      onStop: (name, stop) => ownResources.add(name, stop),
      lifecycle,
    };
    definition.models?.(connection);
    await syncIndexes(connection);

    const readiness = [
      { name: 'database', check: () => pingDatabase(connection) },
      { name: 'event bus', check: () => bus.ping() },
    ];
    const app = createServiceApp({ name: definition.name, logger, readiness });
    const implementations = definition.operations(context);
    const openApi = openApiDocument(`CRM ${definition.name}`, implementations);
    // On the service's own port, for the gateway to merge; not under /v1.
    app.get('/openapi.json', (_req, res) => {
      res.json(openApi);
    });
    app.use('/v1', serveOperations({ service: definition.name, internalPublicKey: options.internalPublicKey, implementations }));
    finishServiceApp(app, logger);

    const grpcServer = await startGrpcServer(
      [healthRegistration(readiness.map((dependency) => dependency.check)), ...(definition.grpc?.(context) ?? [])],
      options.grpcPort,
      host,
    );
    opened.push(() => grpcServer.close());
    await definition.consumers?.(context);
    opened.push(() => outbox.stop());
    if (!options.deferOutboxRelay) outbox.start();
    const httpServer = await listen(app, options.httpPort, host);

    // Shutdown order: stop accepting, drain, stop consumers and relay, then the database.
    lifecycle.add('http', () => closeServer(httpServer));
    lifecycle.add('grpc', () => grpcServer.close());
    lifecycle.add('outbox relay', () => outbox.stop());
    lifecycle.add('event bus', () => bus.close());
    lifecycle.add('service resources', () => ownResources.stop());
    lifecycle.add('database', () => connection.close());

    logger.info({ http_port: portOf(httpServer), grpc_port: grpcServer.port }, 'service started');
    return {
      name: definition.name,
      context,
      httpPort: portOf(httpServer),
      grpcPort: grpcServer.port,
      httpServer,
      grpcServer,
      startOutboxRelay: () => outbox.start(),
      stop: () => lifecycle.stop(),
    };
  } catch (error) {
    for (const close of opened.reverse()) await close().catch(() => undefined);
    throw error;
  }
}
