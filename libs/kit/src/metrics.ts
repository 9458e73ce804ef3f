import type { NextFunction, Request, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

// Prometheus metrics of one process part (a service, or the gateway). Each part has a registry
// of its own, labelled `service`, served at /metrics on the part's own HTTP port: in the
// all-in-one, seven parts share a process and each metric name exists once per registry, never
// twice in one (prom-client throws on that). Names are listed in docs/metrics.md.
export const METRICS_PATH = '/metrics';

// Requests that matched no route: one label value, never the raw path (unbounded cardinality).
export const UNMATCHED_OPERATION = '(unmatched)';

// Seconds: from a cached read (a few ms) to a slow report or a dependency timing out.
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
// Seconds from an event's occurrence to its handling: the relay's poll up to a backlog of hours.
const LAG_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800, 3600];
// A backlog read runs on every scrape; a slow database must not hang the scrape.
const BACKLOG_READ_TIMEOUT_MS = 2000;

const operations = new WeakMap<Request, string>();

// The operation layer names the declared operation a request matched (e.g. `GET /companies/{id}`);
// the metrics label uses it before anything else.
export function setRequestOperation(req: Request, operation: string): void {
  operations.set(req, operation);
}

export interface OutboxBacklogReading {
  pending: number;
  parked: number;
  oldest_pending_ms: number;
}

export interface JobBacklogReading {
  due: number;
  pending: number;
  parked: number;
}

// What an instrumented event handler needs to know of an event (the bus envelope has more).
export interface MeasuredEvent {
  type: string;
  occurred_at: string;
}

