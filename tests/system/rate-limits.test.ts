import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedMongo, type EmbeddedMongoClient } from '@crm/embedded-mongo';
import type { RateLimitOptions } from '@crm/gateway';
import { generateInternalKeyPair } from '@crm/kit';
import { OPERATION_COSTS } from '@crm/protos';
import { startGatewayReplica } from '../support/gateway-replica';
import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';

// Each test has a system, and so limiters, of its own: no test counts what another used.
let system: TestSystem | undefined;
const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  await system?.destroy();
  system = undefined;
});

const keys = generateInternalKeyPair();

async function startSystem(rateLimits: RateLimitOptions): Promise<TestSystem> {
  system = await startTestSystem({ rateLimits, internalKeys: keys });
  return system;
}

// Another gateway in front of the same services, as a second replica behind a load balancer.
async function startReplica(running: TestSystem, rateLimits: RateLimitOptions): Promise<string> {
  const replica = await startGatewayReplica(running, keys, { rateLimits });
  cleanups.push(() => replica.stop());
  return replica.url;
}

// The RateLimit field's one item: policy, quota units left, seconds to the next window.
function remaining(headers: Headers): { policy: string; r: number; t: number } {
  const match = /^"(\w+)";r=(\d+);t=(\d+)$/.exec(headers.get('ratelimit') ?? '');
  if (!match) throw new Error(`RateLimit is '${headers.get('ratelimit')}'`);
  return { policy: match[1], r: Number(match[2]), t: Number(match[3]) };
}

