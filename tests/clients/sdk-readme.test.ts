import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Crm, CrmError, type WebhookEvent } from '@crm/sdk';
import { firstRequest } from '../../clients/typescript/examples/first-request';
import { importRows } from '../../clients/typescript/examples/import-rows';
import { listEverything } from '../../clients/typescript/examples/list-everything';
import { receiveWebhooks } from '../../clients/typescript/examples/receive-webhooks';
import { updateSafely } from '../../clients/typescript/examples/update-safely';
import { signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';
import { FAST_WEBHOOKS_ENV } from '@crm/testing';

const SDK = join(__dirname, '..', '..', 'clients', 'typescript');

let system: TestSystem;
let crm: Crm;
let token: string;

beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, ...FAST_WEBHOOKS_ENV } });
  ({ token } = await signUpWithWorkspace(system.url, 'Rita'));
  crm = new Crm({ baseUrl: system.url, token });
});

afterAll(() => system.destroy());

describe('the SDK README', () => {
  it('shows each example exactly as the file the tests run', () => {
    const readme = readFileSync(join(SDK, 'README.md'), 'utf8');
    const shown = [...readme.matchAll(/<!-- example: (\S+) -->\n```ts\n([\s\S]*?)\n```/g)];
    expect(shown.map((match) => match[1])).toEqual([
      'examples/first-request.ts',
      'examples/list-everything.ts',
      'examples/update-safely.ts',
      'examples/import-rows.ts',
      'examples/receive-webhooks.ts',
    ]);
    for (const [, file, code] of shown) expect(code).toBe(readFileSync(join(SDK, file), 'utf8').trimEnd());
  });

  it('1. connects, creates a company and reports an error with its code and request id', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      const acme = await firstRequest(system.url, token);
      expect(acme).toMatchObject({ name: 'Acme Ltd', website: 'https://acme.example' });
      expect(log.mock.calls[0][0]).toMatch(/^Signed in as rita\..*@example\.com in Rita's workspace$/);
      const [status, code, message, requestId] = log.mock.calls[1];
      expect([status, code]).toEqual([400, 'validation_failed']);
      expect(message).toMatch(/name/);
      expect(requestId).toMatch(/\S{8,}/);
    } finally {
      log.mockRestore();
    }
  });

  it('2. lists every matching company across pages', async () => {
    for (let i = 0; i < 3; i += 1) await crm.companies.create({ name: `Listed ${i}` });
    expect((await listEverything(crm, 'Listed')).sort()).toEqual(['Listed 0', 'Listed 1', 'Listed 2']);
  });

  it('3. adds to a count without losing a change made in between', async () => {
    const company = await crm.companies.create({ name: 'Counted', employee_count: 10 });
    expect(await updateSafely(crm, company.id)).toMatchObject({ employee_count: 11 });
    expect(await crm.companies.get(company.id)).toMatchObject({ employee_count: 11 });
  });

  it('4. imports after a dry run, and reports bad rows without importing', async () => {
    const bad = await importRows(crm, [{ name: 'Fine' }, { name: 'Bad', contact: { email: 'not an email' } }]);
    expect(bad).toMatchObject({ dry_run: true, created: 1, errors: [{ index: 1, field: 'contact.email' }] });
    const good = await importRows(crm, [
      { name: 'Imported One', domain: 'one.example' },
      { name: 'Imported Two', contact: { email: 'two@example.com' } },
    ]);
    expect(good).toMatchObject({ dry_run: false, created: 2, contacts: 1, errors: [] });
    // The same rows with the same key: answered again, nothing created twice.
    await importRows(crm, [
      { name: 'Imported One', domain: 'one.example' },
      { name: 'Imported Two', contact: { email: 'two@example.com' } },
    ]);
    const listed = [];
    for await (const company of crm.companies.list({ q: 'Imported' })) listed.push(company.name);
    expect(listed.sort()).toEqual(['Imported One', 'Imported Two']);
  });

  it('5. receives a webhook and verifies it; a forged one is refused', async () => {
    // The secret comes with the endpoint, the address with the receiver: create the endpoint
    // disabled, start the receiver with its secret, then point the endpoint at it.
    const endpoint = await crm.post('/webhooks', {
      body: { url: 'http://127.0.0.1:9/hook', event_types: ['crm.company.created'], enabled: false },
    });
    const events: WebhookEvent[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const receiver = receiveWebhooks(endpoint.secret, (event) => events.push(event));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
      await crm.patch('/webhooks/{id}', { params: { path: { id: endpoint.id } }, body: { url, enabled: true } });
      const company = await crm.companies.create({ name: 'Hooked Ltd' });
      await waitFor(() =>
        events.some((event) => event.type === 'crm.company.created' && event.data.company_id === company.id),
      );
      expect(log).toHaveBeenCalledWith('new company', 'Hooked Ltd');
      const delivered = events.length;
      const forged = await fetch(url, {
        method: 'POST',
        headers: {
          'webhook-id': 'msg_1',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': 'v1,AAAA',
        },
        body: '{}',
      });
      expect(forged.status).toBe(401);
      expect(events).toHaveLength(delivered);
    } finally {
      log.mockRestore();
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });

  it('throws CrmError, not a bare failure, for a wrong address', async () => {
    const nowhere = new Crm({ baseUrl: 'http://127.0.0.1:9/v1', token, retry: { retries: 0 } });
    await expect(nowhere.get('/me')).rejects.toMatchObject({ name: 'CrmError', status: 0, code: 'network_error' });
    expect(() => new Crm({ baseUrl: 'crm.example.com' })).toThrow('new Crm({ baseUrl }) needs the API address');
    expect(CrmError).toBeDefined();
  });
});
