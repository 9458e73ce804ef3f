import {
  createApiKey,
  createOwner,
  signUpPerson,
  startIdentity,
  type IdentityHarness,
} from '../../__tests__/identity-harness';

describe('GET /me', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  it('has no workspace and no permissions before onboarding', async () => {
    const person = await signUpPerson(identity, { name: 'New Person' });
    const me = await identity.api(person.token, 'GET', '/me');
    expect(me).toEqual({
      status: 200,
      body: {
        user: {
          id: person.userId,
          name: 'New Person',
          email: person.email,
          avatar: null,
          email_notifications: true,
          email_verified: false,
        },
        workspace: null,
        permissions: [],
        actor_type: 'user',
        support: null,
      },
    });
  });

  it('describes the member a key acts as, with the key role and the app actor type', async () => {
    const owner = await createOwner(identity, 'Keyed Ltd');
    const { key } = await createApiKey(identity, owner, { kind: 'integration', role: 'Sales' });
    const me = await identity.api(key, 'GET', '/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: { id: owner.userId, email: owner.email },
      workspace: { id: owner.workspaceId, name: 'Keyed Ltd', plan: 'standard', billing_set_up: false },
      permissions: [
        'companies:read',
        'companies:write',
        'contacts:read',
        'contacts:write',
        'activities:write',
        'tasks:read',
        'tasks:write',
      ],
      actor_type: 'app',
      support: null,
    });
  });

  it('is refused without the internal token', async () => {
    const answer = await identity.publicApi('GET', '/me');
    expect(answer.status).toBe(401);
    expect(answer.body.error.code).toBe('unauthenticated');
  });
});
