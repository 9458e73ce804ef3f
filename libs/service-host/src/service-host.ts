import type { Server } from 'node:http';
import type { Connection } from 'mongoose';
import {
  createEventBus,
  jobBacklog,
  JobWorker,
  OutboxRelay,
  outboxBacklog,
  sentRetentionOf,
  type EventBus,
  type InProcessBroker,
  type JobHandler,
} from '@crm/bus';
import {
  closeServer,
  connectDatabase,
  createLogger,
  createMetrics,
  createServiceApp,
  finishServiceApp,
  generateServiceTokenSecret,
  grpcClientOptions,
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
  type ReadinessCheck,
  type RunningGrpcServer,
  type ServiceMetrics,
} from '@crm/kit';
import { ConsumerLagWatch } from './consumer-lag';
import { applyDataUpgrades, appliedUpgradeModel, HOST_UPGRADES, type DataUpgrade } from './data-upgrades';
import { idempotencyKeyModel } from './idempotency';
import { PeerClients } from './peer-clients';
import { requestInterceptor } from './request-interceptor';
import type { ServiceContext } from './service-context';
import { STORAGE_COMPACTION_JOB, storageCompactionHandler, storageCompactionIntervalOf } from './storage-compaction';

// What one feature of a service brings: its models, its REST operations, gRPC services, event
// consumers, scheduled jobs, readiness checks and data upgrades, each optional. Every hook but
// `models` receives the service's runtime, built once at start (`ServiceDefinition.runtime`).
export interface ServiceModule<R> {
  // Registers mongoose models on the service's own connection (before the runtime is built, so
  // what it makes may use them).
  models?(connection: Connection): void;
  // REST operations under /v1, each a declaration paired with its handler (`implement`): nothing
  // else answers there.
  operations?(runtime: R): Implementation[];
  grpc?(runtime: R): GrpcRegistration[];
  // Subscribes the module's event consumers.
  consumers?(runtime: R): Promise<void>;
  // Handlers of the module's scheduled jobs, by job name (see @crm/bus jobs).
  jobs?(runtime: R): Record<string, JobHandler>;
  // Dependencies of the module's own that /readyz (and the gRPC health service) check besides
  // the database and the event bus, e.g. a blob store.
  readiness?(runtime: R): ReadinessCheck[];
  // Changes to data earlier versions stored, run once at start before anything is served
  // (data-upgrades.ts).
  upgrades?(runtime: R): DataUpgrade[];
}

// A service: its name, the runtime its modules share and the list of its feature modules. The host
// runs each hook over the modules in their order (operations, consumers, jobs and upgrades keep
// it). `runtime` reads and checks the service's settings (a bad value stops the start, naming
// the variable) and makes what its code shares (a mailer, a blob store, a payment provider); a
// service without settings of its own answers the context itself. `defineService` infers the
// runtime's type from `runtime`.
export interface ServiceDefinition<R> {
  name: string;
  runtime(context: ServiceContext): R;
  modules: ServiceModule<NoInfer<R>>[];
}

export function defineService<R>(definition: ServiceDefinition<R>): ServiceDefinition<R> {
  return definition;
}

// Registers the models of every module of a service (the host does it at start; a tool or a test
// that opens a service's store without starting it does the same).
export function registerServiceModels<R>(definition: ServiceDefinition<R>, connection: Connection): void {
  for (const module of definition.modules) module.models?.(connection);
}

// The handlers of every module's jobs, by job name. A name is handled by one module: a second
// handler would silently replace the first, so it stops the start.
export function serviceJobs<R>(definition: ServiceDefinition<R>, runtime: R): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const module of definition.modules) {
    for (const [name, handler] of Object.entries(module.jobs?.(runtime) ?? {})) {
      if (name in handlers) throw new Error(`two handlers for the job ${name}`);
      handlers[name] = handler;
    }
  }
  return handlers;
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
  // Signs and verifies gRPC calls between the parts of one system (SERVICE_TOKEN_SECRET). A fresh
  // one when not given, so the server never accepts unauthenticated calls; it then answers only
  // clients made from this service's own `grpcClientOptions`.
  serviceTokenSecret?: string;
  peers?: Record<string, string>;
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  // In one process the in-process bus drops events nobody listens to yet, so the all-in-one
  // starts every relay only once every service has subscribed its consumers.
  deferOutboxRelay?: boolean;
}

