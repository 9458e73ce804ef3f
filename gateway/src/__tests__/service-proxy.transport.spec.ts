import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@crm/kit';
import { ServiceProxy } from '../service-proxy';

// The proxy tells whoever asked (the gateway, for identity) that a write was answered, before the
// client hears the answer: the gateway drops the answers it keeps of identity's then.
describe('ServiceProxy', () => {
  const servers: Server[] = [];
  const happened: string[] = [];
  let front: string;
  let proxy: ServiceProxy;

  const listen = async (server: Server) => {
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  beforeAll(async () => {
    const service = await listen(
      createServer((req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(req.method === 'POST' ? 201 : 200).end(req.method));
      }),
    );
    proxy = new ServiceProxy({
      service: 'identity',
      target: service,
      timeoutMs: 2000,
      logger: createLogger('test', 'silent'),
      onWriteAnswered: () => happened.push('write answered'),
    });
    front = await listen(
      createServer((req, res) =>
        proxy.forward({ req, res, headers: { ...req.headers }, body: undefined, requestId: 'r' }),
      ),
    );
  });

  afterAll(async () => {
    proxy.close();
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
  });

  const send = (method: string) =>
    new Promise<void>((resolve, reject) => {
      const outgoing = request(`${front}/v1/thing`, { method }, (answer) => {
        happened.push(`${method} ${answer.statusCode} at the client`);
        answer.resume();
        answer.on('end', resolve);
      });
      outgoing.on('error', reject);
      outgoing.end();
    });

  it('tells of an answered write before the client hears it, and of no read', async () => {
    await send('GET');
    await send('POST');
    await send('HEAD');
    await send('DELETE');
    expect(happened).toEqual([
      'GET 200 at the client',
      'write answered',
      'POST 201 at the client',
      'HEAD 200 at the client',
      'write answered',
      'DELETE 200 at the client',
    ]);
  });
});