describe('rate limits at the gateway', () => {
  it('every answer carries RateLimit-Policy and RateLimit; a bulk operation spends its cost', async () => {
    const base = (await startSystem({ perTokenPerMinute: 100, perWorkspacePerMinute: 1000, publicPerMinute: 100 })).url;
    const person = await signUpWithWorkspace(base, 'Headers');

    const me = await request(base, 'GET', '/me', { token: person.token });
    expect(me.status).toBe(200);
    expect(me.headers.get('ratelimit-policy')).toBe('"workspace";q=1000;w=60, "token";q=100;w=60');
    // Sign-up is public (per address); onboarding and this request spent the token's units.
    expect(remaining(me.headers)).toEqual({ policy: 'token', r: 98, t: expect.any(Number) });
    expect(remaining(me.headers).t).toBeGreaterThan(0);
    expect(remaining(me.headers).t).toBeLessThanOrEqual(60);

    // A refusal still counts and still says where the caller stands.
    const invalid = await request(base, 'POST', '/companies', { token: person.token, body: {} });
    expect(invalid.status).toBe(400);
    expect(remaining(invalid.headers).r).toBe(97);

    const bulk = await request(base, 'POST', '/companies/bulk', {
      token: person.token,
      body: { ids: ['7c9e6679-7425-40de-944b-e07fc1f90ae7'], action: 'delete' },
    });
    expect(bulk.status).toBe(200);
    expect(OPERATION_COSTS['POST /companies/bulk']).toBe(10);
    expect(remaining(bulk.headers)).toMatchObject({ policy: 'token', r: 87 });
    // A template with an id in it is matched to the concrete path.
    const merge = await request(base, 'POST', '/contacts/7c9e6679-7425-40de-944b-e07fc1f90ae7/merge', {
      token: person.token,
      body: { duplicate_id: '16fd2706-8baf-433b-82eb-8c7fada847da' },
    });
    expect(remaining(merge.headers).r).toBe(87 - OPERATION_COSTS['POST /contacts/{id}/merge']);
    // An ordinary read after it costs 1.
    expect(remaining((await request(base, 'GET', '/companies', { token: person.token })).headers).r).toBe(
      87 - OPERATION_COSTS['POST /contacts/{id}/merge'] - 1,
    );
  });

  it('limit a workspace across its tokens, answer 429 rate_limited with Retry-After, and leave other workspaces alone', async () => {
    const base = (await startSystem({ perTokenPerMinute: 100, perWorkspacePerMinute: 6, publicPerMinute: 100 })).url;
    const owner = await signUpWithWorkspace(base, 'Shared');
    const other = await signUpWithWorkspace(base, 'Other');
    // The workspace's first unit (onboarding ran before the person had one).
    const key = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Sync', kind: 'integration', role: 'Agent (read & write)' },
    });
    expect(key.status).toBe(201);
    const keyToken = key.body.key as string;

    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await request(base, 'GET', '/companies', { token: owner.token })).status);
      statuses.push((await request(base, 'GET', '/companies', { token: keyToken })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);

    // Either token is refused now: the workspace's quota is spent, not the token's.
    for (const token of [owner.token, keyToken]) {
      const limited = await request(base, 'GET', '/me', { token });
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ error: { code: 'rate_limited', message: expect.stringContaining('workspace') } });
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(remaining(limited.headers)).toEqual({ policy: 'workspace', r: 0, t: retryAfter });
    }

    // Another workspace has its own quota.
    const elsewhere = await request(base, 'GET', '/companies', { token: other.token });
    expect(elsewhere.status).toBe(200);
    expect(remaining(elsewhere.headers).policy).toBe('workspace');
  });

  it('name the token policy when it is nearer to exhaustion and refuse the token past it, without touching other tokens', async () => {
    const base = (await startSystem({ perTokenPerMinute: 4, perWorkspacePerMinute: 1000, publicPerMinute: 100 })).url;
    const first = await signUpWithWorkspace(base, 'Busy');
    const second = await signUpWithWorkspace(base, 'Calm');
    // The token's onboarding request was the first of its 4.
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push(await request(base, 'GET', '/me', { token: first.token }));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(remaining(answers[1].headers)).toMatchObject({ policy: 'token', r: 1 });
    const limited = await request(base, 'GET', '/me', { token: first.token });
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(remaining(limited.headers)).toMatchObject({ policy: 'token', r: 0 });
    expect((await request(base, 'GET', '/me', { token: second.token })).status).toBe(200);
    // An operation that costs more than the whole quota can still run in a fresh window: its cost
    // is capped at the quota (here it is refused, the window being spent).
    expect((await request(base, 'POST', '/export', { token: first.token, body: {} })).status).toBe(429);
  });

  it('limit attempts on the paths reached without a token per client address', async () => {
    const base = (await startSystem({ perTokenPerMinute: 100, publicPerMinute: 4 })).url;
    const attempts = [];
    for (let i = 0; i < 5; i += 1) {
      attempts.push(
        await request(base, 'POST', '/auth/sign-in', { body: { email: 'x@example.com', password: 'wrong password' } }),
      );
    }
    expect(attempts.map((attempt) => attempt.status)).toEqual([401, 401, 401, 401, 429]);
    expect(attempts[0].headers.get('ratelimit-policy')).toBe('"address";q=4;w=60');
    expect(remaining(attempts[0].headers)).toMatchObject({ policy: 'address', r: 3 });
    const limited = await request(base, 'POST', '/auth/sign-in', {
      body: { email: 'x@example.com', password: 'wrong password' },
    });
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('count made-up tokens against the client address: 429 past its quota, and identity asked no more often than that', async () => {
    const running = await startSystem({ perTokenPerMinute: 100, publicPerMinute: 6 });
    const base = running.url;
    // The sign-up is the address's first request; the onboarding's token, accepted, costs it nothing.
    const person = await signUpWithWorkspace(base, 'Known');
    const refusedByIdentity = async () => {
      const text = await (await fetch(`http://127.0.0.1:${running.services.identity.httpPort}/metrics`)).text();
      const line = text
        .split('\n')
        .find(
          (entry) =>
            entry.startsWith('crm_grpc_server_handled_total{') &&
            entry.includes('AuthenticateStream') &&
            entry.includes('code="UNAUTHENTICATED"'),
        );
      return line === undefined ? 0 : Number(line.split(' ').pop());
    };
    const before = await refusedByIdentity();

    // A new made-up token each time: each has a fresh token quota, but they share the address's.
    const answers = [];
    for (let i = 0; i < 10; i += 1)
      answers.push(await request(base, 'GET', '/me', { token: `crm_madeup_${i}_${Date.now().toString(36)}` }));
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    expect(answers[0].headers.get('ratelimit-policy')).toBe('"token";q=100;w=60, "address";q=6;w=60');
    expect(remaining(answers[0].headers)).toMatchObject({ policy: 'address', r: 4 });
    const limited = answers[5];
    expect(limited.body).toEqual({ error: { code: 'rate_limited', message: expect.stringContaining('address') } });
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(remaining(limited.headers)).toEqual({ policy: 'address', r: 0, t: retryAfter });
    // Identity was asked about the five it refused, not about the five refused here.
    expect(await refusedByIdentity()).toBe(before + 5);

    // A token identity accepted keeps working from the same address.
    const me = await request(base, 'GET', '/me', { token: person.token });
    expect(me.status).toBe(200);
    expect(remaining(me.headers).policy).not.toBe('address');
    // The address's own public paths are spent too, sign-in included.
    expect(
      (await request(base, 'POST', '/auth/sign-in', { body: { email: person.email, password: person.password } }))
        .status,
    ).toBe(429);
  });

  it('publish each operation’s cost, the headers and the 429 in the OpenAPI document', async () => {
    const base = (await startSystem({ perTokenPerMinute: 100, perWorkspacePerMinute: 500, publicPerMinute: 100 })).url;
    const document = (await request(base, 'GET', '/openapi.json')).body;
    expect(document.info.description).toContain('100 quota units a minute per token and 500 per workspace');
    for (const [operation, cost] of Object.entries(OPERATION_COSTS)) {
      const [method, path] = operation.split(' ') as [string, string];
      expect({ operation, cost: document.paths[path]?.[method.toLowerCase()]?.['x-rate-limit-cost'] }).toEqual({
        operation,
        cost,
      });
    }
    expect(document.paths['/me'].get['x-rate-limit-cost']).toBe(1);
    expect(document.paths['/me'].get.responses['200'].headers).toMatchObject({
      RateLimit: { $ref: '#/components/headers/RateLimit' },
      'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
    });
    expect(document.paths['/me'].get.responses['429']).toEqual({ $ref: '#/components/responses/429' });
    expect(document.components.responses['429'].headers['Retry-After']).toEqual({
      $ref: '#/components/headers/RetryAfter',
    });
    expect(Object.keys(document.components.headers)).toEqual(
      expect.arrayContaining(['RateLimit', 'RateLimitPolicy', 'RetryAfter']),
    );
  });
});

