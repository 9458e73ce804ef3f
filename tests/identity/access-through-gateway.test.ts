import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  joinByInvitation,
  request,
  signUpWithWorkspace,
  startTestSystem,
  verifyEmail,
  type TestSystem,
} from '../support/system';

// Members, roles and staff support access as a client meets them through the gateway: who is
// let in is decided afresh on every request.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem();
  base = system.url;
});

afterAll(() => system.destroy());

async function signUp(name: string) {
  const email = `${name.toLowerCase()}.${process.pid}.${Date.now()}@example.com`;
  const answer = await request(base, 'POST', '/auth/sign-up', {
    body: { email, password: 'correct horse battery staple', name },
  });
  expect(answer.status).toBe(201);
  return { email, token: answer.body.token as string, userId: answer.body.user.id as string };
}

// Joins the owner's workspace through an invitation with the role named, signed in there.
const join = (owner: { token: string; workspaceId: string }, roleName: string, name: string) =>
  joinByInvitation(base, system, owner, name, roleName);

describe('members and roles through the gateway', () => {
  it('refuses a disabled member’s session and keys on the next request, and lets them back once re-enabled', async () => {
    const owner = await signUpWithWorkspace(base, 'Boss');
    const admin = await join(owner, 'Admin', 'Ada');
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
    const keeper = await join(owner, 'Settings keepers', 'Kim');
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

// The operator's command for support access, built (`tsc -b`), as the identity image runs it.
const SUPPORT_ACCESS_CLI = resolve(__dirname, '../../services/identity/dist/support/support-access-cli.js');

// In embedded mode the command opens the store itself, so the system is stopped while it runs
// (services/identity/README.md, Staff support access), then started again on the same data.
async function asOperator(args: string[]): Promise<Record<string, any>> {
  await system.stop();
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [SUPPORT_ACCESS_CLI, ...args], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: system.dataDir },
    });
    return JSON.parse(stdout) as Record<string, any>;
  } finally {
    system = await startTestSystem({ dataDir: system.dataDir });
    base = system.url;
  }
}

describe('staff support access through the gateway', () => {
  it('lets staff in read-only, refuses their writes in every service, and shuts them out once revoked', async () => {
    const owner = await signUpWithWorkspace(base, 'Customer');
    const staff = await signUp('Staff');
    await verifyEmail(system, staff.email);
    const { grant } = await asOperator([
      'grant',
      '--workspace',
      owner.workspaceId,
      '--staff',
      staff.email,
      '--mode',
      'read',
      '--hours',
      '2',
    ]);
    expect(grant).toMatchObject({ workspace_id: owner.workspaceId, staff_email: staff.email, status: 'active' });
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
    expect((await request(base, 'GET', '/companies', { token: staff.token })).status).toBe(200);
    for (const [method, path, body] of [
      ['PATCH', '/workspace', { name: 'Changed by support' }],
      ['POST', '/roles', { name: 'Support made', permissions: ['companies:read'] }],
      ['POST', '/companies', { name: 'Support Ltd' }],
      ['POST', '/campaigns', { name: 'Support campaign' }],
    ] as const) {
      const refused = await request(base, method, path, { token: staff.token, body });
      expect({ path, status: refused.status, error: refused.body.error }).toEqual({
        path,
        status: 403,
        error: { code: 'forbidden', message: 'support access is read-only' },
      });
    }

    const { revoked } = await asOperator(['revoke', '--workspace', owner.workspaceId, '--staff', staff.email]);
    expect(revoked).toEqual([expect.objectContaining({ id: grant.id, status: 'revoked' })]);
    const after = await request(base, 'GET', '/me', { token: staff.token });
    expect(after.status).toBe(200);
    expect(after.body).toMatchObject({ workspace: null, support: null, permissions: [] });
    expect((await request(base, 'GET', '/workspace', { token: staff.token })).status).toBe(403);
  });
});
