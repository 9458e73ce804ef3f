import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import jwt from 'jsonwebtoken';
import { healthV1, identityV1 } from '@crm/protos';
import { AppError, unauthenticated } from '../errors';
import {
  answerStream,
  call,
  generateServiceTokenSecret,
  grpcClientOptions,
  healthRegistration,
  insecureCredentials,
  SERVICE_TOKEN_METADATA,
  signServiceToken,
  startGrpcServer,
  unary,
  type RunningGrpcServer,
} from '../grpc';
import { generateInternalKeyPair, signInternalToken } from '../internal-jwt';
import { createLogger } from '../logger';
import { currentContext, runWithContext, type RequestContext } from '../request-context';
import { parseTraceparent } from '../trace-context';
import { waitUntil } from '@crm/testing';

const secret = generateServiceTokenSecret();
const logger = createLogger('test', 'silent');
const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const request: RequestContext = {
  request_id: 'request-1',
  workspace_id: 'workspace-1',
  actor: { type: 'user', id: 'user-1', label: 'Ann' },
  traceparent,
};

// What the server saw, answered in the Authenticate response's fields.
interface Seen {
  context: RequestContext | undefined;
  caller: string | undefined;
}
let seen: Seen[];
// The senders of notices of the streams open now (answerStream's `notices`).
const noticeSenders = new Set<(notice: identityV1.AuthenticateStreamResponse) => void>();
let server: RunningGrpcServer;
let address: string;

beforeAll(async () => {
  const implementation: Pick<identityV1.IdentityServiceServer, 'authenticate' | 'authenticateStream'> = {
    // Tokens say how to answer: `slow-<ms>` after a while, `refuse` as a revoked key, `boom` as a bug.
    authenticateStream: answerStream<identityV1.AuthenticateStreamRequest, identityV1.AuthenticateStreamResponse>(
      logger,
      async (message) => {
        seen.push({ context: currentContext(), caller: undefined });
        const slow = /^slow-(\d+)$/.exec(message.token);
        if (slow) await new Promise((resolve) => setTimeout(resolve, Number(slow[1])));
        if (message.token === 'refuse') throw unauthenticated('revoked');
        if (message.token === 'boom' || message.token === 'boom-twice') throw new Error('a bug');
        return {
          id: message.id,
          authenticated: {
            user_id: message.token,
            actor_type: 'user',
            actor_id: 'a',
            permissions: [],
            is_admin: false,
            plan: 'free',
          },
        };
      },
      (message, error) => {
        if (message.token === 'boom-twice') throw new Error('a bug in the refusal');
        return { id: message.id, error: { code: error.code, message: error.message, http_status: error.status } };
      },
      {
        notices: (send) => {
          noticeSenders.add(send);
          return () => noticeSenders.delete(send);
        },
      },
    ),
    authenticate: unary<identityV1.AuthenticateRequest, identityV1.AuthenticateResponse>(
      logger,
      async (_request, _metadata, caller) => {
        seen.push({ context: currentContext(), caller: caller?.service });
        return { user_id: 'u', actor_type: 'user', actor_id: 'a', permissions: [], is_admin: false, plan: 'free' };
      },
    ),
  };
  server = await startGrpcServer(
    [healthRegistration([]), { definition: identityV1.IdentityServiceService, implementation }],
    { port: 0, host: '127.0.0.1', serviceTokenSecret: secret },
  );
  address = `127.0.0.1:${server.port}`;
});

afterAll(() => server.close());
beforeEach(() => {
  seen = [];
});

function clientFor(credential?: { service: string; secret: string }): identityV1.IdentityServiceClient {
  return new identityV1.IdentityServiceClient(
    address,
    insecureCredentials(),
    credential ? grpcClientOptions(credential) : {},
  );
}

// The raw status, as another process would see it.
function rawCall(client: identityV1.IdentityServiceClient, metadata = new Metadata()): Promise<ServiceError | null> {
  return new Promise((done) =>
    client.authenticate({ token: 't' }, metadata, { deadline: Date.now() + 3000 }, (error) => done(error)),
  );
}

