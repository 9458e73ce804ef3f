import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Crm, CrmError } from '@crm/sdk';
import { signUpWithWorkspace, sharedTestSystem } from '../support/system';

const system = sharedTestSystem();
let token: string;
let crm: Crm;

beforeAll(async () => {
  ({ token } = await signUpWithWorkspace(system.url, 'Sam'));
  crm = new Crm({ baseUrl: system.url, token });
});

async function names(list: AsyncIterable<{ name: string | null }>) {
  const seen: string[] = [];
  for await (const item of list) seen.push(item.name ?? '');
  return seen;
}

describe('the SDK against the system', () => {
  it('types every operation and throws CrmError with status, code, message and request id', async () => {
    const created = await crm.companies.create({ name: 'Typed Ltd', address: { postcode: 'SW1A 1AA' } });
    expect(created).toMatchObject({ name: 'Typed Ltd', address: { postcode: 'SW1A 1AA' } });
    expect(await crm.get('/companies/{id}', { params: { path: { id: created.id } } })).toMatchObject({
      id: created.id,
    });
    const missing = await crm.companies.get('00000000-0000-7000-8000-000000000000').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(CrmError);
    expect(missing).toMatchObject({ status: 404, code: 'not_found' });
    expect((missing as CrmError).requestId).toMatch(/\S{8,}/);
    // A 4xx that would fail again is not retried: one request.
    let sent = 0;
    const counting = new Crm({ baseUrl: system.url, token, fetch: (input, init) => ((sent += 1), fetch(input, init)) });
    await expect(counting.companies.create({ name: 'x'.repeat(201) })).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
    expect(sent).toBe(1);
  });

  it('sends an Idempotency-Key with writes, so a write retried after a lost answer creates once', async () => {
    let lost = false;
    const keys: string[] = [];
    const flaky = new Crm({
      baseUrl: system.url,
      token,
      retry: { baseDelayMs: 1 },
      fetch: async (input, init) => {
        const request = input as Request;
        if (request.method === 'POST') keys.push(request.headers.get('idempotency-key') ?? '');
        const response = await fetch(input, init);
        // The server acted; the answer never arrives.
        if (request.method === 'POST' && !lost) {
          lost = true;
          throw new TypeError('fetch failed: socket hang up');
        }
        return response;
      },
    });
    const company = await flaky.companies.create({ name: 'Once Only Ltd' });
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(await names(crm.companies.list({ q: 'Once Only' }))).toEqual(['Once Only Ltd']);
    expect(company.name).toBe('Once Only Ltd');
  });

  it('walks every page of cursor- and offset-paged lists', async () => {
    for (let i = 0; i < 7; i += 1) await crm.companies.create({ name: `Paged ${i}` });
    const expected = [...Array(7).keys()].map((i) => `Paged ${i}`);
    expect(await names(crm.companies.list({ q: 'Paged', limit: 2, sort: 'name_asc' }))).toEqual(expected);
    expect(await names(crm.companies.list({ q: 'Paged', limit: 3, sort: 'name_asc', offset: 0 }))).toEqual(expected);
    const company = await crm.companies.create({ name: 'Dealt Ltd' });
    for (let i = 0; i < 5; i += 1) await crm.deals.create({ name: `Deal ${i}`, company_id: company.id });
    expect((await names(crm.deals.list({ company_id: company.id, limit: 2 }))).sort()).toEqual([
      'Deal 0',
      'Deal 1',
      'Deal 2',
      'Deal 3',
      'Deal 4',
    ]);
  });

  it('follows the event feed from a cursor', async () => {
    const company = await crm.companies.create({ name: 'Eventful Ltd' });
    const controller = new AbortController();
    const seen: string[] = [];
    for await (const event of crm.events.tail({
      types: 'crm.company.*',
      limit: 2,
      intervalMs: 50,
      signal: controller.signal,
    })) {
      seen.push(event.type);
      if ((event.data as { company_id?: string }).company_id === company.id) controller.abort();
    }
    expect(seen.length).toBeGreaterThan(2);
    expect(seen.every((type) => type.startsWith('crm.company.'))).toBe(true);
  });

  it('modifies with If-Match: a change made in between is kept, a stale tag is refused with 412', async () => {
    const company = await crm.companies.create({ name: 'Contended Ltd', employee_count: 1 });
    let calls = 0;
    const result = await crm.companies.modify(company.id, async (current) => {
      calls += 1;
      // Someone else changes the company between this read and the write, once.
      if (calls === 1) await crm.companies.update(company.id, { industry: 'Retail' });
      return { employee_count: (current.employee_count ?? 0) + 1 };
    });
    expect(calls).toBe(2);
    expect(result).toMatchObject({ employee_count: 2, industry: 'Retail' });

    const read = await crm.send('get', '/companies/{id}', { params: { path: { id: company.id } } });
    await crm.companies.update(company.id, { phone: '+44 20 7946 0000' });
    const stale = await crm
      .patch('/companies/{id}', {
        params: { path: { id: company.id } },
        body: { phone: null },
        headers: { 'If-Match': read.response.headers.get('etag')! },
      })
      .catch((error: unknown) => error);
    expect(stale).toMatchObject({ status: 412, code: 'precondition_failed' });
    expect(await crm.companies.get(company.id)).toMatchObject({ phone: '+44 20 7946 0000' });
  });

  it('gives up on If-Match after the attempts it was given', async () => {
    const company = await crm.companies.create({ name: 'Busy Ltd' });
    let n = 0;
    const change = async () => {
      n += 1;
      await crm.companies.update(company.id, { description: `changed ${n}` });
      return { industry: 'Never' };
    };
    await expect(crm.companies.modify(company.id, change, { attempts: 2 })).rejects.toMatchObject({ status: 412 });
    expect(n).toBe(2);
  });
});

