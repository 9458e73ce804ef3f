import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateInternalKeyPair, generateServiceTokenSecret } from '@crm/kit';
import { startProcess, startServiceProcesses, type StartedProcess } from '@crm/processes';
import { removeTestExchange } from '../support/processes';
import { request, waitFor } from '../support/system';

// One process per service, as containers run them: each started from its built entry with
// nothing but environment variables, the gateway in front, and SIGTERM for a clean stop. With
// AMQP_URL set (CI), the services' events travel through RabbitMQ on an exchange of their own.
const keys = generateInternalKeyPair();
const serviceTokenSecret = generateServiceTokenSecret();
const amqpUrl = process.env.AMQP_URL;
const exchange = `crm.test.processes.${process.pid}.${Date.now()}`;
const busEnv: Record<string, string> = amqpUrl ? { AMQP_URL: amqpUrl, EVENT_EXCHANGE: exchange } : {};
// Each test's own, so that processes a failed test left running cannot hold the next one's.
let dataDir: string;
const dataDirs: string[] = [];
// Every process started, for removing the queues they declared.
const started: StartedProcess[] = [];

function startService(name: string, env: Record<string, string> = {}): StartedProcess {
  return start(
    `services/${name}/dist/main.js`,
    {
      HTTP_PORT: '0',
      GRPC_PORT: '0',
      INTERNAL_JWT_PUBLIC_KEY: keys.publicKey,
      SERVICE_TOKEN_SECRET: serviceTokenSecret,
      PASSWORD_SCRYPT_LOG2_N: '10',
      ...busEnv,
      ...env,
    },
    'service started',
  );
}

function start(entry: string, env: Record<string, string>, readyMessage: string): StartedProcess {
  const one = startProcess(entry, { DATA_DIR: dataDir, ...env }, readyMessage);
  started.push(one);
  return one;
}

const running: StartedProcess[] = [];
// The processes a launcher started: killed too if a test fails before stopping it.
const launchedPids: number[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'crm-processes-'));
  dataDirs.push(dataDir);
});

