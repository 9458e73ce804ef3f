import { request, signUpWithWorkspace, sharedTestSystem } from '../support/system';

const system = sharedTestSystem();
const base = system.url;

describe('a client through the gateway', () => {
  it('signs up, creates a workspace, uses an API key, and loses access once it is revoked', async () => {
    const signUp = await request(base, 'POST', '/auth/sign-up', {
      body: { email: `Flow.${Date.now()}@Example.com`, password: 'correct horse battery staple', name: 'Flo' },
    });
    expect(signUp.status).toBe(201);
    expect(signUp.body.user).toMatchObject({ name: 'Flo', email: expect.stringMatching(/^flow\.\d+@example\.com$/) });
    const session = signUp.body.token as string;

    const before = await request(base, 'GET', '/me', { token: session });
    expect(before.status).toBe(200);
    expect(before.body.workspace).toBeNull();

    const onboarding = await request(base, 'POST', '/onboarding', {
      token: session,
      body: { workspace_name: 'Flow Ltd' },
    });
    expect(onboarding.status).toBe(201);
    expect(onboarding.body).toEqual({
      workspace_id: expect.any(String),
      slug: expect.stringMatching(/^flow-ltd/),
      organization_id: onboarding.body.workspace_id,
    });

    const me = await request(base, 'GET', '/me', { token: session });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      user: { name: 'Flo', avatar: null },
      workspace: { id: onboarding.body.workspace_id, name: 'Flow Ltd', plan: 'standard', billing_set_up: false },
      actor_type: 'user',
      support: null,
    });
    expect(me.body.permissions).toEqual(expect.arrayContaining(['settings:manage', 'companies:write']));

    const created = await request(base, 'POST', '/api-keys', {
      token: session,
      body: { name: 'Nightly sync', kind: 'integration', role: 'Agent (read & write)', expires_in_days: 30 },
    });
    expect(created.status).toBe(201);
    const key = created.body.key as string;
    expect(key.startsWith(created.body.prefix as string)).toBe(true);
    expect(created.body).toMatchObject({
      name: 'Nightly sync',
      kind: 'integration',
      role: 'Agent (read & write)',
      revoked_at: null,
    });

    const asApp = await request(base, 'GET', '/me', { token: key });
    expect(asApp.status).toBe(200);
    expect(asApp.body.actor_type).toBe('app');
    expect(asApp.body.permissions).toEqual(expect.arrayContaining(['companies:write']));
    expect(asApp.body.permissions).not.toContain('settings:manage');

    const listed = await request(base, 'GET', '/api-keys', { token: session });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: created.body.id, last_used_at: expect.any(String) }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(key);

    expect((await request(base, 'DELETE', `/api-keys/${created.body.id}`, { token: session })).status).toBe(204);
    const revoked = await request(base, 'GET', '/me', { token: key });
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('unauthenticated');
  });

  it('signs in again with the password and refuses a wrong one', async () => {
    const person = await signUpWithWorkspace(base, 'Sid');
    const signIn = await request(base, 'POST', '/auth/sign-in', {
      body: { email: person.email, password: person.password },
    });
    expect(signIn.status).toBe(200);
    const me = await request(base, 'GET', '/me', { token: signIn.body.token });
    expect(me.body.workspace.id).toBe(person.workspaceId);
    const wrong = await request(base, 'POST', '/auth/sign-in', {
      body: { email: person.email, password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('unauthenticated');
  });

  it('ends a session on sign-out: the very next request is refused', async () => {
    const person = await signUpWithWorkspace(base, 'Out');
    expect((await request(base, 'POST', '/auth/sign-out', { token: person.token })).status).toBe(204);
    expect((await request(base, 'GET', '/me', { token: person.token })).status).toBe(401);
  });

  it('agent keys are labelled as agents', async () => {
    const person = await signUpWithWorkspace(base, 'Agent');
    const created = await request(base, 'POST', '/api-keys', {
      token: person.token,
      body: { name: 'Helper', kind: 'agent' },
    });
    expect(created.status).toBe(201);
    expect(created.body.role).toBe('Agent (read only)');
    const me = await request(base, 'GET', '/me', { token: created.body.key });
    expect(me.body).toMatchObject({
      actor_type: 'agent',
      permissions: expect.not.arrayContaining(['companies:write']),
    });
  });
});

describe('gateway answers', () => {
  it('401 for a missing, malformed or unknown token', async () => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Basic abc' },
      { authorization: 'Bearer ' },
      { authorization: 'Bearer crm_s_nope' },
    ]) {
      const response = await request(base, 'GET', '/me', { headers });
      expect({ headers, status: response.status }).toEqual({ headers, status: 401 });
      expect(response.body.error).toEqual({ code: 'unauthenticated', message: expect.any(String) });
    }
  });

  it('ignores internal headers a client tries to set', async () => {
    const response = await request(base, 'GET', '/me', { headers: { 'x-crm-internal-token': 'forged' } });
    expect(response.status).toBe(401);
  });

  it('404 for an unknown path, with or without a token', async () => {
    const person = await signUpWithWorkspace(base, 'Lost');
    for (const token of [undefined, person.token]) {
      const response = await request(base, 'GET', '/nowhere', { token });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
  });

  it('a path a service does not declare answers a JSON 404 from that service', async () => {
    const person = await signUpWithWorkspace(base, 'Early');
    const response = await request(base, 'GET', '/reports/nowhere', { token: person.token });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
  });

  it('413 for a body over 1 MiB and 400 for malformed JSON', async () => {
    const person = await signUpWithWorkspace(base, 'Big');
    const big = await request(base, 'POST', '/api-keys', {
      token: person.token,
      rawBody: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 1) }),
    });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('payload_too_large');
    const malformed = await request(base, 'POST', '/api-keys', { token: person.token, rawBody: '{"name": ' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual({ code: 'validation_failed', message: 'request body is not valid JSON' });
    const keys = await request(base, 'GET', '/api-keys', { token: person.token });
    expect(keys.body.data).toEqual([]);
  });

  it('gives every response a request id', async () => {
    const response = await request(base, 'GET', '/nowhere', { headers: { 'x-request-id': 'client-chosen' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