export interface MetricsOptions {
  // Process metrics (CPU, memory, event loop, GC) from prom-client; on by default.
  processMetrics?: boolean;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`read timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// One read shared by the gauges that show parts of it, so a scrape queries once, not per gauge.
function sharedRead<T>(read: () => Promise<T>): () => Promise<T | undefined> {
  let inFlight: Promise<T | undefined> | undefined;
  return () => {
    inFlight ??= withTimeout(read(), BACKLOG_READ_TIMEOUT_MS)
      // Unknown is NaN on the gauge, not a stale or made-up figure.
      .catch(() => undefined)
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
}

// Process metrics describe the process and the thread's event loop, which every part on a thread
// shares: prom-client collects them once per thread (one event-loop monitor, which wakes the loop
// every 10 ms, not one per part) and each part's registry shows them, labelled as its own.
let threadProcessMetrics: Registry | undefined;

function processMetricsOfThisThread(): Registry {
  if (!threadProcessMetrics) {
    threadProcessMetrics = new Registry();
    collectDefaultMetrics({ register: threadProcessMetrics });
  }
  return threadProcessMetrics;
}

export class ServiceMetrics {
  readonly service: string;
  readonly registry: Registry;
  readonly httpRequests: Counter<'operation' | 'method' | 'status'>;
  readonly httpDuration: Histogram<'operation' | 'method' | 'status'>;
  readonly grpcHandled: Counter<'method' | 'code'>;
  readonly grpcDuration: Histogram<'method' | 'code'>;
  readonly eventsHandled: Counter<'consumer' | 'type' | 'outcome'>;
  readonly eventLag: Histogram<'consumer' | 'type'>;
  readonly consumerBehind: Gauge<'consumer'>;

  constructor(service: string, options: MetricsOptions = {}) {
    this.service = service;
    this.registry = new Registry();
    this.registry.setDefaultLabels({ service });
    const registers = [this.registry];
    this.httpRequests = new Counter({
      name: 'crm_http_requests_total',
      help: 'HTTP requests answered, by operation (route template), method and status',
      labelNames: ['operation', 'method', 'status'],
      registers,
    });
    this.httpDuration = new Histogram({
      name: 'crm_http_request_duration_seconds',
      help: 'Time from receiving an HTTP request to finishing its answer',
      labelNames: ['operation', 'method', 'status'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.grpcHandled = new Counter({
      name: 'crm_grpc_server_handled_total',
      help: 'gRPC calls answered by this part, by method and status code name',
      labelNames: ['method', 'code'],
      registers,
    });
    this.grpcDuration = new Histogram({
      name: 'crm_grpc_server_handling_seconds',
      help: 'Time this part took to answer a gRPC call',
      labelNames: ['method', 'code'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.eventsHandled = new Counter({
      name: 'crm_events_handled_total',
      help: 'Event deliveries handled by a consumer, by outcome (ok, failed: to be redelivered or dead-lettered)',
      labelNames: ['consumer', 'type', 'outcome'],
      registers,
    });
    this.eventLag = new Histogram({
      name: 'crm_event_consumer_lag_seconds',
      help: 'Time from an event occurring to a consumer starting to handle it',
      labelNames: ['consumer', 'type'],
      buckets: LAG_BUCKETS,
      registers,
    });
    this.consumerBehind = new Gauge({
      name: 'crm_event_consumer_behind_seconds',
      help: 'Age of the oldest event in the batch a consumer took last: how far behind it is',
      labelNames: ['consumer'],
      registers,
    });
    if (options.processMetrics !== false) {
      const shared = processMetricsOfThisThread();
      for (const { name } of shared.getMetricsAsArray()) this.registry.registerMetric(shared.getSingleMetric(name)!);
    }
  }

  // The exposition text, as /metrics answers it.
  async text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  // Counts and times every answer, labelled with the operation set by setRequestOperation, else
  // the one `operationOf` names, else the matched express route's template, else UNMATCHED_OPERATION.
  httpMiddleware(operationOf?: (req: Request) => string | undefined) {
    return (req: Request, res: Response, next: NextFunction) => {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const operation = operations.get(req) ?? operationOf?.(req) ?? routeTemplate(req) ?? UNMATCHED_OPERATION;
        const labels = { operation, method: req.method, status: String(res.statusCode) };
        this.httpRequests.inc(labels);
        this.httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
      });
      next();
    };
  }

  recordGrpcCall(method: string, code: string, seconds: number): void {
    this.grpcHandled.inc({ method, code });
    this.grpcDuration.observe({ method, code }, seconds);
  }

  // Wraps a consumer's handler: lag when it starts, and whether it succeeded.
  instrumentEventHandler<E extends MeasuredEvent>(
    consumer: string,
    handler: (event: E) => Promise<void>,
  ): (event: E) => Promise<void> {
    const measured = this.instrumentBatchHandler<E>(consumer, ([event]) => handler(event));
    return (event) => measured([event]);
  }

  // The same for a consumer that takes events in batches: every event of a batch is counted,
  // with the batch's outcome; how far behind the consumer is, by the batch's oldest event.
  instrumentBatchHandler<E extends MeasuredEvent>(
    consumer: string,
    handler: (events: readonly E[]) => Promise<void>,
  ): (events: readonly E[]) => Promise<void> {
    return async (events) => {
      const now = Date.now();
      let behind = 0;
      for (const event of events) {
        const occurred = Date.parse(event.occurred_at);
        if (!Number.isFinite(occurred)) continue;
        const seconds = Math.max(0, now - occurred) / 1000;
        this.eventLag.observe({ consumer, type: event.type }, seconds);
        behind = Math.max(behind, seconds);
      }
      this.consumerBehind.set({ consumer }, behind);
      const count = (outcome: string) => {
        const byType = new Map<string, number>();
        for (const event of events) byType.set(event.type, (byType.get(event.type) ?? 0) + 1);
        for (const [type, handled] of byType) this.eventsHandled.inc({ consumer, type, outcome }, handled);
      };
      try {
        await handler(events);
      } catch (error) {
        count('failed');
        throw error;
      }
      count('ok');
    };
  }

  // Outbox rows not yet published (`outboxBacklog` in @crm/bus reads them).
  registerOutboxBacklog(read: () => Promise<OutboxBacklogReading>): void {
    const reading = sharedRead(read);
    this.gauge(
      'crm_outbox_pending',
      'Outbox rows waiting to be published (including those backing off after a failure)',
      reading,
      (r) => r.pending,
    );
    this.gauge(
      'crm_outbox_parked',
      'Outbox rows given up after the retry cap: events consumers never got',
      reading,
      (r) => r.parked,
    );
    this.gauge(
      'crm_outbox_oldest_pending_seconds',
      'Age of the oldest outbox row waiting to be published',
      reading,
      (r) => r.oldest_pending_ms / 1000,
    );
  }

  // Scheduled jobs (`jobBacklog` in @crm/bus reads them).
  registerJobBacklog(read: () => Promise<JobBacklogReading>): void {
    const reading = sharedRead(read);
    this.gauge(
      'crm_jobs_due',
      'Scheduled jobs due now or overdue: growing means workers do not keep up',
      reading,
      (r) => r.due,
    );
    this.gauge('crm_jobs_pending', 'Scheduled jobs waiting, due or not', reading, (r) => r.pending);
    this.gauge(
      'crm_jobs_parked',
      'Scheduled jobs given up after the retry cap: they need a person',
      reading,
      (r) => r.parked,
    );
  }

  // Events delivered to each consumer and not yet handled, by consumer (`EventBus.backlog`).
  registerConsumerBacklog(read: () => Promise<Record<string, number>>): void {
    this.consumerGauge(
      'crm_event_consumer_backlog',
      'Events delivered to a consumer and not yet handled, by consumer',
      read,
    );
  }

  // Events each consumer gave up on, by consumer (`EventBus.deadLetterCount` reads them).
  registerDeadLetters(read: () => Promise<Record<string, number>>): void {
    this.consumerGauge(
      'crm_event_dead_letters',
      'Dead-lettered events waiting for someone to replay or discard them, by consumer',
      read,
    );
  }

  private consumerGauge(name: string, help: string, read: () => Promise<Record<string, number>>): void {
    const reading = sharedRead(read);
    new Gauge({
      name,
      help,
      labelNames: ['consumer'],
      registers: [this.registry],
      async collect() {
        const counts = await reading();
        this.reset();
        // Unknown stays absent rather than zero: "nothing waits" would be a claim we cannot make.
        for (const [consumer, count] of Object.entries(counts ?? {})) this.set({ consumer }, count);
      },
    });
  }

  private gauge<T>(
    name: string,
    help: string,
    reading: () => Promise<T | undefined>,
    value: (reading: T) => number,
  ): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        const current = await reading();
        this.set(current === undefined ? Number.NaN : value(current));
      },
    });
  }
}

export function createMetrics(service: string, options?: MetricsOptions): ServiceMetrics {
  return new ServiceMetrics(service, options);
}

// The matched express route's template within its router (`/api-keys/:id` for a service's
// /v1 router). Not prefixed with the mount path: express forgets it once an error leaves the
// router, so the same route would count under two names. Undefined when no route matched.
function routeTemplate(req: Request): string | undefined {
  const path = (req.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? path : undefined;
}
