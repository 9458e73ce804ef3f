import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessBroker } from '@crm/bus';
import {
  createLogger,
  declareOperation,
  generateInternalKeyPair,
  implement,
  INTERNAL_TOKEN_HEADER,
  ListOf,
  signInternalToken,
  Type,
  type InternalClaims,
} from '@crm/kit';
import { defineService, startService, type HostOptions } from '../service-host';
import { needs, standard } from '@crm/protos';

const keys = generateInternalKeyPair();
const ping = implement(
  declareOperation({
    method: 'GET',
    path: '/ping',
    summary: 'Ping',
    access: 'caller',
    status: 200,
    response: Type.Object({ pong: Type.Boolean() }),
  }),
  async () => ({ pong: true }),
);
const definition = defineService({
  name: 'host-test',
  runtime: (context) => context,
  modules: [{ operations: () => [ping] }],
});
const caller: InternalClaims = {
  workspace_id: 'w1',
  user_id: 'u1',
  actor: { type: 'user', id: 'u1', label: 'Ann' },
  role: 'Owner',
  permissions: [],
  is_admin: false,
  plan: 'free',
};

function occupyPort(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

let dataDir: string;
let options: Omit<HostOptions, 'httpPort' | 'grpcPort'>;

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'service-host-'));
  options = {
    host: '127.0.0.1',
    dataDir,
    internalPublicKey: keys.publicKey,
    inProcessBroker: new InProcessBroker(),
    logger: createLogger('host-test', 'silent'),
  };
});

afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('service host', () => {
  it('closes what it opened when starting fails half-way, so the same data can be opened again', async () => {
    const taken = await occupyPort();
    try {
      const takenPort = (taken.address() as { port: number }).port;
      await expect(startService(definition, { ...options, httpPort: takenPort, grpcPort: 0 })).rejects.toThrow(
        /EADDRINUSE/,
      );
      const running = await startService(definition, { ...options, httpPort: 0, grpcPort: 0 });
      const unauthenticated = await fetch(`http://127.0.0.1:${running.httpPort}/v1/ping`);
      expect(unauthenticated.status).toBe(401);
      await running.stop();
    } finally {
      taken.close();
    }
  });

  it('answers only its declared operations under /v1 and serves their OpenAPI document', async () => {
    const running = await startService(definition, { ...options, httpPort: 0, grpcPort: 0 });
    try {
      const base = `http://127.0.0.1:${running.httpPort}`;
      const headers = { [INTERNAL_TOKEN_HEADER]: signInternalToken(keys.privateKey, caller) };
      expect(await (await fetch(`${base}/v1/ping`, { headers })).json()).toEqual({ pong: true });
      const other = await fetch(`${base}/v1/Ping`, { headers });
      expect(other.status).toBe(404);
      expect(((await other.json()) as { error: { code: string } }).error.code).toBe('not_found');
      const document = (await (await fetch(`${base}/openapi.json`)).json()) as {
        openapi: string;
        paths: Record<string, { get: { security: unknown } }>;
      };
      expect(document.openapi).toBe('3.1.0');
      expect(Object.keys(document.paths)).toEqual(['/ping']);
      expect(document.paths['/ping'].get.security).toEqual([{ bearer: [] }]);
    } finally {
      await running.stop();
    }
  });

  it('refuses to start with a contract operation the permission matrix gives to another service', async () => {
    const campaigns = implement(
      declareOperation({
        method: 'GET',
        path: '/campaigns',
        access: standard(needs('companies:read')),
        summary: 'Campaigns',
        status: 200,
        response: ListOf(Type.Object({})),
      }),
      async () => ({ data: [] }),
    );
    const wrong = defineService({
      name: 'crm-core',
      runtime: (context) => context,
      modules: [{ operations: () => [campaigns] }],
    });
    await expect(startService(wrong, { ...options, httpPort: 0, grpcPort: 0 })).rejects.toThrow(/belongs to marketing/);
    // It closed what it had opened: the data directory can be opened again.
    const running = await startService(definition, { ...options, httpPort: 0, grpcPort: 0 });
    await running.stop();
  });

  it("runs each hook over the service's modules in their order, handing each the one runtime", async () => {
    const seen: string[] = [];
    const pong = implement(
      declareOperation({
        method: 'GET',
        path: '/pong',
        summary: 'Pong',
        access: 'caller',
        status: 200,
        response: Type.Object({ ping: Type.Boolean() }),
      }),
      async () => ({ ping: true }),
    );
    let builds = 0;
    const modular = defineService({
      name: 'host-test',
      runtime: () => {
        builds += 1;
        return { built: builds };
      },
      modules: [
        { operations: () => [ping], consumers: async ({ built }) => void seen.push(`first ${built}`) },
        { consumers: async ({ built }) => void seen.push(`second ${built}`) },
        { operations: () => [pong], consumers: async ({ built }) => void seen.push(`third ${built}`) },
      ],
    });
    const running = await startService(modular, { ...options, httpPort: 0, grpcPort: 0 });
    try {
      expect(seen).toEqual(['first 1', 'second 1', 'third 1']);
      const document = (await (await fetch(`http://127.0.0.1:${running.httpPort}/openapi.json`)).json()) as {
        paths: Record<string, unknown>;
      };
      expect(Object.keys(document.paths)).toEqual(['/ping', '/pong']);
    } finally {
      await running.stop();
    }
  });

  it('refuses to start when two modules handle the same job', async () => {
    const handler = async () => undefined;
    const twice = defineService({
      name: 'host-test',
      runtime: (context) => context,
      modules: [{ jobs: () => ({ 'host-test.tick': handler }) }, { jobs: () => ({ 'host-test.tick': handler }) }],
    });
    await expect(startService(twice, { ...options, httpPort: 0, grpcPort: 0 })).rejects.toThrow(
      /two handlers for the job host-test.tick/,
    );
  });
});
