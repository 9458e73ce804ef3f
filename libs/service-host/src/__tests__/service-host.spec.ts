import { createServer, type Server } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessBroker } from '@crm/bus';
import { createLogger, generateInternalKeyPair } from '@crm/kit';
import { startService, type ServiceDefinition } from '../service-host';

const keys = generateInternalKeyPair();
const definition: ServiceDefinition = {
  name: 'host-test',
  routes: (router) => {
    router.get('/ping', (_req, res) => {
      res.json({ pong: true });
    });
  },
};

function occupyPort(): Promise<Server> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

describe('service host', () => {
  it('closes what it opened when starting fails half-way, so the same data can be opened again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'service-host-'));
    const taken = await occupyPort();
    const options = {
      host: '127.0.0.1',
      dataDir,
      internalPublicKey: keys.publicKey,
      inProcessBroker: new InProcessBroker(),
      logger: createLogger('host-test', 'silent'),
    };
    try {
      const takenPort = (taken.address() as { port: number }).port;
      await expect(startService(definition, { ...options, httpPort: takenPort, grpcPort: 0 })).rejects.toThrow(/EADDRINUSE/);
      const running = await startService(definition, { ...options, httpPort: 0, grpcPort: 0 });
      const unauthenticated = await fetch(`http://127.0.0.1:${running.httpPort}/v1/ping`);
      expect(unauthenticated.status).toBe(401);
      await running.stop();
    } finally {
      taken.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
