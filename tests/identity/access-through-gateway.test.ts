import { isoNow } from '@crm/kit';
import { addMember } from '@crm/identity/members/memberships';
import { roleModel, type RoleRecord } from '@crm/identity/roles/role.model';
import { grantSupportAccess, revokeSupportAccess } from '@crm/identity/support/support-grants';
import { request, signUpWithWorkspace, startTestSystem, verifyEmail, type TestSystem } from '../support/system';

// Members, roles and staff support access as a client meets them through the gateway: who is
// let in is decided afresh on every request.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem();
  base = system.url;
});

afterAll(() => system.destroy());

const identityConnection = () => system.services.identity.context.connection;

async function signUp(name: string) {
  const email = `${name.toLowerCase()}.${process.pid}.${Date.now()}@example.com`;
  const answer = await request(base, 'POST', '/auth/sign-up', {
    body: { email, password: 'correct horse battery staple', name },
  });
  expect(answer.status).toBe(201);
  return { email, token: answer.body.token as string, userId: answer.body.user.id as string };
}

// Joins a workspace as an accepted invitation would, then switches the session to it.
async function join(workspaceId: string, roleName: string, name: string) {
  const person = await signUp(name);
  const connection = identityConnection();
  const role = await roleModel(connection)
    .findOne({ workspace_id: workspaceId, name: roleName })
    .lean<RoleRecord>()
    .exec();
  await connection.transaction((transaction) =>
    addMember(connection, transaction, { workspaceId, userId: person.userId, roleId: role!._id, now: isoNow() }),
  );
  expect(
    (
      await request(base, 'POST', '/auth/switch-workspace', {
        token: person.token,
        body: { organization_id: workspaceId },
      })
    ).status,
  ).toBe(204);
  return person;
}

describe('members and roles through the gateway', () => {
  it('refuses a disabled member’s session and keys on the next request, and lets them back once re-enabled', async () => {
    const owner = await signUpWithWorkspace(base, 'Boss');
    const admin = await join(owner.workspaceId, 'Admin', 'Ada');
    const key = await request(base, 'POST', '/api-keys', {
      token: admin.token,
      body: { name: 'Ada script', kind: 'integration' },
    });
    expect(key.status).toBe(201);
    expect((await request(base, 'GET', '/me', { token: key.body.key })).status).toBe(200);

    expect(
      (await request(base, 'PATCH', `/members/${admin.userId}`, { token: owner.token, body: { status: 'disabled' } }))
        .status,
    ).toBe(204);
    for (const token of [admin.token, key.body.key as string]) {
      const refused = await request(base, 'GET', '/me', { token });
      expect(refused.status).toBe(401);
      expect(refused.body.error.code).toBe('unauthenticated');
    }

    expect(
      (await request(base, 'PATCH', `/members/${admin.userId}`, { token: owner.token, body: { status: 'active' } }))
        .status,
    ).toBe(204);
    expect((await request(base, 'GET', '/workspace', { token: admin.token })).status).toBe(200);
    expect((await request(base, 'GET', '/me', { token: key.body.key })).status).toBe(200);
  });

  it('gives a member a changed role’s permissions on their next request', async () => {
    const owner = await signUpWithWorkspace(base, 'Roles');
    const role = await request(base, 'POST', '/roles', {
      token: owner.token,
      body: { name: 'Settings keepers', permissions: ['companies:read'] },
    });
    expect(role.status).toBe(201);
    const keeper = await join(owner.workspaceId, 'Settings keepers', 'Kim');
    expect((await request(base, 'GET', '/workspace', { token: keeper.token })).status).toBe(403);

    const changed = await request(base, 'PATCH', `/roles/${role.body.id}`, {
      token: owner.token,
      body: { permissions: ['companies:read', 'settings:manage'] },
    });
    expect(changed.status).toBe(200);
    expect((await request(base, 'GET', '/workspace', { token: keeper.token })).status).toBe(200);
    expect((await request(base, 'DELETE', `/roles/${role.body.id}`, { token: owner.token })).body.error.code).toBe(
      'role_in_use',
    );
  });
});

describe('staff support access through the gateway', () => {
  it('lets staff in read-only, refuses their writes in every service, and shuts them out once revoked', async () => {
    const owner = await signUpWithWorkspace(base, 'Customer');
    const staff = await signUp('Staff');
    await verifyEmail(system, staff.email);
    const connection = identityConnection();
    const grant = await grantSupportAccess(connection, system.services.identity.context.outbox, {
      workspace: owner.workspaceId,
      staffEmail: staff.email,
      mode: 'read',
      hours: 2,
    });
    expect(
      (
        await request(base, 'POST', '/auth/switch-workspace', {
          token: staff.token,
          body: { organization_id: owner.workspaceId },
        })
      ).status,
    ).toBe(204);

    const me = await request(base, 'GET', '/me', { token: staff.token });
    expect(me.body).toMatchObject({
      workspace: { id: owner.workspaceId },
      actor_type: 'user',
      support: { staff_email: staff.email, mode: 'read', expires_at: grant.expires_at },
    });
    expect((await request(base, 'GET', '/workspace', { token: staff.token })).status).toBe(200);
    for (const [method, path, body] of [
      ['PATCH', '/workspace', { name: 'Changed by support' }],
      ['POST', '/roles', { name: 'Support made', permissions: ['companies:read'] }],
    ] as const) {
      const refused = await request(base, method, path, { token: staff.token, body });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({ code: 'forbidden', message: 'support access is read-only' });
    }

    await revokeSupportAccess(connection, system.services.identity.context.outbox, {
      workspace: owner.workspaceId,
      staffEmail: staff.email,
    });
    const after = await request(base, 'GET', '/me', { token: staff.token });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ workspace: null, support: null, permissions: [] });
    expect((await request(base, 'GET', '/workspace', { token: staff.token })).status).toBe(403);
  });
});