describe('rate limits across gateway replicas', () => {
  let dataDir: string;
  let store: EmbeddedMongoClient;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'crm-rate-limits-'));
    store = await openEmbeddedMongo({ dataDir, dbName: 'gateway' });
    cleanups.push(async () => {
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
    });
  });

  it('a second replica sharing the store sees what the first one counted, per workspace and per token', async () => {
    // A store slower than this on a busy test machine would count in the replica instead.
    const limits: RateLimitOptions = {
      perTokenPerMinute: 5,
      perWorkspacePerMinute: 8,
      publicPerMinute: 100,
      store: { mongoClient: store },
      storeTimeoutMs: 10_000,
    };
    const running = await startSystem(limits);
    const replica = await startReplica(running, limits);
    const person = await signUpWithWorkspace(running.url, 'Replicated');

    // Onboarding went through the first replica: the token has 4 units left, on either replica.
    const first = await request(running.url, 'GET', '/me', { token: person.token });
    expect(remaining(first.headers)).toMatchObject({ policy: 'token', r: 3 });
    const second = await request(replica, 'GET', '/me', { token: person.token });
    expect(remaining(second.headers)).toMatchObject({ policy: 'token', r: 2 });
    await request(running.url, 'GET', '/me', { token: person.token });
    await request(replica, 'GET', '/me', { token: person.token });
    const limited = await request(replica, 'GET', '/me', { token: person.token });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // The workspace's count is shared too: 4 of its 8 spent above, the key's creation and three
    // reads across both replicas spend the rest.
    const key = await request(replica, 'POST', '/api-keys', {
      token: (await signInAgain(running.url, person)).token,
      body: { name: 'Sync', kind: 'integration' },
    });
    expect(key.status).toBe(201);
    const statuses = [];
    for (const base of [running.url, replica, running.url, replica])
      statuses.push((await request(base, 'GET', '/companies', { token: key.body.key })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // One document per key and window, unique by key, removed when the window ends.
    const indexes = await waitFor(async () => {
      const found = (await store.db('gateway').collection('rate_limits').listIndexes().toArray()) as Array<{
        key: Record<string, number>;
        unique?: boolean;
        expireAfterSeconds?: number;
      }>;
      return found.length >= 3 ? found : undefined;
    });
    expect(indexes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: { key: 1 }, unique: true }),
        expect.objectContaining({ key: { expire: -1 }, expireAfterSeconds: 0 }),
      ]),
    );
    const documents = await store.db('gateway').collection('rate_limits').find({}).toArray();
    expect(documents.every((document) => !String(document.key).includes(person.token))).toBe(true);
    // And a replica that never served the workspace refuses it as well.
    const third = await startReplica(running, limits);
    const refused = await request(third, 'GET', '/companies', { token: key.body.key });
    expect(refused.status).toBe(429);
    expect(remaining(refused.headers).policy).toBe('workspace');
  });

  it('count in the replica while the store is unreachable, so the API keeps answering and limiting', async () => {
    // Nothing listens on port 9: every store operation fails.
    const limits: RateLimitOptions = {
      perTokenPerMinute: 3,
      perWorkspacePerMinute: 100,
      publicPerMinute: 100,
      store: { mongoUrl: 'mongodb://127.0.0.1:9/' },
    };
    const running = await startSystem(limits);
    const person = await signUpWithWorkspace(running.url, 'Unreachable');
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push((await request(running.url, 'GET', '/me', { token: person.token })).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});

// A second session for the same person: a fresh token with a fresh token quota.
async function signInAgain(base: string, person: { email: string; password: string }): Promise<{ token: string }> {
  const signIn = await request(base, 'POST', '/auth/sign-in', {
    body: { email: person.email, password: person.password },
  });
  expect(signIn.status).toBe(200);
  return { token: signIn.body.token as string };
}
