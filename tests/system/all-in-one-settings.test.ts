import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { callerFor, companiesInPipeline, request, signUpWithWorkspace, waitFor, waitUntil } from '../support/system';

// `npm start` (the built all-in-one entry) reads the gateway's variables as the gateway's own
// entry does, and chooses the simulated payment provider for itself.
const root = join(__dirname, '..', '..');
const children: ChildProcess[] = [];
const dataDirs: string[] = [];

// Each test's systems stop when it ends: idle systems left running slow the next test's start.
afterEach(async () => {
  const stopping = children.splice(0).map((child) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
  );
  await Promise.all(stopping);
  for (const dataDir of dataDirs.splice(0)) rmSync(dataDir, { recursive: true, force: true });
});

// `stderr`, when given, receives every line the system writes there (passed on as well); `stdout`
// every line it prints.
function startAllInOne(env: Record<string, string>, stderr?: string[], stdout?: string[]): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-all-in-one-'));
  dataDirs.push(dataDir);
  const started = spawn(process.execPath, [join(root, 'deploy/all-in-one/dist/main.js')], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      PASSWORD_SCRYPT_LOG2_N: '10',
      ...env,
    },
    stdio: ['ignore', 'pipe', stderr ? 'pipe' : 'inherit'],
  });
  children.push(started);
  if (stderr && started.stderr)
    createInterface({ input: started.stderr }).on('line', (line) => {
      stderr.push(line);
      process.stderr.write(`${line}\n`);
    });
  return new Promise((resolve, reject) => {
    createInterface({ input: started.stdout! }).on('line', (line) => {
      stdout?.push(line);
      const listening = /^CRM API listening at (\S+)$/.exec(line);
      if (listening) resolve(listening[1]);
    });
    started.once('exit', (code) => reject(new Error(`npm start exited with ${code}`)));
  });
}

describe('npm start', () => {
  it('honours RATE_LIMIT_PER_MINUTE and PUBLIC_RATE_LIMIT_PER_MINUTE', async () => {
    const base = await startAllInOne({ RATE_LIMIT_PER_MINUTE: '3', PUBLIC_RATE_LIMIT_PER_MINUTE: '2' });
    const signUp = await request(base, 'POST', '/auth/sign-up', {
      body: { email: 'limits@example.com', password: 'correct horse battery', name: 'Limits' },
    });
    expect(signUp.status).toBe(201);
    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await request(base, 'GET', '/me', { token: signUp.body.token })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    // The sign-up above was the first of the address's 2 attempts without a token.
    const signIn = () =>
      request(base, 'POST', '/auth/sign-in', { body: { email: 'limits@example.com', password: 'wrong password' } });
    expect((await signIn()).status).toBe(401);
    expect((await signIn()).status).toBe(429);
  });

  it("prints each part's own address, runs the simulated payment provider when no other is chosen (the one place it is the default), and warns of no leak once the gateway has used each of its proxies", async () => {
    const stderr: string[] = [];
    const stdout: string[] = [];
    const base = await startAllInOne({}, stderr, stdout);
    // Printed with the API's address: where an operator scrapes each part's /metrics.
    const parts = ['gateway', 'identity', 'crm-core', 'marketing', 'reports', 'documents', 'billing', 'webhooks'];
    const partUrls = () =>
      new Map(
        stdout.flatMap((line) => {
          const part = /^ {2}(\S+) at (http:\/\/\S+)$/.exec(line);
          return part ? [[part[1], part[2]] as const] : [];
        }),
      );
    const printed = await waitUntil(partUrls, (found) => found.size >= parts.length, "every part's address");
    expect([...printed.keys()].sort()).toEqual([...parts].sort());
    for (const [name, url] of printed) {
      const metrics = await fetch(`${url}/metrics`);
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(new RegExp(`^process_cpu_seconds_total\\{service="${name}"\\} `, 'm'));
    }
    expect(printed.get('gateway')).toBe(base.replace(/\/v1$/, ''));
    const { token } = await signUpWithWorkspace(base, 'Payer');
    const checkout = await request(base, 'POST', '/billing/checkout', { token, body: {} });
    expect(checkout.status).toBe(200);
    expect(checkout.body.url).toMatch(/\/v1\/public\/billing\/simulator\/checkout\//);

    // One request through each service's proxy, then through each route that has a proxy with a
    // longer timeout of its own; twice, as a leak would grow.
    const call = async (method: string, path: string, body?: unknown) =>
      `${method} ${path} ${(await request(base, method, path, { token, body })).status}`;
    const unknownContact = '00000000-0000-4000-8000-000000000000';
    for (let round = 0; round < 2; round++) {
      expect([
        await call('GET', '/me'),
        await call('GET', '/companies'),
        await call('GET', '/campaigns'),
        await call('GET', '/reports/pipeline'),
        await call('GET', '/documents/usage'),
        await call('GET', '/billing'),
        await call('GET', '/webhooks'),
        await call('GET', '/pipeline-stages'),
        await call('POST', '/import/companies', { rows: [{ name: 'Proxied Ltd' }], dry_run: true }),
        await call('POST', '/export'),
        await call('POST', `/contacts/${unknownContact}/erase`, { confirm: 'ERASE' }),
      ]).toEqual([
        'GET /me 200',
        'GET /companies 200',
        'GET /campaigns 200',
        'GET /reports/pipeline 200',
        'GET /documents/usage 200',
        'GET /billing 200',
        'GET /webhooks 200',
        'GET /pipeline-stages 200',
        'POST /import/companies 200',
        'POST /export 200',
        `POST /contacts/${unknownContact}/erase 404`,
      ]);
    }
    // What an operator would read as a leak: Node's warning of too many listeners on one emitter.
    // Its own request answered after the sweep shows the process had its turn to print it.
    expect((await request(base, 'GET', '/me', { token })).status).toBe(200);
    expect(stderr.filter((line) => line.includes('MaxListenersExceededWarning'))).toEqual([]);
  });

  it('runs with every service on one thread with SERVICES_THREAD=false, and refuses a value that is not a boolean', async () => {
    // The default (a second thread for marketing, reports and webhooks) is what every other
    // test of npm start runs.
    const base = await startAllInOne({ SERVICES_THREAD: 'false' });
    const call = callerFor(base, await signUpWithWorkspace(base, 'Single'));
    expect((await call('POST', '/companies', { name: 'One Thread Ltd' })).status).toBe(201);
    // Reports gets crm-core's event on the same thread.
    const counted = await waitFor(async () => {
      const pipeline = await call('GET', '/reports/pipeline');
      return companiesInPipeline(pipeline) === 1 ? pipeline : undefined;
    });
    expect(counted.status).toBe(200);

    await expect(startAllInOne({ SERVICES_THREAD: 'sometimes' })).rejects.toThrow('npm start exited with 1');
  });

  it('runs with V8 growing its heaps its own way with HEAP_GROWTH_PERCENT=0, and refuses a share out of range', async () => {
    // The default (50) is what every other test of npm start runs.
    const base = await startAllInOne({ HEAP_GROWTH_PERCENT: '0' });
    const call = callerFor(base, await signUpWithWorkspace(base, 'Heap'));
    expect((await call('POST', '/companies', { name: 'Heap Ltd' })).status).toBe(201);

    await expect(startAllInOne({ HEAP_GROWTH_PERCENT: '400' })).rejects.toThrow('npm start exited with 1');
    await expect(startAllInOne({ HEAP_GROWTH_PERCENT: 'half' })).rejects.toThrow('npm start exited with 1');
  });
});
