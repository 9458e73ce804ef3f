import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, generateInternalKeyPair } from '@crm/kit';
import { startGatewayReplica } from '../support/gateway-replica';
import { request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';

// What a service receives from the gateway, seen on the wire: a gateway in front of the system's
// services reaches identity through a proxy that notes each request's headers and passes it on.
const keys = generateInternalKeyPair();
const logLines: string[] = [];
// What identity received from the gateway, by request id.
const received = new Map<string, IncomingMessage['headers']>();
let system: TestSystem;
let proxy: Server;
let gateway: { url: string; stop(): Promise<void> };

beforeAll(async () => {
  system = await startTestSystem({ internalKeys: keys });
  const identityPort = system.services.identity.httpPort;
  proxy = createServer((req, res) => {
    received.set(String(req.headers['x-request-id']), req.headers);
    const onward = httpRequest(
      { host: '127.0.0.1', port: identityPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  gateway = await startGatewayReplica(system, keys, {
    serviceUrls: { identity: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` },
    logger: createLogger('gateway', 'info', { write: (line: string) => void logLines.push(line) }),
  });
});

afterAll(async () => {
  await gateway.stop();
  await new Promise((resolve) => proxy.close(resolve));
  await system.destroy();
});

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

function seenBy(response: { headers: Headers }) {
  const headers = received.get(String(response.headers.get('x-request-id')));
  expect(headers).toBeDefined();
  return headers!;
}

describe('W3C trace context through the gateway', () => {
  it("continues a client's trace: same trace id, the gateway's span as parent, tracestate kept", async () => {
    const person = await signUpWithWorkspace(system.url, 'Tracer');
    const response = await request(gateway.url, 'GET', '/me', {
      token: person.token,
      headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', tracestate: 'vendor=abc' },
    });
    expect(response.status).toBe(200);
    const headers = seenBy(response);
    const [, traceId, parentId, flags] = TRACEPARENT.exec(String(headers.traceparent))!;
    expect(traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(parentId).not.toBe('00f067aa0ba902b7');
    expect(flags).toBe('01');
    expect(headers.tracestate).toBe('vendor=abc');

    // The gateway's request log line names the trace and its span.
    const line = logLines
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.msg === 'request' && entry.request_id === response.headers.get('x-request-id'));
    expect(line).toMatchObject({ trace_id: traceId, span_id: parentId });
  });

  it('starts a trace when the client sent none or an invalid one, and drops the tracestate of a trace it did not continue', async () => {
    const none = await request(gateway.url, 'POST', '/auth/sign-in', {
      body: { email: 'nobody@example.com', password: 'wrong password' },
    });
    expect(String(seenBy(none).traceparent)).toMatch(TRACEPARENT);

    const invalid = await request(gateway.url, 'POST', '/auth/sign-in', {
      body: { email: 'nobody@example.com', password: 'wrong password' },
      headers: { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, tracestate: 'vendor=abc' },
    });
    const headers = seenBy(invalid);
    const [, traceId] = TRACEPARENT.exec(String(headers.traceparent))!;
    expect(traceId).not.toBe('0'.repeat(32));
    expect(headers.tracestate).toBeUndefined();
    expect(traceId).not.toBe(TRACEPARENT.exec(String(seenBy(none).traceparent))![1]);
  });
});
