import type { Server } from 'node:http';
import { authorize } from '../access';
import { AppError, type ErrorBody } from '../errors';
import { closeServer, createServiceApp, finishServiceApp, internalAuth, listen, portOf } from '../http';
import { generateInternalKeyPair, INTERNAL_TOKEN_HEADER, signInternalToken, type InternalClaims } from '../internal-jwt';
import { createLogger } from '../logger';

const keys = generateInternalKeyPair();
const member: InternalClaims = {
  workspace_id: 'w1',
  user_id: 'u1',
  actor: { type: 'user', id: 'u1', label: 'Ann' },
  role: 'Sales',
  permissions: ['companies:read'],
  is_admin: false,
  plan: 'free',
};

let server: Server;
let base: string;
let ready = true;

beforeAll(async () => {
  const logger = createLogger('test', 'silent');
  const app = createServiceApp({
    name: 'test',
    logger,
    readiness: [{ name: 'database', check: async () => { if (!ready) throw new Error('down'); } }],
  });
  app.use(internalAuth(keys.publicKey));
  app.post('/echo', authorize({}), (req, res) => {
    res.json(req.body);
  });
  app.get('/conflict', () => {
    throw new AppError('last_owner', 'the last owner cannot be demoted', 409);
  });
  app.get('/boom', async () => {
    throw new Error('secret internals');
  });
  app.get('/read', authorize({ permission: 'companies:read' }), (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/write', authorize({ permission: 'companies:write' }), (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/admin', authorize({ adminOnly: true }), (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/campaigns', authorize({ plan: 'standard' }), (_req, res) => {
    res.json({ ok: true });
  });
  finishServiceApp(app, logger);
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${portOf(server)}`;
});

afterAll(() => closeServer(server));

const as = (claims: InternalClaims = member) => ({
  [INTERNAL_TOKEN_HEADER]: signInternalToken(keys.privateKey, claims),
  'content-type': 'application/json',
});

describe('service HTTP kit', () => {
  it('serves liveness and readiness from real checks', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    ready = false;
    const notReady = await fetch(`${base}/readyz`);
    ready = true;
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ error: { code: 'unavailable', message: 'database is not reachable' } });
  });

  it('refuses requests without the internal token', async () => {
    const response = await fetch(`${base}/echo`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthenticated', message: 'missing or invalid token' } });
  });

  it('answers malformed JSON with 400 and bodies over 1 MiB with 413', async () => {
    const bad = await fetch(`${base}/echo`, { method: 'POST', body: '{"a":', headers: as() });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.code).toBe('validation_failed');
    const big = await fetch(`${base}/echo`, { method: 'POST', body: JSON.stringify({ a: 'x'.repeat(1024 * 1024) }), headers: as() });
    expect(big.status).toBe(413);
    expect(((await big.json()) as ErrorBody).error.code).toBe('payload_too_large');
  });

  it('turns specific errors, unknown paths and crashes into the error shape without internals', async () => {
    const conflict = await fetch(`${base}/conflict`, { headers: as() });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({ error: { code: 'last_owner', message: 'the last owner cannot be demoted' } });
    const missing = await fetch(`${base}/nope`, { headers: as() });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error.code).toBe('not_found');
    const crash = await fetch(`${base}/boom`, { headers: as() });
    expect(crash.status).toBe(500);
    const text = await crash.text();
    expect(JSON.parse(text)).toEqual({ error: { code: 'internal', message: 'internal error' } });
    expect(text).not.toContain('secret internals');
  });

  it('enforces permissions, admin-only and plan rules', async () => {
    expect((await fetch(`${base}/read`, { headers: as() })).status).toBe(200);
    const write = await fetch(`${base}/write`, { headers: as() });
    expect(write.status).toBe(403);
    expect(((await write.json()) as ErrorBody).error.code).toBe('forbidden');
    expect((await fetch(`${base}/admin`, { headers: as() })).status).toBe(403);
    expect((await fetch(`${base}/admin`, { headers: as({ ...member, is_admin: true }) })).status).toBe(200);
    const plan = await fetch(`${base}/campaigns`, { headers: as() });
    expect(plan.status).toBe(403);
    expect(((await plan.json()) as ErrorBody).error.code).toBe('plan_required');
    expect((await fetch(`${base}/campaigns`, { headers: as({ ...member, plan: 'standard' }) })).status).toBe(200);
  });

  it('lets support staff in read mode read but not write', async () => {
    const support = { ...member, support: { staff_email: 's@x.io', mode: 'read' as const, expires_at: '2100-01-01T00:00:00.000Z' } };
    expect((await fetch(`${base}/read`, { headers: as(support) })).status).toBe(200);
    const write = await fetch(`${base}/echo`, { method: 'POST', body: '{}', headers: as(support) });
    expect(write.status).toBe(403);
  });
});