describe('a call is refused', () => {
  test('without a service token', async () => {
    const client = clientFor();
    const error = await rawCall(client);
    client.close();
    expect(error?.code).toBe(status.UNAUTHENTICATED);
    expect(seen).toEqual([]);
  });

  test('with a token signed by another secret, expired, or meant for something else', async () => {
    const client = clientFor();
    const internalKeys = generateInternalKeyPair();
    const tokens = [
      signServiceToken({ service: 'crm-core', secret: generateServiceTokenSecret() }, request),
      jwt.sign(
        { sub: 'crm-core', request_id: 'r', workspace_id: null, exp: Math.floor(Date.now() / 1000) - 120 },
        secret,
        {
          algorithm: 'HS256',
          issuer: 'crm-service',
          audience: 'crm-grpc',
        },
      ),
      jwt.sign({ sub: 'crm-core', request_id: 'r', workspace_id: null }, secret, { algorithm: 'HS256', expiresIn: 60 }),
      // The gateway's internal JWT is not a service token.
      signInternalToken(internalKeys.privateKey, {
        workspace_id: 'w',
        user_id: 'u',
        actor: { type: 'user', id: 'u', label: null },
        role: null,
        permissions: [],
        is_admin: true,
        plan: 'free',
      }),
      'not-a-token',
    ];
    const codes: Array<number | undefined> = [];
    for (const token of tokens) {
      const metadata = new Metadata();
      metadata.set(SERVICE_TOKEN_METADATA, token);
      codes.push((await rawCall(client, metadata))?.code);
    }
    client.close();
    expect(codes).toEqual(tokens.map(() => status.UNAUTHENTICATED));
    expect(seen).toEqual([]);
  });

  test('and call() reports the refusal as our own fault (500), not the user being unauthenticated', async () => {
    const client = clientFor({ service: 'crm-core', secret: generateServiceTokenSecret() });
    const error = await call(client.authenticate.bind(client), { token: 't' }).catch((failure: unknown) => failure);
    client.close();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(500);
  });
});

