import { newId } from '@crm/kit';
import {
  createOwner,
  signUpPerson,
  signUpVerifiedPerson,
  startIdentity,
  verifyEmail,
  type IdentityHarness,
  type Owner,
  type Person,
} from '../../__tests__/identity-harness';
import { addTeammate } from '../../members/__tests__/member-factory';
import { supportGrantModel, type SupportMode } from '../support-grant.model';
import { grantSupportAccess, listSupportGrants, revokeSupportAccess } from '../support-grants';
import { isEvent } from '@crm/bus';
import { PERMISSIONS, supportAccessGranted } from '@crm/protos';

const ALL_PERMISSIONS = [...PERMISSIONS];

describe('staff support access', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  const connection = () => identity.service.context.connection;
  const grant = (owner: Owner, staff: Person, mode: SupportMode, hours = 4) =>
    grantSupportAccess(connection(), identity.service.context.outbox, {
      workspace: owner.slug,
      staffEmail: staff.email,
      mode,
      hours,
    });
  const revoke = (owner: Owner, staff: Person) =>
    revokeSupportAccess(connection(), identity.service.context.outbox, {
      workspace: owner.workspaceId,
      staffEmail: staff.email,
    });
  const switchInto = (staff: Person, owner: Owner) =>
    identity.api(staff.token, 'POST', '/auth/switch-workspace', { organization_id: owner.workspaceId });

  it('lets staff with a full grant into the workspace as Support with every permission, and says so in Me', async () => {
    const owner = await createOwner(identity, 'Helped Ltd');
    const staff = await signUpVerifiedPerson(identity, { name: 'Sue Staff' });
    expect((await switchInto(staff, owner)).status).toBe(404);

    const granted = await grant(owner, staff, 'full');
    expect(granted).toMatchObject({
      workspace_id: owner.workspaceId,
      workspace_slug: owner.slug,
      staff_email: staff.email,
      mode: 'full',
      status: 'active',
      revoked_at: null,
    });
    expect((await switchInto(staff, owner)).status).toBe(204);

    expect(await identity.authenticate(staff.token)).toEqual({
      workspace_id: owner.workspaceId,
      user_id: staff.userId,
      actor_type: 'user',
      actor_id: staff.userId,
      actor_label: 'Sue Staff (support)',
      role: 'Support',
      permissions: ALL_PERMISSIONS,
      is_admin: true,
      plan: 'standard',
      session_id: expect.any(String),
      support: { staff_email: staff.email, mode: 'full', expires_at: granted.expires_at },
    });
    const me = await identity.api(staff.token, 'GET', '/me');
    expect(me.body).toMatchObject({
      user: { id: staff.userId, email: staff.email },
      workspace: { id: owner.workspaceId, name: 'Helped Ltd' },
      permissions: ALL_PERMISSIONS,
      actor_type: 'user',
      support: { staff_email: staff.email, mode: 'full', expires_at: granted.expires_at },
    });

    // Full mode may change things; staff are not members and are not listed as such.
    expect((await identity.api(staff.token, 'PATCH', '/workspace', { settings: { page_size: 40 } })).status).toBe(200);
    const members = await identity.api(staff.token, 'GET', '/members');
    expect(members.body.data.map((member: { email: string }) => member.email)).toEqual([owner.email]);
    expect(await identity.api(staff.token, 'GET', '/me/email-logging')).toMatchObject({
      body: { enabled: false, address: null },
    });

    const events = await identity.events({
      'event.type': 'identity.support_access.granted',
      'event.workspace_id': owner.workspaceId,
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: { type: 'system', id: null },
      data: {
        grant_id: granted.id,
        workspace_id: owner.workspaceId,
        staff_email: staff.email,
        mode: 'full',
        expires_at: granted.expires_at,
        granted_at: granted.granted_at,
        replaced_grant_id: null,
      },
    });
    const changed = await identity.events({
      'event.type': 'identity.workspace.updated',
      'event.workspace_id': owner.workspaceId,
    });
    expect(changed[0].actor).toEqual({ type: 'user', id: staff.userId, label: 'Sue Staff (support)' });
  });

  it('refuses every write in read mode (403) while reads work', async () => {
    const owner = await createOwner(identity, 'Read Only Help Ltd');
    const staff = await signUpVerifiedPerson(identity);
    await grant(owner, staff, 'read');
    expect((await switchInto(staff, owner)).status).toBe(204);
    expect(await identity.authenticate(staff.token)).toMatchObject({ role: 'Support', support: { mode: 'read' } });

    expect((await identity.api(staff.token, 'GET', '/workspace')).status).toBe(200);
    expect((await identity.api(staff.token, 'GET', '/roles')).status).toBe(200);
    expect((await identity.api(staff.token, 'GET', '/me')).body.support.mode).toBe('read');
    const ownerMember = (await identity.api(staff.token, 'GET', '/members')).body.data[0].id as string;
    for (const [method, path, body] of [
      ['PATCH', '/workspace', { name: 'Renamed by support' }],
      ['POST', '/roles', { name: 'Support made', permissions: [] }],
      ['PATCH', `/members/${ownerMember}`, { status: 'disabled' }],
      ['POST', '/api-keys', { name: 'Backdoor', kind: 'integration' }],
      ['POST', '/invitations', { email: 'friend@example.test', role_id: ownerMember }],
    ] as const) {
      const answer = await identity.api(staff.token, method, path, body);
      expect(answer.status).toBe(403);
      expect(answer.body.error).toEqual({ code: 'forbidden', message: 'support access is read-only' });
    }
    const after = await identity.api(owner.token, 'GET', '/workspace');
    expect(after.body.name).toBe('Read Only Help Ltd');
    expect((await identity.api(owner.token, 'GET', '/roles')).body.data).toHaveLength(6);
    expect(await identity.authenticate(owner.token)).toMatchObject({ role: 'Owner' });
  });

  it('does not let a session in with a grant that has already expired', async () => {
    const owner = await createOwner(identity);
    const staff = await signUpVerifiedPerson(identity);
    await supportGrantModel(connection()).create([
      {
        _id: newId(),
        workspace_id: owner.workspaceId,
        staff_email: staff.email,
        mode: 'full',
        granted_at: new Date(Date.now() - 2 * 3600_000).toISOString(),
        expires_at: new Date(Date.now() - 1000).toISOString(),
        revoked_at: null,
      },
    ]);
    expect((await switchInto(staff, owner)).status).toBe(404);
    expect((await listSupportGrants(connection(), owner.slug)).map((entry) => entry.status)).toEqual(['expired']);
  });

  it('takes the workspace away on the very next request once the grant expires', async () => {
    const owner = await createOwner(identity);
    const staff = await signUpVerifiedPerson(identity);
    const granted = await grant(owner, staff, 'full');
    await switchInto(staff, owner);
    expect((await identity.api(staff.token, 'GET', '/workspace')).status).toBe(200);

    await supportGrantModel(connection()).updateOne(
      { workspace_id: owner.workspaceId, _id: granted.id },
      { $set: { expires_at: new Date(Date.now() - 1000).toISOString() } },
    );
    const claims = await identity.authenticate(staff.token);
    expect(claims.workspace_id).toBeUndefined();
    expect(claims.permissions).toEqual([]);
    expect(claims.support).toBeUndefined();
    const me = await identity.api(staff.token, 'GET', '/me');
    expect(me.body).toMatchObject({ workspace: null, permissions: [], support: null });
    expect((await identity.api(staff.token, 'GET', '/workspace')).status).toBe(403);
    expect((await identity.api(staff.token, 'GET', '/members')).status).toBe(403);
  });

  it('takes the workspace away on the very next request once the grant is revoked, and records it', async () => {
    const owner = await createOwner(identity);
    const staff = await signUpVerifiedPerson(identity);
    const granted = await grant(owner, staff, 'read');
    await switchInto(staff, owner);
    expect((await identity.authenticate(staff.token)).workspace_id).toBe(owner.workspaceId);

    const revoked = await revoke(owner, staff);
    expect(revoked).toEqual([
      expect.objectContaining({ id: granted.id, status: 'revoked', revoked_at: expect.any(String) }),
    ]);
    expect((await identity.authenticate(staff.token)).workspace_id).toBeUndefined();
    expect((await switchInto(staff, owner)).status).toBe(404);
    await expect(revoke(owner, staff)).rejects.toMatchObject({ code: 'not_found' });

    const events = await identity.events({
      'event.type': 'identity.support_access.revoked',
      'event.workspace_id': owner.workspaceId,
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: { type: 'system' },
      data: {
        grant_id: granted.id,
        workspace_id: owner.workspaceId,
        staff_email: staff.email,
        mode: 'read',
        revoked_at: revoked[0].revoked_at,
      },
    });
  });

  it('replaces an earlier live grant with a new one (one at a time), matching the email whatever its case', async () => {
    const owner = await createOwner(identity);
    const staff = await signUpVerifiedPerson(identity);
    const first = await grant(owner, staff, 'full');
    const second = await grantSupportAccess(connection(), undefined, {
      workspace: owner.workspaceId,
      staffEmail: staff.email.toUpperCase(),
      mode: 'read',
      hours: 168,
    });
    expect(second.staff_email).toBe(staff.email);
    await switchInto(staff, owner);
    expect((await identity.authenticate(staff.token)).support).toEqual({
      staff_email: staff.email,
      mode: 'read',
      expires_at: second.expires_at,
    });

    const listed = await listSupportGrants(connection(), owner.slug);
    expect(listed.map((entry) => [entry.id, entry.status])).toEqual([
      [second.id, 'active'],
      [first.id, 'revoked'],
    ]);
    const events = await identity.events({
      'event.type': 'identity.support_access.granted',
      'event.workspace_id': owner.workspaceId,
    });
    const grants = events.filter((event) => isEvent(event, supportAccessGranted));
    expect(grants.map((event) => event.data.replaced_grant_id)).toEqual([null, first.id]);
  });

  it.each([
    ['an unknown workspace', { workspace: 'no-such-workspace' }, 'not_found'],
    ['an email with no account', { staffEmail: 'nobody@example.test' }, 'not_found'],
    ['0 hours', { hours: 0 }, 'validation_failed'],
    ['169 hours', { hours: 169 }, 'validation_failed'],
    ['a fraction of an hour', { hours: 1.5 }, 'validation_failed'],
    ['an unknown mode', { mode: 'write' as SupportMode }, 'validation_failed'],
  ])('refuses a grant for %s and grants nothing', async (_label, input, code) => {
    const owner = await createOwner(identity);
    const staff = await signUpVerifiedPerson(identity);
    await expect(
      grantSupportAccess(connection(), undefined, {
        workspace: owner.slug,
        staffEmail: staff.email,
        mode: 'full',
        hours: 4,
        ...input,
      }),
    ).rejects.toMatchObject({ code });
    expect(await listSupportGrants(connection(), owner.slug)).toEqual([]);
  });

  it('grants nothing to an account that has not verified its email, and lets it in once it has', async () => {
    const owner = await createOwner(identity);
    // Whoever signed up with the staff address first holds the account: until it follows the
    // link mailed there, a grant to that address must not reach it.
    const staff = await signUpPerson(identity);
    await expect(grant(owner, staff, 'full')).rejects.toMatchObject({ code: 'email_unverified', status: 403 });
    expect(await listSupportGrants(connection(), owner.slug)).toEqual([]);
    expect((await switchInto(staff, owner)).status).toBe(404);

    await verifyEmail(identity, staff);
    await grant(owner, staff, 'full');
    expect((await switchInto(staff, owner)).status).toBe(204);
  });

  it('does not let an unverified account act under a grant made to its email before verification existed', async () => {
    const owner = await createOwner(identity);
    const staff = await signUpPerson(identity);
    // As an older grant was stored: no verification was asked for then.
    const now = new Date();
    await supportGrantModel(connection()).create({
      _id: newId(),
      workspace_id: owner.workspaceId,
      staff_email: staff.email,
      mode: 'full',
      expires_at: new Date(now.getTime() + 60 * 60 * 1000).toISOString(),
      granted_at: now.toISOString(),
      revoked_at: null,
    });
    expect((await switchInto(staff, owner)).status).toBe(404);
    expect((await identity.authenticate(staff.token)).workspace_id).toBeUndefined();
    await verifyEmail(identity, staff);
    expect((await switchInto(staff, owner)).status).toBe(204);
  });

  it('opens only the granted workspace, and lists grants per workspace', async () => {
    const helped = await createOwner(identity);
    const other = await createOwner(identity);
    const staff = await signUpVerifiedPerson(identity);
    await grant(helped, staff, 'full');
    expect((await switchInto(staff, other)).status).toBe(404);
    expect(await listSupportGrants(connection(), other.workspaceId)).toEqual([]);
    expect(
      await supportGrantModel(connection())
        .countDocuments({ workspace_id: other.workspaceId, staff_email: staff.email })
        .exec(),
    ).toBe(0);
  });

  it('leaves a member acting as themself in their own workspace, grant or not', async () => {
    const owner = await createOwner(identity);
    const teammate = await addTeammate(identity, owner, 'Sales');
    await verifyEmail(identity, teammate);
    await grant(owner, teammate, 'read');
    expect(await identity.authenticate(teammate.token)).toMatchObject({ role: 'Sales', actor_label: teammate.name });
    expect((await identity.authenticate(teammate.token)).support).toBeUndefined();
    expect((await identity.api(teammate.token, 'POST', '/onboarding', { workspace_name: 'Own Ltd' })).status).toBe(201);
  });

  it('still refuses a disabled member whose access has not been granted', async () => {
    const owner = await createOwner(identity);
    const teammate = await addTeammate(identity, owner, 'Sales');
    await identity.api(owner.token, 'PATCH', `/members/${teammate.userId}`, { status: 'disabled' });
    await expect(identity.authenticate(teammate.token)).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
