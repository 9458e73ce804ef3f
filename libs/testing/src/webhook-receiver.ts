import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

// A real HTTP receiver on loopback: records every request and answers what `answer` says
// (a status, or a promise the test resolves to hold the answer back). A webhook endpoint.
export interface Receiver {
  url: string;
  received: Received[];
  answer: (received: Received) => number | Promise<number>;
  close(): Promise<void>;
}

export async function startReceiver(path = '/hook'): Promise<Receiver> {
  // Completed (its address, close) once listening; tests may replace `answer` at any time.
  const receiver: Pick<Receiver, 'received' | 'answer'> = { received: [], answer: () => 204 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const item = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.received.push(item);
      void Promise.resolve(receiver.answer(item)).then((status) => {
        res.statusCode = status;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

// The Standard Webhooks headers of a received delivery, as a verifier takes them.
export const signatureHeaders = (item: Received) => ({
  'webhook-id': String(item.headers['webhook-id']),
  'webhook-timestamp': String(item.headers['webhook-timestamp']),
  'webhook-signature': String(item.headers['webhook-signature']),
});

// The webhooks service's settings for tests: fast retries and timeouts, loopback receivers allowed.
export const FAST_WEBHOOKS_ENV = {
  WEBHOOKS_ALLOW_INSECURE_URLS: 'true',
  WEBHOOKS_RETRY_BASE_MS: '50',
  WEBHOOKS_RETRY_MAX_MS: '200',
  WEBHOOKS_TIMEOUT_MS: '2000',
  WEBHOOKS_ENDPOINT_CONCURRENCY: '1',
  WEBHOOKS_RETRY_WINDOW_MS: '1500',
  WEBHOOKS_MAX_ENDPOINTS: '3',
};
