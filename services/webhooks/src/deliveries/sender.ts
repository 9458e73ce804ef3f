import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { Webhook } from 'standardwebhooks';

export interface SendResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

export interface Sender {
  send(input: { url: string; messageId: string; body: string; secrets: string[]; at: Date }): Promise<SendResult>;
  close(): void;
}

// The Standard Webhooks signature header: one `v1,<base64>` per secret that signs now.
export function signatureHeader(secrets: string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(messageId, at, body)).join(' ');
}

const MAX_ANSWER_BYTES = 64 * 1024;

// The filtering agent's refusal names the address a host resolved to; a delivery's error is shown
// to the workspace's admins, so it says only that the address is not public (as the check at save).
const REFUSED_BY_FILTER = /is not allowed\. Because/;
export const NOT_PUBLIC_ERROR = 'the host does not resolve only to public addresses';
const errorText = (error: Error) =>
  REFUSED_BY_FILTER.test(error.message) ? NOT_PUBLIC_ERROR : error.message.slice(0, 500);

// Posts deliveries through agents that refuse, at connect time, any address that is not public
// (the name is resolved again for every connection, so a host that moved to a private address is
// refused even though it passed when the endpoint was saved). Loopback is allowed only with
// WEBHOOKS_ALLOW_INSECURE_URLS. Redirects are not followed: a 3xx is a failed attempt.
export function createSender(options: { allowLoopback: boolean; timeoutMs: number }): Sender {
  const filter = {
    allowPrivateIPAddress: false,
    allowMetaIPAddress: false,
    allowIPAddressList: options.allowLoopback ? ['127.0.0.1', '::1', '::ffff:127.0.0.1'] : [],
    keepAlive: true,
    maxSockets: 64,
  };
  const agents = { 'http:': new RequestFilteringHttpAgent(filter), 'https:': new RequestFilteringHttpsAgent(filter) };
  return {
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
    send({ url, messageId, body, secrets, at }) {
      return new Promise<SendResult>((resolve) => {
        const target = new URL(url);
        const protocol = target.protocol as 'http:' | 'https:';
        const agent = agents[protocol];
        if (!agent || (protocol === 'http:' && !options.allowLoopback)) {
          resolve({ ok: false, status: null, error: `${target.protocol} is not allowed` });
          return;
        }
        let settled = false;
        const finish = (result: SendResult) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(result);
        };
        const headers = {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'CRM-Webhooks/1',
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signatureHeader(secrets, messageId, at, body),
        };
        const request = (protocol === 'https:' ? https : http).request(
          target,
          { method: 'POST', agent, headers },
          (response) => {
            let received = 0;
            response.on('data', (chunk: Buffer) => {
              received += chunk.length;
              // The answer is not kept; a receiver that streams without end is cut off.
              if (received > MAX_ANSWER_BYTES) response.destroy();
            });
            const status = response.statusCode ?? null;
            const done = () => {
              const ok = status !== null && status >= 200 && status < 300;
              finish({ ok, status, error: ok ? null : `the endpoint answered ${String(status)}` });
            };
            response.on('end', done);
            response.on('close', done);
            response.on('error', done);
          },
        );
        // The whole attempt, connection to answer, within the timeout.
        const timer = setTimeout(() => {
          request.destroy(new Error(`no answer within ${options.timeoutMs} ms`));
        }, options.timeoutMs);
        request.on('error', (error) => finish({ ok: false, status: null, error: errorText(error) }));
        request.end(body);
      });
    },
  };
}
