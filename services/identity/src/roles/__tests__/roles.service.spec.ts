import { randomUUID } from 'node:crypto';
import { apiKeyModel } from '../../api-keys/api-key.model';
import {
  createApiKey,
  createOwner,
  startIdentity,
  UUID_V7,
  type IdentityHarness,
  type Owner,
} from '../../__tests__/identity-harness';
import { addTeammate } from '../../members/__tests__/member-factory';
import { PERMISSIONS } from '@crm/protos';

const ALL_PERMISSIONS = [...PERMISSIONS];

describe('roles', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  async function createRole(owner: Owner, body: Record<string, unknown> = {}) {
    const answer = await identity.api(owner.token, 'POST', '/roles', {
      name: `Role ${randomUUID().slice(0, 8)}`,
      permissions: ['companies:read'],
      ...body,
    });
    if (answer.status !== 201) throw new Error(`role creation failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body as { id: string; name: string; permissions: string[] };
  }

  describe('GET /roles', () => {
    it('lists the built-in roles first, with member counts, and the permission catalogue', async () => {
      const owner = await createOwner(identity);
      await addTeammate(identity, owner, 'Sales');
      await addTeammate(identity, owner, 'Sales');
      const custom = await createRole(owner, { name: 'auditors', permissions: ['tasks:read', 'companies:read'] });
      const answer = await identity.api(owner.token, 'GET', '/roles');
      expect(answer.status).toBe(200);
      expect(answer.body.permissions).toEqual(ALL_PERMISSIONS);
      expect(answer.body.data.map((role: { name: string }) => role.name)).toEqual([
        'Owner',
        'Admin',
        'Sales',
        'Read only',
        'Agent (read only)',
        'Agent (read & write)',
        'auditors',
      ]);
      expect(answer.body.data[0]).toEqual({
        id: expect.stringMatching(UUID_V7),
        name: 'Owner',
        permissions: ALL_PERMISSIONS,
        is_system: true,
        members: 1,
      });
      expect(answer.body.data[2]).toMatchObject({ name: 'Sales', members: 2, is_system: true });
      expect(answer.body.data[6]).toEqual({
        id: custom.id,
        name: 'auditors',
        permissions: ['companies:read', 'tasks:read'],
        is_system: false,
        members: 0,
      });
    });

    it('never lists another workspace’s roles', async () => {
      const first = await createOwner(identity);
      const second = await createOwner(identity);
      const theirs = await createRole(second, { name: 'Their secret role' });
      const listed = await identity.api(first.token, 'GET', '/roles');
      expect(listed.body.data).toHaveLength(6);
      expect(JSON.stringify(listed.body)).not.toContain(theirs.id);
      expect(JSON.stringify(listed.body)).not.toContain('Their secret role');
    });

    it('is for admins: a Sales member gets 403', async () => {
      const owner = await createOwner(identity);
      const sales = await addTeammate(identity, owner);
      expect((await identity.api(sales.token, 'GET', '/roles')).status).toBe(403);
      expect((await identity.api(sales.token, 'POST', '/roles', { name: 'Mine', permissions: [] })).status).toBe(403);
    });
  });

  describe('POST /roles', () => {
    it('creates a custom role (201 Role) and records it', async () => {
      const owner = await createOwner(identity);
      const answer = await identity.api(owner.token, 'POST', '/roles', {
        name: '  Field team ',
        permissions: ['tasks:write', 'companies:read', 'tasks:read'],
      });
      expect(answer).toEqual({
        status: 201,
        body: {
          id: expect.stringMatching(UUID_V7),
          name: 'Field team',
          permissions: ['companies:read', 'tasks:read', 'tasks:write'],
          is_system: false,
          members: 0,
        },
      });
      const listed = await identity.api(owner.token, 'GET', '/roles');
      expect(listed.body.data).toContainEqual(answer.body);
      const events = await identity.events({
        'event.type': 'identity.role.created',
        'event.workspace_id': owner.workspaceId,
      });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        actor: { type: 'user', id: owner.userId },
        data: {
          role_id: answer.body.id,
          name: 'Field team',
          permissions: ['companies:read', 'tasks:read', 'tasks:write'],
        },
      });
    });

    it('allows a role with no permissions', async () => {
      const owner = await createOwner(identity);
      expect(
        (await identity.api(owner.token, 'POST', '/roles', { name: 'Guest', permissions: [] })).body,
      ).toMatchObject({ name: 'Guest', permissions: [] });
    });

    it.each([['Field Team'], ['FIELD TEAM'], ['owner'], ['Read Only'], ['support']])(
      'refuses %j as a name already taken in the workspace, whatever its case (409 role_name_taken)',
      async (name) => {
        const owner = await createOwner(identity);
        await createRole(owner, { name: 'field team' });
        const answer = await identity.api(owner.token, 'POST', '/roles', { name, permissions: [] });
        expect(answer.status).toBe(409);
        expect(answer.body.error.code).toBe('role_name_taken');
        expect((await identity.api(owner.token, 'GET', '/roles')).body.data).toHaveLength(7);
      },
    );

    it('allows the same name in two workspaces', async () => {
      const first = await createOwner(identity);
      const second = await createOwner(identity);
      await createRole(first, { name: 'Interns' });
      expect((await identity.api(second.token, 'POST', '/roles', { name: 'Interns', permissions: [] })).status).toBe(
        201,
      );
    });

    it.each([
      ['an unknown field', { colour: 'red' }, "unknown field 'colour'"],
      ['a missing name', { name: undefined }, 'name is required'],
      ['missing permissions', { permissions: undefined }, 'permissions is required'],
      ['an empty name', { name: '' }, 'name must NOT have fewer than 1 characters'],
      ['a blank name', { name: '   ' }, 'name'],
      ['a name over 40 characters', { name: 'r'.repeat(41) }, 'name must NOT have more than 40 characters'],
      ['a name with a line feed', { name: 'Sales\nTeam' }, 'name must be one line of text without control characters'],
      [
        'an unknown permission',
        { permissions: ['companies:read', 'companies:delete'] },
        'permissions.1 must be one of',
      ],
      [
        'a repeated permission',
        { permissions: ['tasks:read', 'tasks:read'] },
        'permissions must NOT have duplicate items',
      ],
      ['permissions that are not an array', { permissions: 'companies:read' }, 'permissions must be array'],
    ])('refuses %s with 400 naming the field', async (_label, body, message) => {
      const owner = await createOwner(identity);
      const answer = await identity.api(owner.token, 'POST', '/roles', {
        name: 'Valid',
        permissions: ['tasks:read'],
        ...body,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: 'validation_failed', message: expect.stringContaining(message) });
      expect((await identity.api(owner.token, 'GET', '/roles')).body.data).toHaveLength(6);
    });
  });

  describe('PATCH /roles/{id}', () => {
    it('renames a custom role and changes its permissions; holders have them on their next request', async () => {
      const owner = await createOwner(identity);
      const role = await createRole(owner, { name: 'Helpers', permissions: ['companies:read'] });
      const helper = await addTeammate(identity, owner, 'Helpers');
      const { key } = await createApiKey(identity, owner, { role: 'Helpers' });
      expect((await identity.authenticate(helper.token)).permissions).toEqual(['companies:read']);

      const answer = await identity.api(owner.token, 'PATCH', `/roles/${role.id}`, {
        name: 'Helpers+',
        permissions: ['contacts:read', 'companies:read'],
      });
      expect(answer).toEqual({
        status: 200,
        body: {
          id: role.id,
          name: 'Helpers+',
          permissions: ['companies:read', 'contacts:read'],
          is_system: false,
          members: 1,
        },
      });
      expect(await identity.authenticate(helper.token)).toMatchObject({
        role: 'Helpers+',
        permissions: ['companies:read', 'contacts:read'],
      });
      expect(await identity.authenticate(key)).toMatchObject({
        role: 'Helpers+',
        permissions: ['companies:read', 'contacts:read'],
      });
      const listed = await identity.api(owner.token, 'GET', '/members');
      expect(listed.body.data.find((member: { email: string }) => member.email === helper.email).role).toBe('Helpers+');

      const events = await identity.events({
        'event.type': 'identity.role.updated',
        'event.workspace_id': owner.workspaceId,
      });
      expect(events.map((event) => event.data)).toEqual([
        {
          role_id: role.id,
          name: 'Helpers+',
          permissions: ['companies:read', 'contacts:read'],
          previous_name: 'Helpers',
          previous_permissions: ['companies:read'],
          version: 2,
        },
      ]);
    });

    it('changes only what is given, may change the case of its own name, and records nothing when nothing changes', async () => {
      const owner = await createOwner(identity);
      const role = await createRole(owner, { name: 'field team', permissions: ['tasks:read'] });
      expect(
        (await identity.api(owner.token, 'PATCH', `/roles/${role.id}`, { name: 'Field Team' })).body,
      ).toMatchObject({ name: 'Field Team', permissions: ['tasks:read'] });
      expect(
        (await identity.api(owner.token, 'PATCH', `/roles/${role.id}`, { permissions: ['tasks:read'] })).status,
      ).toBe(200);
      expect((await identity.api(owner.token, 'PATCH', `/roles/${role.id}`, {})).body).toMatchObject({
        name: 'Field Team',
      });
      expect(
        await identity.events({ 'event.type': 'identity.role.updated', 'event.workspace_id': owner.workspaceId }),
      ).toHaveLength(1);
    });

    it('refuses a name another role has (409 role_name_taken)', async () => {
      const owner = await createOwner(identity);
      const role = await createRole(owner, { name: 'One' });
      await createRole(owner, { name: 'Two' });
      for (const name of ['two', 'Admin', 'Support']) {
        const answer = await identity.api(owner.token, 'PATCH', `/roles/${role.id}`, { name });
        expect(answer.status).toBe(409);
        expect(answer.body.error.code).toBe('role_name_taken');
      }
    });

    it('refuses to change a built-in role (409 role_is_system)', async () => {
      const owner = await createOwner(identity);
      const roles = (await identity.api(owner.token, 'GET', '/roles')).body.data as Array<{ id: string; name: string }>;
      const sales = roles.find((role) => role.name === 'Sales')!;
      const answer = await identity.api(owner.token, 'PATCH', `/roles/${sales.id}`, {
        permissions: ['settings:manage'],
      });
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('role_is_system');
      const after = (await identity.api(owner.token, 'GET', '/roles')).body.data.find(
        (role: { id: string }) => role.id === sales.id,
      );
      expect(after.permissions).not.toContain('settings:manage');
    });

    it.each([
      ['an unknown field', { is_system: true }, "unknown field 'is_system'"],
      ['an empty name', { name: '' }, 'name'],
      ['a name over 40 characters', { name: 'r'.repeat(41) }, 'name must NOT have more than 40 characters'],
      ['an unknown permission', { permissions: ['everything'] }, 'permissions.0 must be one of'],
    ])('refuses %s with 400 naming the field', async (_label, body, message) => {
      const owner = await createOwner(identity);
      const role = await createRole(owner, { name: 'Stable' });
      const answer = await identity.api(owner.token, 'PATCH', `/roles/${role.id}`, body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: 'validation_failed', message: expect.stringContaining(message) });
    });
  });

  describe('DELETE /roles/{id}', () => {
    it('deletes an unused custom role (204) and records it', async () => {
      const owner = await createOwner(identity);
      const role = await createRole(owner, { name: 'Temporary', permissions: ['tasks:read'] });
      expect(await identity.api(owner.token, 'DELETE', `/roles/${role.id}`)).toEqual({ status: 204, body: undefined });
      const listed = await identity.api(owner.token, 'GET', '/roles');
      expect(listed.body.data.map((entry: { id: string }) => entry.id)).not.toContain(role.id);
      expect((await identity.api(owner.token, 'DELETE', `/roles/${role.id}`)).status).toBe(404);
      const events = await identity.events({
        'event.type': 'identity.role.deleted',
        'event.workspace_id': owner.workspaceId,
      });
      expect(events.map((event) => event.data)).toEqual([
        { role_id: role.id, name: 'Temporary', permissions: ['tasks:read'], version: 2 },
      ]);
      // The name is free again.
      expect((await identity.api(owner.token, 'POST', '/roles', { name: 'temporary', permissions: [] })).status).toBe(
        201,
      );
    });

    it('refuses a built-in role (409 role_is_system)', async () => {
      const owner = await createOwner(identity);
      const roles = (await identity.api(owner.token, 'GET', '/roles')).body.data as Array<{ id: string; name: string }>;
      const answer = await identity.api(
        owner.token,
        'DELETE',
        `/roles/${roles.find((role) => role.name === 'Read only')!.id}`,
      );
      expect(answer.status).toBe(409);
      expect(answer.body.error.code).toBe('role_is_system');
    });

    it('refuses a role a member holds, even a disabled one (409 role_in_use)', async () => {
      const owner = await createOwner(identity);
      const role = await createRole(owner, { name: 'Held' });
      const holder = await addTeammate(identity, owner, 'Held');
      await identity.api(owner.token, 'PATCH', `/members/${holder.userId}`, { status: 'disabled' });
      const answer = await identity.api(owner.token, 'DELETE', `/roles/${role.id}`);
      expect(answer).toEqual({
        status: 409,
        body: { error: { code: 'role_in_use', message: 'the role is still given to 1 member' } },
      });
      expect(
        (await identity.api(owner.token, 'GET', '/roles')).body.data.map((entry: { id: string }) => entry.id),
      ).toContain(role.id);
    });

    it('refuses a role a working API key has, but not one only revoked or expired keys had', async () => {
      const owner = await createOwner(identity);
      const role = await createRole(owner, { name: 'For keys' });
      const live = await createApiKey(identity, owner, { role: 'For keys' });
      const expired = await createApiKey(identity, owner, { role: 'For keys', expires_in_days: 1 });
      await apiKeyModel(identity.service.context.connection).updateOne(
        { workspace_id: owner.workspaceId, _id: expired.id },
        { $set: { expires_at: new Date(Date.now() - 1000).toISOString() } },
      );
      const refused = await identity.api(owner.token, 'DELETE', `/roles/${role.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({ code: 'role_in_use', message: 'the role is still given to 1 API key' });

      expect((await identity.api(owner.token, 'DELETE', `/api-keys/${live.id}`)).status).toBe(204);
      expect((await identity.api(owner.token, 'DELETE', `/roles/${role.id}`)).status).toBe(204);
    });

    it('refuses a role a pending invitation offers, until the invitation is revoked', async () => {
      const owner = await createOwner(identity);
      const role = await createRole(owner, { name: 'Invited' });
      const invitation = await identity.api(owner.token, 'POST', '/invitations', {
        email: `guest-${randomUUID()}@example.test`,
        role_id: role.id,
      });
      expect(invitation.status).toBe(201);
      const refused = await identity.api(owner.token, 'DELETE', `/roles/${role.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toEqual({
        code: 'role_in_use',
        message: 'the role is still given to 1 pending invitation',
      });

      expect((await identity.api(owner.token, 'DELETE', `/invitations/${invitation.body.id}`)).status).toBe(204);
      expect((await identity.api(owner.token, 'DELETE', `/roles/${role.id}`)).status).toBe(204);
    });

    it('cannot be done by an agent key (403)', async () => {
      const owner = await createOwner(identity);
      const role = await createRole(owner);
      const { key } = await createApiKey(identity, owner, { kind: 'agent', role: 'Agent (read & write)' });
      expect((await identity.api(key, 'DELETE', `/roles/${role.id}`)).status).toBe(403);
    });
  });

  describe('ids', () => {
    it('answers 404 for an unknown id', async () => {
      const owner = await createOwner(identity);
      for (const [method, body] of [
        ['PATCH', { name: 'X' }],
        ['DELETE', undefined],
      ] as const) {
        const answer = await identity.api(owner.token, method, `/roles/${randomUUID()}`, body);
        expect(answer).toEqual({ status: 404, body: { error: { code: 'not_found', message: 'role not found' } } });
      }
    });

    // The declaration's path schema refuses an id that cannot be one, naming it.
    it('answers 400 naming the id for a malformed one', async () => {
      const owner = await createOwner(identity);
      for (const [method, body] of [
        ['PATCH', { name: 'X' }],
        ['DELETE', undefined],
      ] as const) {
        const answer = await identity.api(owner.token, method, '/roles/sales', body);
        expect(answer).toEqual({
          status: 400,
          body: { error: { code: 'validation_failed', message: 'id must be a valid uuid' } },
        });
      }
    });

    it('answers 404 for another workspace’s roles, custom or built-in, and changes nothing there', async () => {
      const owner = await createOwner(identity);
      const other = await createOwner(identity);
      const theirs = await createRole(other, { name: 'Theirs', permissions: ['tasks:read'] });
      const theirOwnerRole = (await identity.api(other.token, 'GET', '/roles')).body.data[0].id as string;
      for (const id of [theirs.id, theirOwnerRole]) {
        expect((await identity.api(owner.token, 'PATCH', `/roles/${id}`, { name: 'Mine now' })).status).toBe(404);
        expect((await identity.api(owner.token, 'DELETE', `/roles/${id}`)).status).toBe(404);
      }
      const after = (await identity.api(other.token, 'GET', '/roles')).body.data;
      expect(after.find((role: { id: string }) => role.id === theirs.id)).toMatchObject({
        name: 'Theirs',
        permissions: ['tasks:read'],
      });
      expect(after).toHaveLength(7);
    });
  });
});
