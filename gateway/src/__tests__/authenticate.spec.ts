import { Metadata, Server, ServerCredentials, status, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import { identityV1 } from '@crm/protos';
import { waitUntil } from '@crm/testing';
import { Authenticator } from '../authenticate';

// The gateway's Authenticator against a stand-in identity: which calls reach identity, and when.
describe('Authenticator', () => {
  let server: Server;
  let authenticator: Authenticator;
  const calls: string[] = [];
  const revoked = new Set<string>();
  // While set, answers wait here (decided when the call arrived) until the test lets them go.
  let held: Array<() => void> | null = null;

  type Callback = sendUnaryData<identityV1.AuthenticateResponse>;
  const answerCall = (token: string, callback: Callback) =>
    callback(null, { workspace_id: 'w-1', user_id: `user-of-${token}`, actor_type: 'user', actor_id: 'a-1', permissions: ['companies.read'], is_admin: false, plan: 'standard' });
  // As identity refuses: the status and the API error code (libs/kit grpc).
  const refuseCall = (callback: Callback) => {
    const metadata = new Metadata();
    metadata.set('crm-error-code', 'unauthenticated');
    callback({ code: status.UNAUTHENTICATED, details: 'revoked', metadata });
  };

  beforeAll(async () => {
    server = new Server();
    server.addService(identityV1.IdentityServiceService, {
      authenticate: (
        call: ServerUnaryCall<identityV1.AuthenticateRequest, identityV1.AuthenticateResponse>,
        callback: Callback,
      ) => {
        const { token } = call.request;
        calls.push(token);
        if (held) {
          const refuse = revoked.has(token);
          held.push(() => (refuse ? refuseCall(callback) : answerCall(token, callback)));
          return;
        }
        if (revoked.has(token)) {
          refuseCall(callback);
          return;
        }
        answerCall(token, callback);
      },
    } as unknown as identityV1.IdentityServiceServer);
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
    );
    authenticator = new Authenticator(`127.0.0.1:${port}`, {});
  });

  afterAll(() => {
    authenticator.close();
    server.forceShutdown();
  });

  beforeEach(() => {
    calls.length = 0;
    revoked.clear();
    held = null;
  });

  it('makes one call for the requests with one token that arrive in the same turn, each with claims of its own', async () => {
    const answers = await Promise.all([authenticator.authenticate('key-a'), authenticator.authenticate('key-a'), authenticator.authenticate('key-b'), authenticator.authenticate('key-a')]);
    expect(calls.sort()).toEqual(['key-a', 'key-b']);
    expect(answers.map((claims) => claims.user_id)).toEqual(['user-of-key-a', 'user-of-key-a', 'user-of-key-b', 'user-of-key-a']);
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).not.toBe(answers[1]);
  });

  it('never answers a request with a call sent before it arrived: a revocation in between refuses it', async () => {
    held = [];
    const first = authenticator.authenticate('key-c');
    // Identity has the first call and decided it; before it answers, the key is revoked and
    // another request with it arrives.
    await waitUntil(() => calls.length, (count) => count === 1, 'the first call at identity', 3000);
    revoked.add('key-c');
    const second = authenticator.authenticate('key-c');
    // A second call of its own: it does not wait for the answer to the first.
    await waitUntil(() => calls.length, (count) => count === 2, 'a second call at identity', 3000).finally(() => held?.forEach((release) => release()));
    const [before, after] = await Promise.allSettled([first, second]);
    expect(before).toMatchObject({ status: 'fulfilled', value: { user_id: 'user-of-key-c' } });
    expect(after).toMatchObject({ status: 'rejected', reason: { status: 401, code: 'unauthenticated' } });
    expect(calls).toEqual(['key-c', 'key-c']);
  });
});
