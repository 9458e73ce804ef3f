import { Server, ServerCredentials, status, type ServerDuplexStream } from '@grpc/grpc-js';
import { identityV1 } from '@crm/protos';
import { waitUntil } from '@crm/testing';
import { Authenticator } from '../authenticate';

type Question = identityV1.AuthenticateStreamRequest;
type Answer = identityV1.AuthenticateStreamResponse;

// The gateway's Authenticator against a stand-in identity: which questions reach identity, on
// which stream, and when.
describe('Authenticator', () => {
  let server: Server;
  let address: string;
  const authenticators: Authenticator[] = [];
  // Every question identity received: its token and the stream it came on.
  const calls: Array<{ token: string; stream: number }> = [];
  let streamsOpened = 0;
  const revoked = new Set<string>();
  // While set, answers wait here (decided when the question arrived) until the test lets them go.
  let held: Array<() => void> | null = null;

  const answerFor = (question: Question): Answer =>
    revoked.has(question.token)
      ? { id: question.id, error: { code: 'unauthenticated', message: 'revoked', http_status: 401 } }
      : {
          id: question.id,
          authenticated: {
            workspace_id: 'w-1',
            user_id: `user-of-${question.token}`,
            actor_type: 'user',
            actor_id: 'a-1',
            permissions: ['companies.read'],
            is_admin: false,
            plan: 'standard',
          },
        };

  const authenticator = (timing?: { streamLifetimeMs?: number; deadlineMs?: number }): Authenticator => {
    const created = new Authenticator(address, {}, timing);
    authenticators.push(created);
    return created;
  };

  beforeAll(async () => {
    server = new Server();
    server.addService(identityV1.IdentityServiceService, {
      authenticateStream: (stream: ServerDuplexStream<Question, Answer>) => {
        streamsOpened += 1;
        const number = streamsOpened;
        let waiting = 0;
        let callerDone = false;
        const endWhenAnswered = () => {
          if (callerDone && waiting === 0) stream.end();
        };
        stream.on('data', (question: Question) => {
          calls.push({ token: question.token, stream: number });
          // A token that breaks the stream, as identity going away would.
          if (question.token === 'break') {
            stream.emit('error', { code: status.UNAVAILABLE, details: 'going away' });
            return;
          }
          const answer = answerFor(question);
          const send = () => {
            waiting -= 1;
            stream.write(answer);
            endWhenAnswered();
          };
          waiting += 1;
          if (held) held.push(send);
          else send();
        });
        stream.on('end', () => {
          callerDone = true;
          endWhenAnswered();
        });
      },
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) =>
        error ? reject(error) : resolve(bound),
      ),
    );
    address = `127.0.0.1:${port}`;
  });

  afterAll(() => {
    for (const created of authenticators) created.close();
    server.forceShutdown();
  });

  beforeEach(() => {
    calls.length = 0;
    streamsOpened = 0;
    revoked.clear();
    held = null;
  });

  it('asks once for the requests with one token that arrive in the same turn, each with claims of its own', async () => {
    const gateway = authenticator();
    const answers = await Promise.all([
      gateway.authenticate('key-a'),
      gateway.authenticate('key-a'),
      gateway.authenticate('key-b'),
      gateway.authenticate('key-a'),
    ]);
    expect(calls.map((call) => call.token).sort()).toEqual(['key-a', 'key-b']);
    expect(answers.map((claims) => claims.user_id)).toEqual([
      'user-of-key-a',
      'user-of-key-a',
      'user-of-key-b',
      'user-of-key-a',
    ]);
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).not.toBe(answers[1]);
  });

  it('asks every later question on the same stream', async () => {
    const gateway = authenticator();
    for (const token of ['key-1', 'key-2', 'key-3']) await gateway.authenticate(token);
    expect(calls).toEqual([
      { token: 'key-1', stream: 1 },
      { token: 'key-2', stream: 1 },
      { token: 'key-3', stream: 1 },
    ]);
  });

  it('never answers a request with a question sent before it arrived: a revocation in between refuses it', async () => {
    const gateway = authenticator();
    held = [];
    const first = gateway.authenticate('key-c');
    // Identity has the first question and decided it; before it answers, the key is revoked and
    // another request with it arrives.
    await waitUntil(
      () => calls.length,
      (count) => count === 1,
      'the first question at identity',
      3000,
    );
    revoked.add('key-c');
    const second = gateway.authenticate('key-c');
    // A second question of its own: it does not wait for the answer to the first.
    await waitUntil(
      () => calls.length,
      (count) => count === 2,
      'a second question at identity',
      3000,
    ).finally(() => held?.forEach((release) => release()));
    const [before, after] = await Promise.allSettled([first, second]);
    expect(before).toMatchObject({ status: 'fulfilled', value: { user_id: 'user-of-key-c' } });
    expect(after).toMatchObject({ status: 'rejected', reason: { status: 401, code: 'unauthenticated' } });
    expect(calls.map((call) => call.token)).toEqual(['key-c', 'key-c']);
  });

  it('answers 503 for the questions a failing stream held, and asks the next one on a new stream', async () => {
    const gateway = authenticator();
    held = [];
    const waiting = gateway.authenticate('key-d');
    await waitUntil(
      () => calls.length,
      (count) => count === 1,
      'the question at identity',
      3000,
    );
    const broken = gateway.authenticate('break');
    const outcomes = await Promise.allSettled([waiting, broken]);
    expect(outcomes).toMatchObject([
      { status: 'rejected', reason: { status: 503, code: 'unavailable' } },
      { status: 'rejected', reason: { status: 503, code: 'unavailable' } },
    ]);
    held = null;
    expect((await gateway.authenticate('key-e')).user_id).toBe('user-of-key-e');
    expect(calls).toEqual([
      { token: 'key-d', stream: 1 },
      { token: 'break', stream: 1 },
      { token: 'key-e', stream: 2 },
    ]);
  });

  it('replaces a stream once it is old, and still gets the answers the old one held', async () => {
    // Every question finds its stream too old: each goes on a new one.
    const gateway = authenticator({ streamLifetimeMs: 0 });
    held = [];
    const first = gateway.authenticate('key-f');
    await waitUntil(
      () => calls.length,
      (count) => count === 1,
      'the first question at identity',
      3000,
    );
    const second = gateway.authenticate('key-g');
    await waitUntil(
      () => calls.length,
      (count) => count === 2,
      'the second question at identity',
      3000,
    ).finally(() => held?.forEach((release) => release()));
    const answers = await Promise.all([first, second]);
    expect(answers.map((claims) => claims.user_id)).toEqual(['user-of-key-f', 'user-of-key-g']);
    expect(calls).toEqual([
      { token: 'key-f', stream: 1 },
      { token: 'key-g', stream: 2 },
    ]);
  });

  it('counts only the time it could run: an answer that arrived while its event loop was held up is taken', async () => {
    const gateway = authenticator({ deadlineMs: 200 });
    await gateway.authenticate('key-h');
    const pending = gateway.authenticate('key-i');
    // The question is on its way; then the loop is held past the deadline, as a long collection or
    // a starved CPU would hold it (identity here shares the process, as in the all-in-one).
    await new Promise<void>((resolve) => setImmediate(resolve));
    const heldUntil = Date.now() + 400;
    while (Date.now() < heldUntil);
    expect((await pending).user_id).toBe('user-of-key-i');
  });

  it('still fails a question identity leaves unanswered, with 503', async () => {
    const gateway = authenticator({ deadlineMs: 200 });
    held = [];
    const outcome = await Promise.allSettled([gateway.authenticate('key-j')]);
    held.forEach((release) => release());
    expect(outcome).toMatchObject([{ status: 'rejected', reason: { status: 503, code: 'unavailable' } }]);
  });
});
