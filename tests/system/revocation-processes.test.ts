import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateInternalKeyPair, generateServiceTokenSecret } from '@crm/kit';
import { startProcess, type StartedProcess } from '@crm/processes';
import { removeTestExchange } from '../support/processes';
import { checkAgainst } from '../support/system';
import { revocationScenario } from './revocation-scenario';

// The revocation scenario with identity and the gateway as separate processes (their built
// entries, as containers run them), events through RabbitMQ when AMQP_URL is set: whatever
// either process caches, the next request must see the change.
const keys = generateInternalKeyPair();
const serviceTokenSecret = generateServiceTokenSecret();
const amqpUrl = process.env.AMQP_URL;
const exchange = `crm.test.revocation.${process.pid}.${Date.now()}`;
const started: StartedProcess[] = [];
let dataDir: string;

async function start(
  entry: string,
  env: Record<string, string>,
  readyMessage: string,
): Promise<Record<string, unknown>> {
  const one = startProcess(entry, { DATA_DIR: dataDir, ...env }, readyMessage);
  started.push(one);
  return one.ready;
}

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'crm-revocation-'));
});

afterAll(async () => {
  for (const { child } of started) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  if (amqpUrl) await removeTestExchange(amqpUrl, exchange, started);
});

describe(`revocation with one process per service${amqpUrl ? ' over RabbitMQ' : ''}`, () => {
  it('a revoked key, a role change and a disabled member take effect on the very next request', async () => {
    const identity = await start(
      'services/identity/dist/main.js',
      {
        HTTP_PORT: '0',
        GRPC_PORT: '0',
        INTERNAL_JWT_PUBLIC_KEY: keys.publicKey,
        SERVICE_TOKEN_SECRET: serviceTokenSecret,
        PASSWORD_SCRYPT_LOG2_N: '10',
        // One identity process: its cache is allowed, and held to the scenario.
        AUTHENTICATION_CACHE: 'true',
        ...(amqpUrl ? { AMQP_URL: amqpUrl, EVENT_EXCHANGE: exchange } : {}),
      },
      'service started',
    );
    const identityUrl = `http://127.0.0.1:${String(identity.http_port)}`;
    // Only identity's paths are used; the other services are never reached.
    const unused = 'http://127.0.0.1:9';
    const gateway = await start(
      'gateway/dist/main.js',
      {
        PORT: '0',
        INTERNAL_JWT_PRIVATE_KEY: keys.privateKey.replace(/\n/g, '\\n'),
        SERVICE_TOKEN_SECRET: serviceTokenSecret,
        IDENTITY_GRPC_ADDR: `127.0.0.1:${String(identity.grpc_port)}`,
        IDENTITY_URL: identityUrl,
        CRM_CORE_URL: unused,
        MARKETING_URL: unused,
        REPORTS_URL: unused,
        DOCUMENTS_URL: unused,
        BILLING_URL: unused,
        WEBHOOKS_URL: unused,
      },
      'gateway started',
    );
    const base = `http://127.0.0.1:${String(gateway.port)}/v1`;
    // The gateway cannot merge a document without the other services: check against identity's.
    checkAgainst(base, `${identityUrl}/openapi.json`);
    await revocationScenario(base, dataDir, `processes.${Date.now()}`);
  });
});
