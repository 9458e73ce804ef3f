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
  // Identity's generation, and for how long (ms) it lets the gateway keep an answer: null, as
  // identity without its cache, lets it keep none.
  let generation = 1;
  let keepMs: number | null = null;
  const openStreams = new Set<ServerDuplexStream<Question, Answer>>();
  // Identity has written: the new generation goes to every open stream at once.
  const write = () => {
    generation += 1;
    for (const stream of openStreams) stream.write({ id: 0, generation });
  };

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
          ...(keepMs === null ? {} : { generation, keep_until_ms: Date.now() + keepMs }),
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
        openStreams.add(stream);
        const endWhenAnswered = () => {
          if (callerDone && waiting === 0) {
            openStreams.delete(stream);
            stream.end();
          }
        };
        stream.on('error', () => openStreams.delete(stream));
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
    keepMs = null;
    openStreams.clear();
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

  describe('answers identity lets it keep', () => {
    beforeEach(() => {
      keepMs = 60_000;
    });

    it("serves the token's next requests until identity tells of a write, then asks again", async () => {
      const gateway = authenticator();
      await gateway.authenticate('key-k');
      const again = await gateway.authenticate('key-k');
      expect(again.user_id).toBe('user-of-key-k');
      expect(calls).toEqual([{ token: 'key-k', stream: 1 }]);

      write();
      revoked.add('key-k');
      // An answer on the same stream comes after the notice written before it.
      await gateway.authenticate('key-probe');
      await expect(gateway.authenticate('key-k')).rejects.toMatchObject({ status: 401 });
      await expect(gateway.authenticate('key-k')).rejects.toMatchObject({ status: 401 });
      expect(calls.map((call) => call.token)).toEqual(['key-k', 'key-probe', 'key-k', 'key-k']);
    });

    it('keeps no answer identity decided before a generation it told first', async () => {
      const gateway = authenticator();
      held = [];
      const first = gateway.authenticate('key-l');
      await waitUntil(
        () => calls.length,
        (count) => count === 1,
        'the question at identity',
        3000,
      );
      // Decided at the old generation; identity writes and tells, then the answer goes out.
      write();
      held.forEach((release) => release());
      held = null;
      expect((await first).user_id).toBe('user-of-key-l');
      await gateway.authenticate('key-l');
      expect(calls.map((call) => call.token)).toEqual(['key-l', 'key-l']);
      await gateway.authenticate('key-l');
      expect(calls.map((call) => call.token)).toEqual(['key-l', 'key-l']);
    });

    it('forgets every kept answer when identity answers a write, and keeps none the old stream still brings', async () => {
      const gateway = authenticator();
      await gateway.authenticate('key-m');
      held = [];
      const pending = gateway.authenticate('key-n');
      await waitUntil(
        () => calls.length,
        (count) => count === 2,
        'the second question at identity',
        3000,
      );
      // A write through the gateway answered (a key revoked, say): the client hears of it next.
      gateway.forget();
      held.forEach((release) => release());
      held = null;
      expect((await pending).user_id).toBe('user-of-key-n');
      revoked.add('key-m');
      await expect(gateway.authenticate('key-m')).rejects.toMatchObject({ status: 401 });
      await gateway.authenticate('key-n');
      expect(calls).toEqual([
        { token: 'key-m', stream: 1 },
        { token: 'key-n', stream: 1 },
        { token: 'key-m', stream: 2 },
        { token: 'key-n', stream: 2 },
      ]);
    });

    it('keeps an answer no longer than identity allows, nor past the life of its stream', async () => {
      keepMs = 50;
      const brief = authenticator();
      await brief.authenticate('key-o');
      const keptUntil = Date.now() + 50;
      await waitUntil(
        () => Date.now(),
        (now) => now > keptUntil,
        'the answer to pass its time',
        3000,
      );
      await brief.authenticate('key-o');
      expect(calls.map((call) => call.token)).toEqual(['key-o', 'key-o']);

      keepMs = 60_000;
      calls.length = 0;
      // Every stream is too old for its answers to hold: each question goes on a new one.
      const shortLived = authenticator({ streamLifetimeMs: 0 });
      await shortLived.authenticate('key-p');
      await shortLived.authenticate('key-p');
      expect(calls.map((call) => call.token)).toEqual(['key-p', 'key-p']);
    });

    it('keeps no refusal', async () => {
      const gateway = authenticator();
      revoked.add('key-q');
      await expect(gateway.authenticate('key-q')).rejects.toMatchObject({ status: 401 });
      revoked.delete('key-q');
      expect((await gateway.authenticate('key-q')).user_id).toBe('user-of-key-q');
      expect(calls.map((call) => call.token)).toEqual(['key-q', 'key-q']);
    });
  });
});
