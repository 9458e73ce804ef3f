import type { Server } from 'node:http';
import { AppError, type ErrorBody } from '../errors';
import { closeServer, createServiceApp, finishServiceApp, listen, portOf } from '../http';
import { createLogger } from '../logger';
import { waitFor } from '@crm/testing';

let server: Server;
let base: string;
let ready = true;

beforeAll(async () => {
  const logger = createLogger('test', 'silent');
  const app = createServiceApp({
    name: 'test',
    logger,
    readiness: [
      {
        name: 'database',
        check: async () => {
          if (!ready) throw new Error('down');
        },
      },
    ],
  });
  app.post('/echo', (req, res) => {
    res.json(req.body);
  });
  app.get('/conflict', () => {
    throw new AppError('last_owner', 'the last owner cannot be demoted', 409);
  });
  app.get('/prototype', (req, res) => {
    res.json({
      request: Object.getPrototypeOf(req) === app.request,
      response: Object.getPrototypeOf(res) === app.response,
      json: typeof res.json,
    });
  });
  app.get('/boom', async () => {
    throw new Error('secret internals');
  });
  finishServiceApp(app, logger);
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${portOf(server)}`;
});

afterAll(() => closeServer(server));

const json = { 'content-type': 'application/json' };

describe('service HTTP kit', () => {
  it("makes requests and responses with the app's prototypes, so express never changes one per request", async () => {
    const original = Object.setPrototypeOf;
    const changed: unknown[] = [];
    Object.setPrototypeOf = (target: object, proto: object | null) => {
      if (Object.getPrototypeOf(target) !== proto) changed.push(proto);
      return original(target, proto);
    };
    try {
      const answer = await fetch(`${base}/prototype`);
      expect({ status: answer.status, body: await answer.json() }).toEqual({
        status: 200,
        body: { request: true, response: true, json: 'function' },
      });
    } finally {
      Object.setPrototypeOf = original;
    }
    expect(changed).toEqual([]);
  });

  it('keeps an idle connection open longer than clients and load balancers keep theirs, and says so', async () => {
    const answer = await fetch(`${base}/healthz`);
    expect(answer.headers.get('keep-alive')).toBe('timeout=65');
    expect({ keepAlive: server.keepAliveTimeout, headers: server.headersTimeout }).toEqual({
      keepAlive: 65_000,
      headers: 66_000,
    });
  });

  it('closes once a request that was in flight at the close is answered, not when its connection times out', async () => {
    const app = createServiceApp({ name: 'closing', logger: createLogger('test', 'silent'), readiness: [] });
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    app.get('/slow', async (_req, res) => {
      await answered;
      res.json({ done: true });
    });
    finishServiceApp(app, createLogger('test', 'silent'));
    const closing = await listen(app, 0, '127.0.0.1');
    let received = false;
    closing.on('request', () => (received = true));
    const slow = fetch(`http://127.0.0.1:${portOf(closing)}/slow`);
    await waitFor(() => received, 'the slow request to arrive');
    let closed = false;
    const close = closeServer(closing).then(() => (closed = true));
    answer();
    expect(await (await slow).json()).toEqual({ done: true });
    await close;
    expect(closed).toBe(true);
  }, 10_000);

  it('serves liveness and readiness from real checks', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    ready = false;
    const notReady = await fetch(`${base}/readyz`);
    ready = true;
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ error: { code: 'unavailable', message: 'database is not reachable' } });
  });

  it('answers malformed JSON with 400 and bodies over 1 MiB with 413', async () => {
    const bad = await fetch(`${base}/echo`, { method: 'POST', body: '{"a":', headers: json });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.code).toBe('validation_failed');
    const big = await fetch(`${base}/echo`, {
      method: 'POST',
      body: JSON.stringify({ a: 'x'.repeat(1024 * 1024) }),
      headers: json,
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as ErrorBody).error.code).toBe('payload_too_large');
  });

  it('turns specific errors, unknown paths and crashes into the error shape without internals', async () => {
    const conflict = await fetch(`${base}/conflict`, { headers: json });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({
      error: { code: 'last_owner', message: 'the last owner cannot be demoted' },
    });
    const missing = await fetch(`${base}/nope`, { headers: json });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error.code).toBe('not_found');
    const crash = await fetch(`${base}/boom`, { headers: json });
    expect(crash.status).toBe(500);
    const text = await crash.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal', message: 'internal error' } });
    expect(text).not.toContain('secret internals');
  });
});
