import type { Server } from 'node:http';
import { identityV1 } from '@crm/protos';
import {
  call,
  generateServiceTokenSecret,
  grpcClientOptions,
  insecureCredentials,
  startGrpcServer,
  unary,
  type RunningGrpcServer,
} from '../grpc';
import { closeServer, createServiceApp, finishServiceApp, listen, portOf } from '../http';
import { REQUEST_ID_HEADER } from '../internal-jwt';
import { createLogger } from '../logger';
import { currentContext } from '../request-context';
import { continueTrace, parseTraceparent, traceIdOf } from '../trace-context';

const CLIENT_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CLIENT_SPAN = '00f067aa0ba902b7';
const CLIENT_TRACEPARENT = `00-${CLIENT_TRACE}-${CLIENT_SPAN}-01`;

describe('continueTrace', () => {
  test('keeps the trace id and flags, and gives the hop a span of its own', () => {
    const next = parseTraceparent(continueTrace(CLIENT_TRACEPARENT));
    expect(next).toMatchObject({ traceId: CLIENT_TRACE, flags: '01' });
    expect(next?.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(next?.spanId).not.toBe(CLIENT_SPAN);
  });

  test.each([
    undefined,
    '',
    'garbage',
    `ff-${CLIENT_TRACE}-${CLIENT_SPAN}-01`,
    `00-${'0'.repeat(32)}-${CLIENT_SPAN}-01`,
    `00-${CLIENT_TRACE}-${'0'.repeat(16)}-01`,
  ])('starts a new trace from %p', (header) => {
    const started = continueTrace(header);
    expect(parseTraceparent(started)).toBeDefined();
    expect(traceIdOf(started)).not.toBe(CLIENT_TRACE);
  });
});

describe('a service request', () => {
  let server: Server;
  let base: string;
  let grpc: RunningGrpcServer;
  const lines: Array<Record<string, unknown>> = [];
  // What the gRPC peer saw of the request's context.
  const peerSaw: Array<ReturnType<typeof currentContext>> = [];

  beforeAll(async () => {
    const secret = generateServiceTokenSecret();
    const logger = createLogger('crm-core', 'info', {
      write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
    });
    const peer: Pick<identityV1.IdentityServiceServer, 'authenticate'> = {
      authenticate: unary<identityV1.AuthenticateRequest, identityV1.AuthenticateResponse>(logger, async () => {
        peerSaw.push(currentContext());
        logger.info('peer handled the call');
        return { user_id: 'u', actor_type: 'user', actor_id: 'a', permissions: [], is_admin: false, plan: 'free' };
      }),
    };
    grpc = await startGrpcServer([{ definition: identityV1.IdentityServiceService, implementation: peer }], {
      port: 0,
      host: '127.0.0.1',
      serviceTokenSecret: secret,
    });
    const client = new identityV1.IdentityServiceClient(
      `127.0.0.1:${grpc.port}`,
      insecureCredentials(),
      grpcClientOptions({ service: 'crm-core', secret }),
    );
    const app = createServiceApp({ name: 'crm-core', logger, requestContext: true });
    app.post('/v1/things', async (req, res) => {
      logger.info({ body_keys: Object.keys(req.body as object) }, 'handling');
      await call(client.authenticate.bind(client), { token: 't' });
      res.json({ context: currentContext() });
    });
    finishServiceApp(app, logger);
    server = await listen(app, 0, '127.0.0.1');
    base = `http://127.0.0.1:${portOf(server)}`;
  });

  afterAll(async () => {
    await closeServer(server);
    await grpc.close();
  });

  test("continues the caller's trace into its context, its logs and its gRPC calls", async () => {
    const response = await fetch(`${base}/v1/things`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        traceparent: CLIENT_TRACEPARENT,
        [REQUEST_ID_HEADER]: 'request-7',
      },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { context: { request_id: string; traceparent: string } };
    const own = parseTraceparent(body.context.traceparent);
    expect(body.context.request_id).toBe('request-7');
    expect(own?.traceId).toBe(CLIENT_TRACE);
    expect(own?.spanId).not.toBe(CLIENT_SPAN);

    const handling = lines.find((line) => line.msg === 'handling');
    expect(handling).toMatchObject({ request_id: 'request-7', trace_id: CLIENT_TRACE, span_id: own?.spanId });
    const peerLine = lines.find((line) => line.msg === 'peer handled the call');
    expect(peerLine).toMatchObject({ request_id: 'request-7', trace_id: CLIENT_TRACE });
    expect(peerLine?.span_id).not.toBe(own?.spanId);
    expect(peerSaw[peerSaw.length - 1]?.request_id).toBe('request-7');
  });

  test('starts a trace and a request id when the caller sent none', async () => {
    const response = await fetch(`${base}/v1/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const body = (await response.json()) as { context: { request_id: string; traceparent: string } };
    expect(body.context.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(parseTraceparent(body.context.traceparent)).toBeDefined();
    expect(traceIdOf(body.context.traceparent)).not.toBe(CLIENT_TRACE);
  });

  test('lines logged outside any request carry no request fields', () => {
    const logger = createLogger('crm-core', 'info', {
      write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
    });
    logger.info('started');
    const started = lines.find((line) => line.msg === 'started');
    expect(started).toBeDefined();
    expect(started).not.toHaveProperty('trace_id');
    expect(started).not.toHaveProperty('request_id');
  });
});