describe('an authenticated call', () => {
  test("runs in the caller's context: request id, workspace, actor, and its trace with a new span", async () => {
    const client = clientFor({ service: 'crm-core', secret });
    await runWithContext(request, () => call(client.authenticate.bind(client), { token: 't' }));
    client.close();
    expect(seen).toHaveLength(1);
    const [{ context, caller }] = seen;
    expect(caller).toBe('crm-core');
    expect(context).toMatchObject({ request_id: 'request-1', workspace_id: 'workspace-1', actor: request.actor });
    const trace = parseTraceparent(context?.traceparent);
    expect(trace?.traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(trace?.spanId).not.toBe('00f067aa0ba902b7');
  });

  test('made outside any request gets a request id and a trace of its own, and no workspace', async () => {
    const client = clientFor({ service: 'billing', secret });
    await call(client.authenticate.bind(client), { token: 't' });
    await call(client.authenticate.bind(client), { token: 't' });
    client.close();
    const [first, second] = seen.map((entry) => entry.context);
    expect(first?.workspace_id).toBeNull();
    expect(first?.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first?.request_id).not.toBe(second?.request_id);
    expect(parseTraceparent(first?.traceparent)).toBeDefined();
  });

  test('takes the context of the moment it is made, not of when the client was built', async () => {
    const client = runWithContext({ request_id: 'at-construction', workspace_id: 'w-old' }, () =>
      clientFor({ service: 'crm-core', secret }),
    );
    await runWithContext({ request_id: 'at-call', workspace_id: 'w-new' }, () =>
      call(client.authenticate.bind(client), { token: 't' }),
    );
    client.close();
    expect(seen.map((entry) => entry.context?.request_id)).toEqual(['at-call']);
    expect(seen[0].context?.workspace_id).toBe('w-new');
  });
});

test('the health service answers probes without a token', async () => {
  const health = new healthV1.HealthClient(address, insecureCredentials());
  const answer = await call(health.check.bind(health), { service: '' });
  health.close();
  expect(answer.status).toBe(healthV1.HealthCheckResponse_ServingStatus.SERVING);
});

test('a server does not start with a weak secret', async () => {
  await expect(startGrpcServer([], { port: 0, host: '127.0.0.1', serviceTokenSecret: 'short' })).rejects.toThrow(
    /SERVICE_TOKEN_SECRET/,
  );
  expect(() => grpcClientOptions({ service: 'crm-core', secret: '' })).toThrow(/SERVICE_TOKEN_SECRET/);
});

// A stream's messages and how it ended, as the caller sees them.
function openStream(client: identityV1.IdentityServiceClient, metadata?: Metadata) {
  const stream = metadata ? client.authenticateStream(metadata) : client.authenticateStream();
  const answers: identityV1.AuthenticateStreamResponse[] = [];
  stream.on('data', (answer: identityV1.AuthenticateStreamResponse) => answers.push(answer));
  stream.on('error', () => undefined);
  const ended = new Promise<number>((resolve) => stream.on('status', ({ code }: { code: number }) => resolve(code)));
  return { stream, answers, ended };
}

describe('a stream of questions (answerStream)', () => {
  test('is refused without a service token, and with an expired one, before any question is answered', async () => {
    const client = clientFor();
    const expired = new Metadata();
    expired.set(
      SERVICE_TOKEN_METADATA,
      jwt.sign(
        { sub: 'gateway', request_id: 'r', workspace_id: null, exp: Math.floor(Date.now() / 1000) - 120 },
        secret,
        { algorithm: 'HS256', issuer: 'crm-service', audience: 'crm-grpc' },
      ),
    );
    const outcomes: Array<[number, number]> = [];
    for (const metadata of [undefined, expired]) {
      const { stream, answers, ended } = openStream(client, metadata);
      stream.write({ id: 1, token: 'key', request_id: 'r-1' });
      outcomes.push([await ended, answers.length]);
    }
    client.close();
    expect(outcomes).toEqual([
      [status.UNAUTHENTICATED, 0],
      [status.UNAUTHENTICATED, 0],
    ]);
    expect(seen).toEqual([]);
  });

  test('answers each question with its id as soon as it is ready, errors as a call carries them', async () => {
    const client = clientFor({ service: 'gateway', secret });
    const { stream, answers, ended } = openStream(client);
    stream.write({ id: 1, token: 'slow-150', request_id: 'r-1' });
    stream.write({ id: 2, token: 'refuse', request_id: 'r-2' });
    stream.write({ id: 3, token: 'boom', request_id: 'r-3' });
    stream.write({ id: 4, token: 'key-4', request_id: 'r-4' });
    // The caller ends its side: the stream still answers what it holds, then ends OK.
    stream.end();
    expect(await ended).toBe(status.OK);
    client.close();
    expect(answers.map((answer) => answer.id)).toEqual([2, 3, 4, 1]);
    expect(answers[0].error).toEqual({ code: 'unauthenticated', message: 'revoked', http_status: 401 });
    expect(answers[1].error).toEqual({ code: 'internal', message: 'internal error', http_status: 500 });
    expect(answers[2].authenticated?.user_id).toBe('key-4');
    expect(answers[3]).toMatchObject({ id: 1, authenticated: { user_id: 'slow-150' } });
  });

  test("carries the server's notices to each open stream, and none once the stream has ended", async () => {
    const client = clientFor({ service: 'gateway', secret });
    const first = openStream(client);
    const second = openStream(client);
    // Answered: each stream is open at the server.
    first.stream.write({ id: 1, token: 'key-1', request_id: 'r-1' });
    second.stream.write({ id: 1, token: 'key-2', request_id: 'r-2' });
    await waitUntil(
      () => first.answers.length + second.answers.length,
      (count) => count === 2,
      'both answers',
      3000,
    );
    expect(noticeSenders.size).toBe(2);
    for (const send of noticeSenders) send({ id: 0, generation: 7 });
    first.stream.end();
    expect(await first.ended).toBe(status.OK);
    // The ended stream's sender is gone; the open one still takes notices, in order.
    await waitUntil(
      () => noticeSenders.size,
      (size) => size === 1,
      'the ended stream to stop its notices',
      3000,
    );
    for (const send of noticeSenders) send({ id: 0, generation: 8 });
    second.stream.write({ id: 2, token: 'key-3', request_id: 'r-3' });
    second.stream.end();
    expect(await second.ended).toBe(status.OK);
    client.close();
    expect(noticeSenders.size).toBe(0);
    expect(first.answers.map(({ id, generation }) => [id, generation])).toEqual([
      [1, undefined],
      [0, 7],
    ]);
    expect(second.answers.map(({ id, generation }) => [id, generation])).toEqual([
      [1, undefined],
      [0, 7],
      [0, 8],
      [2, undefined],
    ]);
  });

  test('ends INTERNAL when a question can be neither answered nor refused, instead of leaving it unanswered', async () => {
    const client = clientFor({ service: 'gateway', secret });
    const { stream, answers, ended } = openStream(client);
    stream.write({ id: 1, token: 'boom-twice', request_id: 'r-1' });
    expect(await ended).toBe(status.INTERNAL);
    client.close();
    expect(answers).toEqual([]);
  });

  test('ends UNAUTHENTICATED when the token that opened it expires, and answers nothing after', async () => {
    const client = clientFor();
    // Valid for one to two seconds more: expired 28-29 s ago, within the 30 s allowed for clock
    // skew (rounding `exp` down left anywhere from 0 to 1 s, too little on a busy machine for the
    // first answer to come back before the stream ends).
    const metadata = new Metadata();
    metadata.set(
      SERVICE_TOKEN_METADATA,
      jwt.sign(
        { sub: 'gateway', request_id: 'r', workspace_id: null, exp: Math.ceil(Date.now() / 1000) - 29 },
        secret,
        { algorithm: 'HS256', issuer: 'crm-service', audience: 'crm-grpc' },
      ),
    );
    const { stream, answers, ended } = openStream(client, metadata);
    stream.write({ id: 1, token: 'key-1', request_id: 'r-1' });
    const code = await ended;
    stream.write({ id: 2, token: 'key-2', request_id: 'r-2' });
    await new Promise((resolve) => setImmediate(resolve));
    client.close();
    expect(code).toBe(status.UNAUTHENTICATED);
    expect(answers.map((answer) => answer.id)).toEqual([1]);
  });
});
