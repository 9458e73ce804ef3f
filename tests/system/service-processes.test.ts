import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { generateInternalKeyPair, generateServiceTokenSecret } from '@crm/kit';
import { removeTestExchange, startProcess, type StartedProcess } from '../support/processes';
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

// Where the kernel's ephemeral ports (those a port-0 listener gets) start.
function ephemeralRangeStart(): number {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 32_768;
  } catch {
    // Not Linux: IANA's range starts at 49152, and Linux's default at 32768.
    return 32_768;
  }
}

// A port nothing listens on now, for a service whose address a peer needs before it starts. It
// is taken below the kernel's ephemeral range (where the port-0 listeners of tests running in
// parallel get theirs), so no other test can be given it between this check and the bind.
async function freePort(): Promise<number> {
  const low = 20_000;
  const high = Math.min(ephemeralRangeStart(), 32_768) - 1;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low));
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port below the ephemeral range');
}

const running: StartedProcess[] = [];

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'crm-processes-'));
  dataDirs.push(dataDir);
});

afterAll(async () => {
  for (const process of running) process.child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (amqpUrl) await removeTestExchange(amqpUrl, exchange, started);
});

describe('services as separate processes', () => {
  it(`start from environment variables, serve through the gateway, pass events ${amqpUrl ? 'through RabbitMQ' : 'in process'}, and stop cleanly on SIGTERM`, async () => {
    const identity = startService('identity');
    running.push(identity);
    const identityReady = await identity.ready;
    const grpc = (line: Record<string, unknown>) => `127.0.0.1:${String(line.grpc_port)}`;
    const http = (line: Record<string, unknown>) => `http://127.0.0.1:${String(line.http_port)}`;

    // crm-core calls marketing and documents, which call it back: they are given the port crm-core
    // will serve gRPC on, and crm-core then their addresses.
    const crmCoreGrpcPort = await freePort();
    const marketing = startService('marketing', {
      CRM_CORE_GRPC_ADDR: `127.0.0.1:${crmCoreGrpcPort}`,
      IDENTITY_GRPC_ADDR: grpc(identityReady),
    });
    running.push(marketing);
    const documents = startService('documents', { CRM_CORE_GRPC_ADDR: `127.0.0.1:${crmCoreGrpcPort}` });
    const others = {
      documents,
      'crm-core': startService('crm-core', {
        GRPC_PORT: String(crmCoreGrpcPort),
        IDENTITY_GRPC_ADDR: grpc(identityReady),
        DOCUMENTS_GRPC_ADDR: grpc(await documents.ready),
        MARKETING_GRPC_ADDR: grpc(await marketing.ready),
      }),
      reports: startService('reports', {
        IDENTITY_GRPC_ADDR: grpc(identityReady),
        CRM_CORE_GRPC_ADDR: `127.0.0.1:${crmCoreGrpcPort}`,
        MARKETING_GRPC_ADDR: grpc(await marketing.ready),
      }),
      billing: startService('billing', { IDENTITY_GRPC_ADDR: grpc(identityReady), PAYMENT_PROVIDER: 'simulated' }),
      // No gRPC peers: it only consumes events.
      webhooks: startService('webhooks', { WEBHOOKS_SECRET_KEY: Buffer.alloc(32, 7).toString('base64') }),
    };
    running.push(...Object.values(others));
    const crmCoreReady = await others['crm-core'].ready;

    const gateway = start(
      'gateway/dist/main.js',
      {
        PORT: '0',
        INTERNAL_JWT_PRIVATE_KEY: keys.privateKey.replace(/\n/g, '\\n'),
        SERVICE_TOKEN_SECRET: serviceTokenSecret,
        IDENTITY_GRPC_ADDR: grpc(identityReady),
        IDENTITY_URL: http(identityReady),
        CRM_CORE_URL: http(crmCoreReady),
        MARKETING_URL: http(await marketing.ready),
        REPORTS_URL: http(await others.reports.ready),
        DOCUMENTS_URL: http(await documents.ready),
        BILLING_URL: http(await others.billing.ready),
        WEBHOOKS_URL: http(await others.webhooks.ready),
      },
      'gateway started',
    );
    running.push(gateway);
    const base = `http://127.0.0.1:${String((await gateway.ready).port)}/v1`;

    for (const service of [identity, marketing, ...Object.values(others)]) {
      const ready = await service.ready;
      expect((await fetch(`${http(ready)}/readyz`)).status).toBe(200);
    }
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

    for (const service of running) service.child.kill('SIGTERM');
    const codes = await Promise.all(running.map((service) => service.exit));
    expect(codes).toEqual(running.map(() => 0));
    expect(identity.lines.some((line) => line.msg === 'shutting down')).toBe(true);
    running.length = 0;
  });

  it('fail fast at start naming the variable that is wrong', async () => {
    const reportsPeers = {
      IDENTITY_GRPC_ADDR: '127.0.0.1:1',
      CRM_CORE_GRPC_ADDR: '127.0.0.1:1',
      MARKETING_GRPC_ADDR: '127.0.0.1:1',
    };
    const badPort = startService('reports', { HTTP_PORT: 'eighty', ...reportsPeers });
    expect(await badPort.exit).toBe(1);
    expect(JSON.stringify(badPort.lines)).toContain('HTTP_PORT must be an integer');

    const noKey = start(
      'services/reports/dist/main.js',
      { HTTP_PORT: '0', GRPC_PORT: '0', ...reportsPeers },
      'service started',
    );
    expect(await noKey.exit).toBe(1);
    expect(JSON.stringify(noKey.lines)).toContain('INTERNAL_JWT_PUBLIC_KEY is required');

    const noSecret = startService('reports', { SERVICE_TOKEN_SECRET: '', ...reportsPeers });
    expect(await noSecret.exit).toBe(1);
    expect(JSON.stringify(noSecret.lines)).toContain('SERVICE_TOKEN_SECRET is required');

    const noKey32 = startService('webhooks', { WEBHOOKS_SECRET_KEY: 'c2hvcnQ=' });
    expect(await noKey32.exit).toBe(1);
    expect(JSON.stringify(noKey32.lines)).toContain('WEBHOOKS_SECRET_KEY must be 32 bytes in base64');

    const noPeer = startService('billing', { PAYMENT_PROVIDER: 'simulated' });
    expect(await noPeer.exit).toBe(1);
    expect(JSON.stringify(noPeer.lines)).toContain('IDENTITY_GRPC_ADDR is required');

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