afterAll(async () => {
  for (const one of running) one.child.kill('SIGKILL');
  for (const pid of launchedPids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (amqpUrl) await removeTestExchange(amqpUrl, exchange, started);
});

// The system as `npm run start:processes` runs it (deploy/processes/dist/main.js: every service and
// the gateway its own process, events through RabbitMQ), or, with no broker, the same processes
// started one by one (each then passes its events in process).
interface Launched {
  base: string;
  serviceUrls: string[];
  pids: number[];
  lines: Array<Record<string, unknown>>;
  // SIGTERM; true once every process has exited with 0.
  stop(): Promise<boolean>;
}

async function launch(): Promise<Launched> {
  const env = { DATA_DIR: dataDir, PASSWORD_SCRYPT_LOG2_N: '10', ...busEnv };
  const webhooksKey = Buffer.alloc(32, 7).toString('base64');
  if (amqpUrl) {
    const launcher = start(
      'deploy/processes/dist/main.js',
      { ...env, PORT: '0', WEBHOOKS_SECRET_KEY: webhooksKey },
      'CRM API ready',
    );
    running.push(launcher);
    const ready = await launcher.ready;
    const pids = ready.pids as number[];
    launchedPids.push(...pids);
    return {
      base: ready.url as string,
      serviceUrls: Object.values(ready.services as Record<string, string>),
      pids,
      lines: launcher.lines,
      async stop() {
        launcher.child.kill('SIGTERM');
        const code = await launcher.exit;
        // None of its processes is left running.
        const alive = pids.filter((pid) => {
          try {
            process.kill(pid, 0);
            return true;
          } catch {
            return false;
          }
        });
        return code === 0 && alive.length === 0;
      },
    };
  }
  const system = await startServiceProcesses({
    env,
    serviceEnv: { billing: { PAYMENT_PROVIDER: 'simulated' }, webhooks: { WEBHOOKS_SECRET_KEY: webhooksKey } },
  });
  running.push(...system.all);
  started.push(...system.all);
  return {
    base: system.url,
    serviceUrls: Object.values(system.services).map((service) => service.url),
    pids: system.all.map((one) => one.child.pid!),
    get lines() {
      return system.all.flatMap((one) => one.lines);
    },
    async stop() {
      return (await system.stop()).every((code) => code === 0);
    },
  };
}

describe('services as separate processes', () => {
  it(`start from environment variables, serve through the gateway, pass events ${amqpUrl ? 'through RabbitMQ' : 'in process'}, and stop cleanly on SIGTERM`, async () => {
    const system = await launch();
    const base = system.base;
    // Seven services and the gateway, each its own process, each ready.
    expect(new Set(system.pids).size).toBe(8);
    expect(system.serviceUrls).toHaveLength(7);
    for (const url of system.serviceUrls) expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect((await fetch(`${base.replace('/v1', '')}/readyz`)).status).toBe(200);

    const signUp = await request(base, 'POST', '/auth/sign-up', {
      body: { email: 'proc@example.com', password: 'correct horse battery', name: 'Proc' },
    });
    expect(signUp.status).toBe(201);
    const me = await request(base, 'GET', '/me', { token: signUp.body.token });
    expect(me.status).toBe(200);
    expect(me.body.user.email).toBe('proc@example.com');
    // Every service process answers the gateway: it merges their OpenAPI documents into one.
    const reference = await request(base, 'GET', '/openapi.json');
    expect(reference.status).toBe(200);
    expect(Object.keys(reference.body.paths)).toContain('/me');
    expect(Object.keys(reference.body.paths)).toContain('/webhooks');

    // A change travels outbox -> bus -> identity's audit consumer.
    const token = signUp.body.token as string;
    expect((await request(base, 'POST', '/onboarding', { token, body: { workspace_name: 'Processes' } })).status).toBe(
      201,
    );
    expect(
      (await request(base, 'POST', '/api-keys', { token, body: { name: 'Across processes', kind: 'integration' } }))
        .status,
    ).toBe(201);
    const entry = await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log', { token });
      return (log.body.data as Array<{ object_type: string; object_name: string; actor: string }>).find(
        (item) => item.object_type === 'api_key',
      );
    });
    expect(entry).toMatchObject({ object_name: 'Across processes', actor: 'Proc' });
    // The webhooks process answers through the gateway, and with a broker between the processes
    // it consumes crm-core's events into the workspace's feed.
    expect((await request(base, 'GET', '/webhooks', { token })).status).toBe(200);
    if (amqpUrl) {
      expect(
        (await request(base, 'POST', '/companies', { token, body: { name: 'Across processes Ltd' } })).status,
      ).toBe(201);
      await waitFor(async () => {
        const feed = await request(base, 'GET', '/events?types=crm.company.created', { token });
        return feed.body.data.length > 0 || undefined;
      });
    }

    expect(await system.stop()).toBe(true);
    expect(system.lines.some((line) => line.msg === 'shutting down' && line.service === 'identity')).toBe(true);
    running.length = 0;
  }, 120_000); // eight processes start one after another

  it('fail fast at start naming the variable that is wrong', async () => {
    const reportsPeers = {
      IDENTITY_GRPC_ADDR: '127.0.0.1:1',
      CRM_CORE_GRPC_ADDR: '127.0.0.1:1',
      MARKETING_GRPC_ADDR: '127.0.0.1:1',
    };
    // These stop at their configuration, before any opens its data folder: all at once.
    const badPort = startService('reports', { HTTP_PORT: 'eighty', ...reportsPeers });
    const noKey = start(
      'services/reports/dist/main.js',
      { HTTP_PORT: '0', GRPC_PORT: '0', ...reportsPeers },
      'service started',
    );
    const noSecret = startService('reports', { SERVICE_TOKEN_SECRET: '', ...reportsPeers });
    const noKey32 = startService('webhooks', { WEBHOOKS_SECRET_KEY: 'c2hvcnQ=' });
    const noPeer = startService('billing', { PAYMENT_PROVIDER: 'simulated' });
    // Processes apart share events only through a broker: the launcher does not start without one.
    const noBroker = start('deploy/processes/dist/main.js', { PORT: '0' }, 'CRM API ready');
    const expected: Array<[StartedProcess, string]> = [
      [badPort, 'HTTP_PORT must be an integer'],
      [noKey, 'INTERNAL_JWT_PUBLIC_KEY is required'],
      [noSecret, 'SERVICE_TOKEN_SECRET is required'],
      [noKey32, 'WEBHOOKS_SECRET_KEY must be 32 bytes in base64'],
      [noPeer, 'IDENTITY_GRPC_ADDR is required'],
      [noBroker, 'AMQP_URL is required'],
    ];
    for (const [one, message] of expected) {
      expect(await one.exit).toBe(1);
      expect(JSON.stringify(one.lines)).toContain(message);
    }

    // The simulated payment provider takes any card: it never runs because nothing was chosen.
    // One after the other: both use billing's data folder, which only one process may open.
    const noProvider = startService('billing', { IDENTITY_GRPC_ADDR: '127.0.0.1:1' });
    expect(await noProvider.exit).toBe(1);
    const stripeWithoutKey = startService('billing', {
      IDENTITY_GRPC_ADDR: '127.0.0.1:1',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_WEBHOOK_SECRET: 'whsec_test123',
      STRIPE_PRICE_MONTH: 'price_month1',
      STRIPE_PRICE_YEAR: 'price_year1',
    });
    expect(JSON.stringify(noProvider.lines)).toContain(
      'invalid configuration: no payment provider: set PAYMENT_PROVIDER=stripe with STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTH and STRIPE_PRICE_YEAR, or PAYMENT_PROVIDER=simulated',
    );
    expect(noProvider.lines.some((line) => line.msg === 'service started')).toBe(false);
    expect(await stripeWithoutKey.exit).toBe(1);
    expect(JSON.stringify(stripeWithoutKey.lines)).toContain(
      'invalid configuration: STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER is stripe',
    );
    expect(JSON.stringify(stripeWithoutKey.lines)).not.toContain('whsec_test123');
  });
});