export interface RunningService<R = unknown> {
  name: string;
  context: ServiceContext;
  // What the definition's `runtime` built at start (tests read a service's settings there).
  runtime: R;
  httpPort: number;
  grpcPort: number;
  httpServer: Server;
  grpcServer: RunningGrpcServer;
  startOutboxRelay(): void;
  stop(): Promise<void>;
}

export async function startService<R>(
  definition: ServiceDefinition<R>,
  options: HostOptions,
): Promise<RunningService<R>> {
  const logger = options.logger ?? createLogger(definition.name);
  const lifecycle = new Lifecycle(logger);
  const ownResources = new Lifecycle(logger);
  const host = options.host ?? '0.0.0.0';
  // What has been opened so far, closed in reverse if starting fails half-way (an embedded
  // store left open would keep its lock).
  const opened: Array<() => Promise<void>> = [];
  const serviceTokenSecret = options.serviceTokenSecret ?? generateServiceTokenSecret();
  try {
    const connection = await connectDatabase({
      service: definition.name,
      dataDir: options.dataDir,
      mongoUrl: options.mongoUrl,
    });
    opened.push(() => connection.close());
    // Mongoose keeps each query's stack (formatted text) to name where a query ran first if it
    // is ever run twice: a stack trace on every query of every request, for a mistake our code
    // does not make. Set once for the process's mongoose.
    connection.base.set('skipOriginalStackTraces', true);
    const metrics = createMetrics(definition.name);
    const bus = measuredBus(
      createEventBus({
        amqpUrl: options.amqpUrl,
        exchange: options.eventExchange,
        broker: options.inProcessBroker,
        logger,
        // Embedded dead letters are kept in the service's own database, not in memory.
        connection,
      }),
      metrics,
      logger,
    );
    opened.push(
      () => bus.close(),
      () => ownResources.stop(),
    );
    // The embedded store is opened by this process alone, so its relay is the only one.
    const outbox = new OutboxRelay({
      connection,
      bus,
      logger,
      exclusive: options.mongoUrl === undefined,
      retentionMs: sentRetentionOf(options.env ?? process.env),
    });
    const clientOptions = grpcClientOptions({ service: definition.name, secret: serviceTokenSecret });
    const onStop = (name: string, stop: () => Promise<void>) => ownResources.add(name, stop);
    const context: ServiceContext = {
      name: definition.name,
      logger,
      connection,
      bus,
      outbox,
      peers: options.peers ?? {},
      grpcClientOptions: clientOptions,
      peerClients: new PeerClients(clientOptions, onStop),
      metrics,
      env: options.env ?? process.env,
      dataDir: options.dataDir,
      onStop,
      lifecycle,
    };
    // Settings every service shares, checked before anything runs.
    storageCompactionIntervalOf(context.env);
    const { modules } = definition;
    registerServiceModels(definition, connection);
    idempotencyKeyModel(connection);
    appliedUpgradeModel(connection);
    const runtime = definition.runtime(context);
    await syncIndexes(connection);
    await applyDataUpgrades(context, [
      ...HOST_UPGRADES,
      ...modules.flatMap((module) => module.upgrades?.(runtime) ?? []),
    ]);

    const readiness = [
      { name: 'database', check: () => pingDatabase(connection) },
      { name: 'event bus', check: () => bus.ping() },
      ...modules.flatMap((module) => module.readiness?.(runtime) ?? []),
    ];
    metrics.registerOutboxBacklog(() => outboxBacklog(connection));
    metrics.registerJobBacklog(() => jobBacklog(connection));
    const app = createServiceApp({ name: definition.name, logger, readiness, metrics, requestContext: true });
    const implementations = modules.flatMap((module) => module.operations?.(runtime) ?? []);
    const openApi = openApiDocument(`CRM ${definition.name}`, implementations);
    // On the service's own port, for the gateway to merge; not under /v1.
    app.get('/openapi.json', (_req, res) => {
      res.json(openApi);
    });
    app.use(
      '/v1',
      serveOperations({
        service: definition.name,
        internalPublicKey: options.internalPublicKey,
        implementations,
        intercept: requestInterceptor(context, implementations),
      }),
    );
    finishServiceApp(app, logger);

    const grpcServer = await startGrpcServer(
      [
        healthRegistration(readiness.map((dependency) => dependency.check)),
        ...modules.flatMap((module) => module.grpc?.(runtime) ?? []),
      ],
      { port: options.grpcPort, host, serviceTokenSecret, metrics },
    );
    opened.push(() => grpcServer.close());
    // One after the other, in the modules' order: the order in which consumers subscribe.
    for (const module of modules) await module.consumers?.(runtime);
    opened.push(() => outbox.stop());
    if (!options.deferOutboxRelay) outbox.start();
    // Every service compacts its store when asked (storage-compaction.ts), besides its own jobs.
    const handlers = {
      [STORAGE_COMPACTION_JOB]: storageCompactionHandler(connection, logger),
      ...serviceJobs(definition, runtime),
    };
    const jobs = new JobWorker({ connection, logger, handlers });
    jobs.start();
    opened.push(() => jobs.stop());
    const httpServer = await listen(app, options.httpPort, host);

    // Shutdown order: stop accepting, drain, stop consumers and relay, then the database.
    lifecycle.add('http', () => closeServer(httpServer));
    lifecycle.add('grpc', () => grpcServer.close());
    lifecycle.add('job worker', () => jobs.stop());
    lifecycle.add('outbox relay', () => outbox.stop());
    lifecycle.add('event bus', () => bus.close());
    lifecycle.add('service resources', () => ownResources.stop());
    lifecycle.add('database', () => connection.close());

    logger.info({ http_port: portOf(httpServer), grpc_port: grpcServer.port }, 'service started');
    return {
      name: definition.name,
      context,
      runtime,
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

// Every consumer the service subscribes is measured: lag from the event's occurrence, outcome,
// what waits for it and what waits in its dead-letter queue; the log says when one falls more
// than a minute behind and when it has caught up.
function measuredBus(bus: EventBus, metrics: ServiceMetrics, logger: Logger): EventBus {
  const consumers = new Set<string>();
  const byConsumer = (read: (consumer: string) => Promise<number>) => async () =>
    Object.fromEntries(
      await Promise.all(
        [...consumers].map(async (consumer): Promise<[string, number]> => [consumer, await read(consumer)]),
      ),
    );
  metrics.registerDeadLetters(byConsumer((consumer) => bus.deadLetterCount(consumer)));
  metrics.registerConsumerBacklog(byConsumer((consumer) => bus.backlog(consumer)));
  const lag = new ConsumerLagWatch(logger);
  return {
    publish: (events) => bus.publish(events),
    subscribe: async (consumer, patterns, handler, options) => {
      await bus.subscribe(
        consumer,
        patterns,
        metrics.instrumentEventHandler(consumer, lag.single(consumer, handler)),
        options,
      );
      consumers.add(consumer);
    },
    subscribeBatch: async (consumer, patterns, handler, options) => {
      await bus.subscribeBatch(
        consumer,
        patterns,
        metrics.instrumentBatchHandler(consumer, lag.batch(consumer, handler)),
        options,
      );
      consumers.add(consumer);
    },
    ping: () => bus.ping(),
    backlog: (consumer) => bus.backlog(consumer),
    deadLetterCount: (consumer) => bus.deadLetterCount(consumer),
    close: () => bus.close(),
  };
}
