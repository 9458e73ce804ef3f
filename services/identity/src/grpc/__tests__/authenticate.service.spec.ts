import { insecureCredentials, newId, runWithContext } from '@crm/kit';
import { identityV1 } from '@crm/protos';
import { waitFor } from '@crm/testing';
import { issueApiKey, issueSessionToken } from '../../auth/token-format';
import { sessionModel } from '../../auth/session.model';
import { memberModel } from '../../members/member.model';
import { createOwner, signUpPerson, startIdentity, type IdentityHarness } from '../../__tests__/identity-harness';

describe('IdentityService.Authenticate', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  it.each([
    ['an empty token', ''],
    ['a token of another product', 'ghp_0123456789abcdefghijABCDEFGHIJ012345'],
    [
      'a token with a one-character typo',
      (() => {
        const { token } = issueSessionToken();
        return `${token.slice(0, 10)}${token[10] === 'a' ? 'b' : 'a'}${token.slice(11)}`;
      })(),
    ],
    ['a well-formed session token nobody was given', issueSessionToken().token],
    ['a well-formed API key nobody was given', issueApiKey().key],
  ])('refuses %s as UNAUTHENTICATED', async (_label, token) => {
    await expect(identity.authenticate(token)).rejects.toMatchObject({ code: 'unauthenticated', status: 401 });
  });

  it('refuses an expired session', async () => {
    const person = await signUpPerson(identity);
    await sessionModel(identity.service.context.connection).updateMany(
      { user_id: person.userId },
      { $set: { expires_at: new Date(Date.now() - 1000).toISOString() } },
    );
    await expect(identity.authenticate(person.token)).rejects.toMatchObject({ code: 'unauthenticated' });
  });

  it('refuses a session whose membership of its workspace was disabled, on the very next call', async () => {
    const owner = await createOwner(identity);
    await expect(identity.authenticate(owner.token)).resolves.toMatchObject({ workspace_id: owner.workspaceId });
    await memberModel(identity.service.context.connection).updateOne(
      { workspace_id: owner.workspaceId, user_id: owner.userId },
      { $set: { status: 'disabled' } },
    );
    await expect(identity.authenticate(owner.token)).rejects.toMatchObject({ code: 'unauthenticated' });

    // Signing in again starts a session outside the workspace the person lost.
    const signedIn = await identity.publicApi('POST', '/auth/sign-in', {
      email: owner.email,
      password: owner.password,
    });
    expect((await identity.authenticate(signedIn.body.token)).workspace_id).toBeUndefined();
  });

  it('answers session claims with the role, permissions and plan of the current workspace', async () => {
    const owner = await createOwner(identity);
    const claims = await identity.authenticate(owner.token);
    expect(claims).toEqual({
      workspace_id: owner.workspaceId,
      user_id: owner.userId,
      actor_type: 'user',
      actor_id: owner.userId,
      actor_label: owner.name,
      role: 'Owner',
      permissions: [
        'companies:read',
        'companies:write',
        'contacts:read',
        'contacts:write',
        'activities:write',
        'tasks:read',
        'tasks:write',
        'settings:manage',
        'users:manage',
        'privacy:override',
      ],
      is_admin: true,
      plan: 'standard',
      session_id: expect.any(String),
    });
  });
});

// With its cache on (one identity: `npm start`), identity lets the gateway keep its answers on
// AuthenticateStream, each with identity's generation, and tells every new generation at once.
describe('IdentityService.AuthenticateStream with the cache on', () => {
  let identity: IdentityHarness;
  let client: identityV1.IdentityServiceClient;

  beforeAll(async () => {
    identity = await startIdentity({ AUTHENTICATION_CACHE: 'true' });
    client = new identityV1.IdentityServiceClient(
      `127.0.0.1:${identity.service.grpcPort}`,
      insecureCredentials(),
      identity.service.context.grpcClientOptions,
    );
  });

  afterAll(async () => {
    client.close();
    await identity.stop();
  });

  it('answers with the generation, tells each write to what answers come from, and nothing for other writes', async () => {
    const owner = await createOwner(identity);
    const stream = runWithContext({ request_id: newId(), workspace_id: null }, () => client.authenticateStream());
    const messages: identityV1.AuthenticateStreamResponse[] = [];
    stream.on('data', (message: identityV1.AuthenticateStreamResponse) => messages.push(message));
    let lastId = 0;
    const ask = async (token: string) => {
      const id = ++lastId;
      stream.write({ id, token, request_id: `r-${id}` });
      return waitFor(() => messages.find((message) => message.id === id));
    };
    try {
      const first = await ask(owner.token);
      expect(first.authenticated?.workspace_id).toBe(owner.workspaceId);
      expect(first.keep_until_ms).toBeGreaterThan(Date.now());
      // Kept by identity at most a minute, and so by the caller.
      expect(first.keep_until_ms).toBeLessThanOrEqual(Date.now() + 60_000);
      const generation = first.generation!;

      // A change that writes nothing an answer comes from (a password change link, in a
      // transaction): no notice, and the answer is still the one kept.
      expect((await identity.api(owner.token, 'POST', '/me/password')).status).toBe(200);
      const again = await ask(owner.token);
      expect(again.generation).toBe(generation);
      expect(messages.filter((message) => message.id === 0)).toEqual([]);

      // A write to what answers come from, not made through any request (as an event's consumer
      // would): a notice of a newer generation, then the member is refused.
      await memberModel(identity.service.context.connection).updateOne(
        { workspace_id: owner.workspaceId, user_id: owner.userId },
        { $set: { status: 'disabled' } },
      );
      const notice = await waitFor(() => messages.find((message) => message.id === 0));
      expect(notice.generation).toBeGreaterThan(generation);
      expect(notice.authenticated).toBeUndefined();
      const refused = await ask(owner.token);
      expect(refused.error?.code).toBe('unauthenticated');
      expect(refused.generation).toBeUndefined();
    } finally {
      stream.end();
    }
  });

  it('lets an API key be kept only until its use is due to be recorded again', async () => {
    const owner = await createOwner(identity);
    const created = await identity.api(owner.token, 'POST', '/api-keys', { name: 'Kept key', kind: 'integration' });
    expect(created.status).toBe(201);
    const stream = runWithContext({ request_id: newId(), workspace_id: null }, () => client.authenticateStream());
    const answers: identityV1.AuthenticateStreamResponse[] = [];
    stream.on('data', (message: identityV1.AuthenticateStreamResponse) => answers.push(message));
    try {
      // The first use is recorded while answering (a write to the key): that answer is not kept.
      stream.write({ id: 1, token: created.body.key, request_id: 'r-1' });
      const first = await waitFor(() => answers.find((message) => message.id === 1));
      expect(first.authenticated?.key_id).toBe(created.body.id);
      expect(first.keep_until_ms).toBeUndefined();
      stream.write({ id: 2, token: created.body.key, request_id: 'r-2' });
      const second = await waitFor(() => answers.find((message) => message.id === 2));
      const listed = await identity.api(owner.token, 'GET', '/api-keys');
      const lastUsedAt = listed.body.data.find((key: { id: string }) => key.id === created.body.id).last_used_at;
      expect(second.authenticated?.key_id).toBe(created.body.id);
      expect(second.keep_until_ms).toBe(Date.parse(lastUsedAt) + 60_000);
    } finally {
      stream.end();
    }
  });
});
