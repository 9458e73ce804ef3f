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
