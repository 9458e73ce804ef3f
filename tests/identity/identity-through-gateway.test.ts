import { request, signUpWithWorkspace, sharedTestSystem } from '../support/system';

// Identity's own rules as a client meets them through the gateway; the common flow is in
// tests/system/walking-skeleton.test.ts.
const system = sharedTestSystem();
const base = system.url;

describe('identity through the gateway', () => {
  it('refuses a second account with the same email, in any case, and names bad fields', async () => {
    const person = await signUpWithWorkspace(base, 'Dup');
    const again = await request(base, 'POST', '/auth/sign-up', {
      body: { email: person.email.toUpperCase(), password: 'another long password', name: 'Dup' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('email_taken');

    const unknown = await request(base, 'POST', '/auth/sign-up', {
      body: { email: 'new@example.com', password: 'long enough password', name: 'New', admin: true },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toEqual({ code: 'validation_failed', message: "unknown field 'admin'" });
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const person = await signUpWithWorkspace(base, 'Same');
    const wrong = await request(base, 'POST', '/auth/sign-in', {
      body: { email: person.email, password: 'wrong password!' },
    });
    const nobody = await request(base, 'POST', '/auth/sign-in', {
      body: { email: `x${person.email}`, password: person.password },
    });
    expect(wrong.status).toBe(401);
    expect(nobody.status).toBe(401);
    expect(nobody.body).toEqual(wrong.body);
  });

  it('switches a session between the workspaces of the person, and nowhere else', async () => {
    const person = await signUpWithWorkspace(base, 'Two');
    const stranger = await signUpWithWorkspace(base, 'Other');
    const second = await request(base, 'POST', '/onboarding', {
      token: person.token,
      body: { workspace_name: 'Second Ltd' },
    });
    expect(second.status).toBe(201);

    const listed = await request(base, 'GET', '/onboarding/workspaces', { token: person.token });
    expect(listed.body.data.map((workspace: { organization_id: string }) => workspace.organization_id)).toEqual([
      person.workspaceId,
      second.body.organization_id,
    ]);

    const back = await request(base, 'POST', '/auth/switch-workspace', {
      token: person.token,
      body: { organization_id: person.workspaceId },
    });
    expect(back.status).toBe(204);
    expect((await request(base, 'GET', '/me', { token: person.token })).body.workspace.id).toBe(person.workspaceId);

    const elsewhere = await request(base, 'POST', '/auth/switch-workspace', {
      token: person.token,
      body: { organization_id: stranger.workspaceId },
    });
    expect(elsewhere.status).toBe(404);
    expect(
      (await request(base, 'POST', '/auth/switch-workspace', { body: { organization_id: person.workspaceId } })).status,
    ).toBe(401);
  });

  it('keeps API keys to their workspace: agents cannot revoke, other workspaces get 404', async () => {
    const owner = await signUpWithWorkspace(base, 'Keys');
    const other = await signUpWithWorkspace(base, 'Elsewhere');
    const target = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Target', kind: 'integration' },
    });
    const agent = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Agent', kind: 'agent' },
    });

    const byAgent = await request(base, 'DELETE', `/api-keys/${target.body.id}`, { token: agent.body.key });
    expect(byAgent.status).toBe(403);
    const byOtherWorkspace = await request(base, 'DELETE', `/api-keys/${target.body.id}`, { token: other.token });
    expect(byOtherWorkspace.status).toBe(404);
    expect((await request(base, 'GET', '/me', { token: target.body.key })).status).toBe(200);

    const refused = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Boss', kind: 'agent', role: 'Owner' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('role');
  });
});
