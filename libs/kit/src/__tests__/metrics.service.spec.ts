import type { Server } from 'node:http';
import express from 'express';
import { AppError } from '../errors';
import { closeServer, createServiceApp, finishServiceApp, listen, portOf } from '../http';
import { createLogger } from '../logger';
import { createMetrics, setRequestOperation, UNMATCHED_OPERATION, type ServiceMetrics } from '../metrics';

// One sample line of the exposition text, e.g. `crm_outbox_pending{service="crm-core"} 3`.
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((pair) => present.includes(pair))) return Number(match[3]);
  }
  return undefined;
}

describe('/metrics on a service app', () => {
  let server: Server;
  let base: string;
  let metrics: ServiceMetrics;

  beforeAll(async () => {
    const logger = createLogger('test', 'silent');
    metrics = createMetrics('crm-core');
    const app = createServiceApp({ name: 'crm-core', logger, metrics });
    const router = express.Router();
    router.get('/companies/:id', (req, res) => {
      if (req.params.id === 'missing') throw new AppError('not_found', 'company not found');
      res.json({ id: req.params.id });
    });
    app.use('/v1', router);
    // An operation layer that is one middleware, as declared operations are served.
    app.use('/v2', (req, res) => {
      setRequestOperation(req, 'GET /deals/{id}');
      res.status(204).end();
    });
    finishServiceApp(app, logger);
    server = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${portOf(server)}`;
  });

  afterAll(() => closeServer(server));

  test('counts requests by route template and status, never by raw path', async () => {
    for (const id of ['a1', 'b2', 'missing']) await (await fetch(`${base}/v1/companies/${id}`)).text();
    await (await fetch(`${base}/v1/nowhere/x1`)).text();
    await (await fetch(`${base}/v2/deals/d1`)).text();
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    const labels = { service: 'crm-core', operation: '/companies/:id', method: 'GET' };
    expect(sample(text, 'crm_http_requests_total', { ...labels, status: '200' })).toBe(2);
    expect(sample(text, 'crm_http_requests_total', { ...labels, status: '404' })).toBe(1);
    expect(
      sample(text, 'crm_http_requests_total', { service: 'crm-core', operation: UNMATCHED_OPERATION, status: '404' }),
    ).toBe(1);
    expect(sample(text, 'crm_http_request_duration_seconds_count', { ...labels, status: '200' })).toBe(2);
    expect(
      sample(text, 'crm_http_requests_total', { service: 'crm-core', operation: 'GET /deals/{id}', status: '204' }),
    ).toBe(1);
    expect(text).not.toContain('a1');
    expect(text).not.toContain('/v1/nowhere');
    // Process metrics come with every part's registry.
    expect(sample(text, 'process_cpu_seconds_total', { service: 'crm-core' })).toBeGreaterThan(0);
  });
});

describe('backlogs and consumers', () => {
  test('backlog gauges read once per scrape, and show NaN when the read fails', async () => {
    const metrics = createMetrics('documents', { processMetrics: false });
    let reads = 0;
    let failing = false;
    metrics.registerOutboxBacklog(async () => {
      reads += 1;
      if (failing) throw new Error('database down');
      return { pending: 3, parked: 1, oldest_pending_ms: 2500 };
    });
    metrics.registerJobBacklog(async () => ({ due: 2, pending: 5, parked: 0 }));
    metrics.registerDeadLetters(async () => ({ 'documents.clean-up': 4 }));
    const text = await metrics.text();
    expect(reads).toBe(1);
    expect(sample(text, 'crm_outbox_pending', { service: 'documents' })).toBe(3);
    expect(sample(text, 'crm_outbox_parked', { service: 'documents' })).toBe(1);
    expect(sample(text, 'crm_outbox_oldest_pending_seconds', { service: 'documents' })).toBe(2.5);
    expect(sample(text, 'crm_jobs_due', { service: 'documents' })).toBe(2);
    expect(sample(text, 'crm_jobs_pending', { service: 'documents' })).toBe(5);
    expect(sample(text, 'crm_event_dead_letters', { service: 'documents', consumer: 'documents.clean-up' })).toBe(4);
    failing = true;
    expect(sample(await metrics.text(), 'crm_outbox_pending', { service: 'documents' })).toBeNaN();
  });

  test('an instrumented handler records lag and outcome, and still fails when the handler does', async () => {
    const metrics = createMetrics('reports', { processMetrics: false });
    const handler = metrics.instrumentEventHandler(
      'reports.read-model',
      async (event: { type: string; occurred_at: string }) => {
        if (event.type === 'crm.deal.won') throw new Error('poison');
      },
    );
    const occurredAt = new Date(Date.now() - 60_000).toISOString();
    await handler({ type: 'crm.deal.created', occurred_at: occurredAt });
    await expect(handler({ type: 'crm.deal.won', occurred_at: occurredAt })).rejects.toThrow('poison');
    const text = await metrics.text();
    const consumer = { service: 'reports', consumer: 'reports.read-model' };
    expect(sample(text, 'crm_events_handled_total', { ...consumer, type: 'crm.deal.created', outcome: 'ok' })).toBe(1);
    expect(sample(text, 'crm_events_handled_total', { ...consumer, type: 'crm.deal.won', outcome: 'failed' })).toBe(1);
    // The event is a minute old: none of it falls in the 15 s bucket.
    expect(
      sample(text, 'crm_event_consumer_lag_seconds_bucket', { ...consumer, type: 'crm.deal.created', le: '15' }),
    ).toBe(0);
    expect(sample(text, 'crm_event_consumer_lag_seconds_count', { ...consumer, type: 'crm.deal.created' })).toBe(1);
  });

  test('parts of one process keep separate registries: the same names, no clash, each labelled', async () => {
    const parts = ['identity', 'crm-core', 'gateway'].map((name) =>
      createMetrics(name, { processMetrics: name === 'identity' }),
    );
    for (const part of parts.slice(1))
      part.recordGrpcCall('/crm.identity.v1.IdentityService/Authenticate', 'OK', 0.002);
    const texts = await Promise.all(parts.map((part) => part.text()));
    expect(sample(texts[1], 'crm_grpc_server_handled_total', { service: 'crm-core', code: 'OK' })).toBe(1);
    expect(sample(texts[2], 'crm_grpc_server_handled_total', { service: 'gateway', code: 'OK' })).toBe(1);
    expect(sample(texts[0], 'crm_grpc_server_handled_total', { service: 'identity', code: 'OK' })).toBeUndefined();
    expect(texts[2]).not.toContain('service="crm-core"');
  });
});
