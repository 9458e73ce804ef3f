import { ISO_TIMESTAMP, UUID_V7, buildSignUp, startIdentity, type IdentityHarness } from './identity-harness';

// The first slice end to end: sign up, sign in, onboard, use an API key, revoke it, sign out.
describe('identity walking skeleton', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  it('takes a person from sign-up to a revoked API key and a closed session', async () => {
    const input = buildSignUp({ name: 'Ada Lovelace' });

    // Sign-up signs the person in; they have no workspace yet.
    const signedUp = await identity.publicApi('POST', '/auth/sign-up', input);
    expect(signedUp.status).toBe(201);
    expect(signedUp.body.token).toMatch(/^crm_s_[0-9A-Za-z]{49}$/);
    expect(signedUp.body.user).toEqual({
      id: expect.stringMatching(UUID_V7),
      name: 'Ada Lovelace',
      email: input.email,
      avatar: null,
      email_notifications: true,
      // Until the link mailed at sign-up is followed.
      email_verified: false,
    });
    const userId: string = signedUp.body.user.id;

    // Sign-in gives a second, independent session.
    const signedIn = await identity.publicApi('POST', '/auth/sign-in', {
      email: input.email,
      password: input.password,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.expires_at).toMatch(ISO_TIMESTAMP);
    const token: string = signedIn.body.token;
    expect(token).not.toBe(signedUp.body.token);

    const beforeOnboarding = await identity.authenticate(token);
    expect(beforeOnboarding).toMatchObject({
      user_id: userId,
      actor_type: 'user',
      actor_id: userId,
      actor_label: 'Ada Lovelace',
      permissions: [],
      is_admin: false,
      session_id: expect.stringMatching(UUID_V7),
    });
    expect(beforeOnboarding.workspace_id).toBeUndefined();

    const meBefore = await identity.api(token, 'GET', '/me');
    expect(meBefore.status).toBe(200);
    expect(meBefore.body).toMatchObject({ workspace: null, permissions: [], actor_type: 'user', support: null });

    // Onboarding creates the workspace and switches this session to it.
    const onboarded = await identity.api(token, 'POST', '/onboarding', { workspace_name: 'Analytical Engines' });
    expect(onboarded.status).toBe(201);
    expect(onboarded.body).toEqual({
      workspace_id: expect.stringMatching(UUID_V7),
      slug: expect.stringMatching(/^analytical-engines/),
      organization_id: onboarded.body.workspace_id,
    });
    const workspaceId: string = onboarded.body.workspace_id;

    const owner = await identity.authenticate(token);
    expect(owner).toMatchObject({
      workspace_id: workspaceId,
      user_id: userId,
      actor_type: 'user',
      role: 'Owner',
      is_admin: true,
      plan: 'standard',
    });
    expect(owner.permissions).toHaveLength(10);

    const me = await identity.api(token, 'GET', '/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      user: signedUp.body.user,
      workspace: {
        id: workspaceId,
        slug: onboarded.body.slug,
        name: 'Analytical Engines',
        plan: 'standard',
        complimentary_until: expect.stringMatching(ISO_TIMESTAMP),
        billing_set_up: false,
      },
      permissions: owner.permissions,
      actor_type: 'user',
      support: null,
    });

    // An agent key acts as its creator with the key's role.
    const created = await identity.api(token, 'POST', '/api-keys', { name: 'Research agent', kind: 'agent' });
    expect(created.status).toBe(201);
    const key: string = created.body.key;
    expect(key.startsWith(`${created.body.prefix}_`)).toBe(true);

    const asKey = await identity.authenticate(key);
    expect(asKey).toMatchObject({
      workspace_id: workspaceId,
      user_id: userId,
      actor_type: 'agent',
      actor_id: created.body.id,
      actor_label: 'Research agent',
      role: 'Agent (read only)',
      permissions: ['companies:read', 'contacts:read', 'tasks:read'],
      is_admin: false,
      plan: 'standard',
      key_id: created.body.id,
    });
    const meAsKey = await identity.api(key, 'GET', '/me');
    expect(meAsKey.body).toMatchObject({
      actor_type: 'agent',
      permissions: ['companies:read', 'contacts:read', 'tasks:read'],
    });

    // Revocation applies to the very next call.
    expect((await identity.api(token, 'DELETE', `/api-keys/${created.body.id}`)).status).toBe(204);
    await expect(identity.authenticate(key)).rejects.toMatchObject({ code: 'unauthenticated', status: 401 });

    // Sign-out closes this session only; the sign-up session still works.
    expect((await identity.api(token, 'POST', '/auth/sign-out')).status).toBe(204);
    await expect(identity.authenticate(token)).rejects.toMatchObject({ code: 'unauthenticated', status: 401 });
    await expect(identity.authenticate(signedUp.body.token)).resolves.toMatchObject({ user_id: userId });

    // Every change left its event in the outbox, in order, without secrets.
    const events = await identity.events({ 'event.actor.id': { $in: [userId, created.body.id] } });
    expect(events.map((event) => event.type)).toEqual([
      'identity.user.signed_up',
      'identity.session.started',
      'identity.session.started',
      'identity.workspace.created',
      'identity.member.added',
      'identity.session.switched',
      'identity.api_key.created',
      'identity.api_key.revoked',
      'identity.session.ended',
    ]);
    const serialised = JSON.stringify(events);
    expect(serialised).not.toContain(token);
    expect(serialised).not.toContain(key);
    expect(serialised).not.toContain(input.password);
    expect(serialised).not.toMatch(/digest|password_hash/);
  });
});
