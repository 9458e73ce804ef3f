import { randomUUID } from 'node:crypto';
import {
  claimsFrom,
  createApiKey,
  createOwner,
  startIdentity,
  type IdentityHarness,
} from '../../__tests__/identity-harness';
import { memberModel } from '../member.model';
import { updateMember } from '../update-member';
import { addTeammate, memberIdOf, roleIdOf } from './member-factory';

describe('members', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  describe('GET /members', () => {
    it('lists every member of the workspace by name, for any member and for keys', async () => {
      const owner = await createOwner(identity);
      const zoe = await addTeammate(identity, owner, 'Read only', { name: 'Zoe Young' });
      const bob = await addTeammate(identity, owner, 'Sales', { name: 'bob Brown' });
      await identity.api(owner.token, 'PATCH', `/members/${zoe.userId}`, { status: 'disabled' });
      const { key } = await createApiKey(identity, owner, { kind: 'agent' });

      const expected = [
        { id: bob.userId, name: 'bob Brown', email: bob.email, avatar: null, role: 'Sales', status: 'active' },
        {
          id: await memberIdOf(identity, owner),
          name: owner.name,
          email: owner.email,
          avatar: null,
          role: 'Owner',
          status: 'active',
        },
        { id: zoe.userId, name: 'Zoe Young', email: zoe.email, avatar: null, role: 'Read only', status: 'disabled' },
      ].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
      for (const token of [owner.token, bob.token, key]) {
        expect(await identity.api(token, 'GET', '/members')).toEqual({ status: 200, body: { data: expected } });
      }
    });

    it("shows each member by the person's id, the id GET /me shows them as", async () => {
      const owner = await createOwner(identity);
      const sales = await addTeammate(identity, owner, 'Sales', { name: 'Sid Seller' });
      const listed = (await identity.api(owner.token, 'GET', '/members')).body.data as Array<{
        id: string;
        email: string;
      }>;
      for (const person of [owner, sales]) {
        const me = await identity.api(person.token, 'GET', '/me');
        expect(listed.find((member) => member.email === person.email)?.id).toBe(me.body.user.id);
        expect(me.body.user.id).toBe(person.userId);
      }
      // The membership record's own id is not an id a client sends.
      expect(sales.memberId).not.toBe(sales.userId);
      expect(
        (await identity.api(owner.token, 'PATCH', `/members/${sales.memberId}`, { status: 'disabled' })).status,
      ).toBe(404);
      expect(
        (await identity.api(owner.token, 'PATCH', `/members/${sales.userId}`, { status: 'disabled' })).status,
      ).toBe(204);
      expect(listed.length).toBe(2);
      expect((await identity.api(owner.token, 'GET', '/members')).body.data).toContainEqual(
        expect.objectContaining({ id: sales.userId, status: 'disabled' }),
      );
    });

    it('never lists another workspace’s members', async () => {
      const first = await createOwner(identity);
      const second = await createOwner(identity);
      const teammate = await addTeammate(identity, second);
      const listed = await identity.api(first.token, 'GET', '/members');
      expect(listed.body.data.map((member: { email: string }) => member.email)).toEqual([first.email]);
      expect(JSON.stringify(listed.body)).not.toContain(teammate.email);
    });
  });

  describe('PATCH /members/{id}', () => {
    it('changes the role: 204, the list shows it, the member has the new permissions on the next request', async () => {
      const owner = await createOwner(identity);
      const sales = await addTeammate(identity, owner, 'Sales', { name: 'Sam Seller' });
      expect((await identity.authenticate(sales.token)).permissions).not.toContain('settings:manage');
      const adminRoleId = await roleIdOf(identity, owner.workspaceId, 'Admin');
      const salesRoleId = await roleIdOf(identity, owner.workspaceId, 'Sales');

      const answer = await identity.api(owner.token, 'PATCH', `/members/${sales.userId}`, { role_id: adminRoleId });
      expect(answer).toEqual({ status: 204, body: undefined });
      const listed = await identity.api(owner.token, 'GET', '/members');
      expect(listed.body.data.find((member: { id: string }) => member.id === sales.userId)).toMatchObject({
        role: 'Admin',
        status: 'active',
      });
      expect(await identity.authenticate(sales.token)).toMatchObject({ role: 'Admin', is_admin: true });
      expect((await identity.api(sales.token, 'GET', '/workspace')).status).toBe(200);

      const events = await identity.events({
        'event.type': 'identity.member.updated',
        'event.workspace_id': owner.workspaceId,
      });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ actor: { type: 'user', id: owner.userId } });
      expect(events[0].data).toEqual({
        member_id: sales.memberId,
        user_id: sales.userId,
        name: 'Sam Seller',
        email: sales.email,
        role_id: adminRoleId,
        role: 'Admin',
        previous_role_id: salesRoleId,
        previous_role: 'Sales',
        status: 'active',
        previous_status: 'active',
        role_changed: true,
        status_changed: false,
        version: 2,
      });
    });

    it('disables a member: their sessions and the keys they made are refused on the next request, and work again once re-enabled', async () => {
      const owner = await createOwner(identity);
      const admin = await addTeammate(identity, owner, 'Admin');
      const { key } = await createApiKey(identity, { ...owner, token: admin.token }, { name: 'Admin script' });
      expect((await identity.api(key, 'GET', '/me')).status).toBe(200);

      const disabled = await identity.api(owner.token, 'PATCH', `/members/${admin.userId}`, { status: 'disabled' });
      expect(disabled.status).toBe(204);
      await expect(identity.authenticate(admin.token)).rejects.toMatchObject({ code: 'unauthenticated', status: 401 });
      await expect(identity.authenticate(key)).rejects.toMatchObject({ code: 'unauthenticated', status: 401 });
      const listed = await identity.api(owner.token, 'GET', '/members');
      expect(listed.body.data.find((member: { id: string }) => member.id === admin.userId).status).toBe('disabled');

      const event = (
        await identity.events({ 'event.type': 'identity.member.updated', 'event.data.member_id': admin.memberId })
      )[0];
      expect(event.data).toMatchObject({
        status: 'disabled',
        previous_status: 'active',
        role: 'Admin',
        previous_role: 'Admin',
        status_changed: true,
        role_changed: false,
      });

      expect((await identity.api(owner.token, 'PATCH', `/members/${admin.userId}`, { status: 'active' })).status).toBe(
        204,
      );
      expect(await identity.authenticate(admin.token)).toMatchObject({
        workspace_id: owner.workspaceId,
        role: 'Admin',
      });
      expect((await identity.api(key, 'GET', '/me')).status).toBe(200);
    });

    it('changes nothing and records nothing when the values are the current ones', async () => {
      const owner = await createOwner(identity);
      const sales = await addTeammate(identity, owner);
      const salesRoleId = await roleIdOf(identity, owner.workspaceId, 'Sales');
      expect(
        (
          await identity.api(owner.token, 'PATCH', `/members/${sales.userId}`, {
            role_id: salesRoleId,
            status: 'active',
          })
        ).status,
      ).toBe(204);
      expect((await identity.api(owner.token, 'PATCH', `/members/${sales.userId}`, {})).status).toBe(204);
      expect(
        await identity.events({ 'event.type': 'identity.member.updated', 'event.workspace_id': owner.workspaceId }),
      ).toHaveLength(0);
    });

    describe('the last active Owner', () => {
      it('can be neither disabled nor demoted (409 last_owner), even by themself', async () => {
        const owner = await createOwner(identity);
        const ownerMemberId = await memberIdOf(identity, owner);
        const salesRoleId = await roleIdOf(identity, owner.workspaceId, 'Sales');

        for (const body of [
          { status: 'disabled' },
          { role_id: salesRoleId },
          { role_id: salesRoleId, status: 'active' },
        ]) {
          const answer = await identity.api(owner.token, 'PATCH', `/members/${ownerMemberId}`, body);
          expect(answer.status).toBe(409);
          expect(answer.body.error.code).toBe('last_owner');
        }
        expect(await identity.authenticate(owner.token)).toMatchObject({ role: 'Owner' });
        expect(
          await identity.events({ 'event.type': 'identity.member.updated', 'event.workspace_id': owner.workspaceId }),
        ).toHaveLength(0);
      });

      it('may step down once another active Owner exists; a disabled Owner does not count', async () => {
        const owner = await createOwner(identity);
        const ownerMemberId = await memberIdOf(identity, owner);
        const second = await addTeammate(identity, owner, 'Owner');
        const adminRoleId = await roleIdOf(identity, owner.workspaceId, 'Admin');

        expect(
          (await identity.api(owner.token, 'PATCH', `/members/${second.userId}`, { status: 'disabled' })).status,
        ).toBe(204);
        const refused = await identity.api(owner.token, 'PATCH', `/members/${ownerMemberId}`, { role_id: adminRoleId });
        expect(refused.body.error.code).toBe('last_owner');

        expect(
          (await identity.api(owner.token, 'PATCH', `/members/${second.userId}`, { status: 'active' })).status,
        ).toBe(204);
        expect(
          (await identity.api(owner.token, 'PATCH', `/members/${ownerMemberId}`, { role_id: adminRoleId })).status,
        ).toBe(204);
        expect(await identity.authenticate(owner.token)).toMatchObject({ role: 'Admin' });
        // Now the second is the last active Owner.
        const last = await identity.api(second.token, 'PATCH', `/members/${second.userId}`, { status: 'disabled' });
        expect(last.body.error.code).toBe('last_owner');
      });
    });

    it('keeps one active Owner when two Owners step down at the same moment', async () => {
      const owner = await createOwner(identity);
      const ownerMemberId = await memberIdOf(identity, owner);
      const second = await addTeammate(identity, owner, 'Owner');
      const adminRoleId = await roleIdOf(identity, owner.workspaceId, 'Admin');
      // Called side by side in one process, so both transactions really overlap.
      const runtime = identity.service.runtime;
      const results = await Promise.allSettled([
        updateMember(runtime, claimsFrom(await identity.authenticate(owner.token)), owner.workspaceId, ownerMemberId, {
          role_id: adminRoleId,
        }),
        updateMember(runtime, claimsFrom(await identity.authenticate(second.token)), owner.workspaceId, second.userId, {
          role_id: adminRoleId,
        }),
      ]);
      expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect(results.find((result) => result.status === 'rejected')).toMatchObject({
        reason: { code: 'last_owner', status: 409 },
      });
      const roles = (await identity.api(owner.token, 'GET', '/members')).body.data.map(
        (member: { role: string }) => member.role,
      );
      expect(roles.filter((role: string) => role === 'Owner')).toHaveLength(1);
    });

    it('lets only an Owner make someone an Owner or change an Owner (403 for an Admin)', async () => {
      const owner = await createOwner(identity);
      const ownerMemberId = await memberIdOf(identity, owner);
      const admin = await addTeammate(identity, owner, 'Admin');
      const sales = await addTeammate(identity, owner, 'Sales');
      const ownerRoleId = await roleIdOf(identity, owner.workspaceId, 'Owner');
      const salesRoleId = await roleIdOf(identity, owner.workspaceId, 'Sales');

      for (const [memberId, body] of [
        [admin.userId, { role_id: ownerRoleId }],
        [sales.userId, { role_id: ownerRoleId }],
        [ownerMemberId, { status: 'disabled' }],
        [ownerMemberId, { role_id: salesRoleId }],
      ] as const) {
        const answer = await identity.api(admin.token, 'PATCH', `/members/${memberId}`, body);
        expect(answer.status).toBe(403);
        expect(answer.body.error).toEqual({
          code: 'forbidden',
          message: 'only an Owner can make someone an Owner or change an Owner',
        });
      }
      expect(await identity.authenticate(admin.token)).toMatchObject({ role: 'Admin' });
      expect(await identity.authenticate(owner.token)).toMatchObject({ role: 'Owner' });

      // An Admin still manages everyone else, and an Owner may make an Owner.
      expect(
        (await identity.api(admin.token, 'PATCH', `/members/${sales.userId}`, { status: 'disabled' })).status,
      ).toBe(204);
      expect(
        (await identity.api(owner.token, 'PATCH', `/members/${admin.userId}`, { role_id: ownerRoleId })).status,
      ).toBe(204);
      expect(await identity.authenticate(admin.token)).toMatchObject({ role: 'Owner' });
    });

    it.each([
      ['an unknown field', { nickname: 'x' }, "unknown field 'nickname'"],
      ['a role_id that is not a uuid', { role_id: 'Admin' }, 'role_id must be a valid uuid'],
      ['an unknown role_id', { role_id: randomUUID() }, 'role_id'],
      ['an unknown status', { status: 'suspended' }, 'status must be one of active, disabled'],
      ['a null status', { status: null }, 'status must be string'],
    ])('refuses %s with 400 naming the field', async (_label, body, message) => {
      const owner = await createOwner(identity);
      const sales = await addTeammate(identity, owner);
      const answer = await identity.api(owner.token, 'PATCH', `/members/${sales.userId}`, {
        status: 'disabled',
        ...body,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: 'validation_failed', message: expect.stringContaining(message) });
      expect(await identity.authenticate(sales.token)).toMatchObject({ role: 'Sales' });
    });

    it('refuses a role of another workspace as an unknown role_id', async () => {
      const owner = await createOwner(identity);
      const other = await createOwner(identity);
      const sales = await addTeammate(identity, owner);
      const foreignAdmin = await roleIdOf(identity, other.workspaceId, 'Admin');
      const answer = await identity.api(owner.token, 'PATCH', `/members/${sales.userId}`, { role_id: foreignAdmin });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toContain('role_id');
      expect(await identity.authenticate(sales.token)).toMatchObject({ role: 'Sales', is_admin: false });
    });

    it('answers 404 for an unknown id', async () => {
      const owner = await createOwner(identity);
      const answer = await identity.api(owner.token, 'PATCH', `/members/${randomUUID()}`, { status: 'disabled' });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
    });

    // The declaration's path schema refuses an id that cannot be one, naming it.
    it('answers 400 naming the id for a malformed one', async () => {
      const owner = await createOwner(identity);
      const answer = await identity.api(owner.token, 'PATCH', '/members/not-a-uuid', { status: 'disabled' });
      expect(answer).toEqual({
        status: 400,
        body: { error: { code: 'validation_failed', message: 'id must be a valid uuid' } },
      });
    });

    it('answers 404 for another workspace’s member and changes nothing there', async () => {
      const owner = await createOwner(identity);
      const other = await createOwner(identity);
      const theirs = await addTeammate(identity, other);
      const answer = await identity.api(owner.token, 'PATCH', `/members/${theirs.userId}`, { status: 'disabled' });
      expect(answer).toEqual({ status: 404, body: { error: { code: 'not_found', message: 'member not found' } } });
      const stored = await memberModel(identity.service.context.connection)
        .findOne({ workspace_id: other.workspaceId, _id: theirs.memberId })
        .lean()
        .exec();
      expect(stored?.status).toBe('active');
    });

    it('is for admins: a Sales member and a key get 403', async () => {
      const owner = await createOwner(identity);
      const sales = await addTeammate(identity, owner);
      const ownerMemberId = await memberIdOf(identity, owner);
      const { key } = await createApiKey(identity, owner, { role: 'Agent (read & write)' });
      for (const token of [sales.token, key]) {
        const answer = await identity.api(token, 'PATCH', `/members/${ownerMemberId}`, { status: 'disabled' });
        expect(answer.status).toBe(403);
        expect(answer.body.error.code).toBe('forbidden');
      }
    });
  });
});
