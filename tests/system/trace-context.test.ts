import type { IncomingMessage } from 'node:http';
import { request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';

const logLines: string[] = [];
// What identity received from the gateway, by request id.
const received = new Map<string, IncomingMessage['headers']>();
let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem({
    logLevel: 'info',
    logDestination: { write: (line: string) => void logLines.push(line) },
  });
  system.services.identity.httpServer.prependListener('request', (req: IncomingMessage) => {
    received.set(String(req.headers['x-request-id']), req.headers);
  });
});

afterAll(() => system.destroy());

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

function seenBy(response: { headers: Headers }) {
  const headers = received.get(String(response.headers.get('x-request-id')));
  expect(headers).toBeDefined();
  return headers!;
}

describe('W3C trace context through the gateway', () => {
  it("continues a client's trace: same trace id, the gateway's span as parent, tracestate kept", async () => {
    const person = await signUpWithWorkspace(system.url, 'Tracer');
    const response = await request(system.url, 'GET', '/me', {
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
    const none = await request(system.url, 'POST', '/auth/sign-in', {
      body: { email: 'nobody@example.com', password: 'wrong password' },
    });
    expect(String(seenBy(none).traceparent)).toMatch(TRACEPARENT);

    const invalid = await request(system.url, 'POST', '/auth/sign-in', {
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