// Answers a script of statuses, then 201; records each request.
async function scriptedServer(script: Array<{ status: number; headers?: Record<string, string>; destroy?: boolean }>) {
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    const step = script.shift();
    if (step?.destroy) return void req.socket.destroy();
    const status = step?.status ?? 201;
    res.writeHead(status, {
      'content-type': 'application/json',
      'x-request-id': `req-${requests.length}`,
      ...step?.headers,
    });
    res.end(
      JSON.stringify(
        status < 300
          ? { id: 'c1', name: 'Acme' }
          : { error: { code: status === 429 ? 'rate_limited' : 'unavailable', message: `status ${status}` } },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('SDK retries', () => {
  it('wait what Retry-After and RateLimit say on 429, back off on 503 and a dropped connection, with the same Idempotency-Key', async () => {
    const server = await scriptedServer([
      { status: 429, headers: { 'retry-after': '7', ratelimit: '"token";r=0;t=7' } },
      { status: 429, headers: { ratelimit: '"token";r=0;t=3, "workspace";r=10;t=50' } },
      { status: 503 },
      { status: 0, destroy: true },
    ]);
    const waits: number[] = [];
    const client = new Crm({
      baseUrl: server.url,
      token: 't',
      retry: { baseDelayMs: 100 },
      sleep: async (ms) => void waits.push(ms),
    });
    try {
      expect(await client.post('/companies', { body: { name: 'Acme' } })).toMatchObject({ id: 'c1' });
      expect(server.requests).toHaveLength(5);
      expect(new Set(server.requests.map((req) => req.headers['idempotency-key'])).size).toBe(1);
      expect(waits.slice(0, 2)).toEqual([7000, 3000]);
      expect(waits[2]).toBeLessThanOrEqual(400);
      expect(waits[3]).toBeLessThanOrEqual(800);
    } finally {
      await server.close();
    }
  });

  it('stop after the retries allowed and throw the last answer as CrmError', async () => {
    const server = await scriptedServer([{ status: 503 }, { status: 503 }, { status: 503 }]);
    const client = new Crm({ baseUrl: server.url, token: 't', retry: { retries: 2 }, sleep: async () => undefined });
    try {
      await expect(client.get('/me')).rejects.toMatchObject({ status: 503, code: 'unavailable', requestId: 'req-3' });
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });
});
