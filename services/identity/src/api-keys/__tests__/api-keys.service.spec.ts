import { memberModel } from '../../members/member.model';
import { roleModel } from '../../roles/role.model';
import { apiKeyModel } from '../api-key.model';
import { apiKeyCredentialModel } from '../api-key-credential.model';
import {
  ISO_TIMESTAMP,
  UUID_V7,
  claimsFrom,
  createApiKey,
  createOwner,
  startIdentity,
  type IdentityHarness,
} from '../../__tests__/identity-harness';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('API keys', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  describe('POST /api-keys', () => {
    it('returns the ApiKey record plus the key, once', async () => {
      const owner = await createOwner(identity);
      const before = Date.now();
      const answer = await identity.api(owner.token, 'POST', '/api-keys', {
        name: 'Nightly sync',
        kind: 'integration',
        role: 'Agent (read & write)',
        expires_in_days: 90,
      });
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({
        id: expect.stringMatching(UUID_V7),
        name: 'Nightly sync',
        kind: 'integration',
        prefix: expect.stringMatching(/^crm_ak_[0-9A-Za-z]{8}$/),
        role: 'Agent (read & write)',
        created_by: owner.userId,
        created_at: expect.stringMatching(ISO_TIMESTAMP),
        expires_at: expect.stringMatching(ISO_TIMESTAMP),
        last_used_at: null,
        revoked_at: null,
        key: expect.stringMatching(/^crm_ak_[0-9A-Za-z]{8}_[0-9A-Za-z]{49}$/),
      });
      const lifetime = Date.parse(answer.body.expires_at) - before;
      expect(lifetime).toBeGreaterThanOrEqual(90 * DAY_MS - 1000);
      expect(lifetime).toBeLessThanOrEqual(90 * DAY_MS + 5000);

      // Only the digest is stored, never the key.
      const { connection } = identity.service.context;
      const stored = [
        await apiKeyModel(connection).find({ workspace_id: owner.workspaceId }).lean().exec(),
        await apiKeyCredentialModel(connection).find({ key_id: answer.body.id }).lean().exec(),
      ];
      expect(JSON.stringify(stored)).not.toContain(answer.body.key);
    });

    it('defaults to the Agent (read only) role and no expiry', async () => {
      const owner = await createOwner(identity);
      const { record } = await createApiKey(identity, owner, { name: 'Defaults', kind: 'agent' });
      expect(record).toMatchObject({ role: 'Agent (read only)', expires_at: null, kind: 'agent' });
    });

    it.each([
      ['an unknown field', { secret: 'x' }, "unknown field 'secret'"],
      ['a missing name', { name: undefined }, 'name is required'],
      ['an empty name', { name: '' }, 'name'],
      ['a name over 100 characters', { name: 'k'.repeat(101) }, 'name'],
      ['an unknown kind', { kind: 'robot' }, 'kind must be one of agent, integration'],
      ['expires_in_days 0', { expires_in_days: 0 }, 'expires_in_days'],
      ['expires_in_days 731', { expires_in_days: 731 }, 'expires_in_days'],
      ['a fractional expires_in_days', { expires_in_days: 1.5 }, 'expires_in_days'],
      ['the Owner role', { role: 'Owner' }, 'role'],
      ['the Admin role', { role: 'Admin' }, 'role'],
      ['an unknown role', { role: 'Wizard' }, 'role'],
    ])('refuses %s with 400 naming the field', async (_label, overrides, message) => {
      const owner = await createOwner(identity);
      const answer = await identity.api(owner.token, 'POST', '/api-keys', { name: 'Key', kind: 'agent', ...overrides });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(answer.body.error.message).toContain(message);
      const list = await identity.api(owner.token, 'GET', '/api-keys');
      expect(list.body.data).toEqual([]);
    });

    it('accepts expires_in_days at both ends of 1 to 730', async () => {
      const owner = await createOwner(identity);
      for (const days of [1, 730]) {
        const answer = await identity.api(owner.token, 'POST', '/api-keys', {
          name: `${days}d`,
          kind: 'agent',
          expires_in_days: days,
        });
        expect(answer.status).toBe(201);
      }
    });

    it('is admin only', async () => {
      const owner = await createOwner(identity);
      const { key } = await createApiKey(identity, owner, { role: 'Agent (read & write)' });
      const answer = await identity.api(key, 'POST', '/api-keys', { name: 'Child', kind: 'agent' });
      expect(answer.status).toBe(403);
      expect((await identity.api(key, 'GET', '/api-keys')).status).toBe(403);
    });
  });

  describe('GET /api-keys', () => {
    it("lists the workspace's keys newest first, revoked ones included, without secrets", async () => {
      const owner = await createOwner(identity);
      const other = await createOwner(identity);
      const first = await createApiKey(identity, owner, { name: 'First' });
      const second = await createApiKey(identity, owner, { name: 'Second', kind: 'agent' });
      await createApiKey(identity, other, { name: 'Not mine' });
      await identity.api(owner.token, 'DELETE', `/api-keys/${first.id}`);

      const list = await identity.api(owner.token, 'GET', '/api-keys');
      expect(list.status).toBe(200);
      expect(list.body.data.map((key: { name: string }) => key.name)).toEqual(['Second', 'First']);
      expect(list.body.data[1].revoked_at).toMatch(ISO_TIMESTAMP);
      expect(list.body.data[0]).toEqual({ ...second.record, key: undefined });
      expect(JSON.stringify(list.body)).not.toContain(first.key);
      expect(Object.keys(list.body.data[0]).sort()).toEqual([
        'created_at',
        'created_by',
        'expires_at',
        'id',
        'kind',
        'last_used_at',
        'name',
        'prefix',
        'revoked_at',
        'role',
      ]);
    });
  });

  describe('DELETE /api-keys/{id}', () => {
    it('revokes at once, answers 204 again for a revoked key, and publishes one event', async () => {
      const owner = await createOwner(identity);
      const { key, id } = await createApiKey(identity, owner);
      await expect(identity.authenticate(key)).resolves.toMatchObject({ key_id: id });

      expect((await identity.api(owner.token, 'DELETE', `/api-keys/${id}`)).status).toBe(204);
      await expect(identity.authenticate(key)).rejects.toMatchObject({ code: 'unauthenticated', status: 401 });
      expect((await identity.api(owner.token, 'DELETE', `/api-keys/${id}`)).status).toBe(204);

      const events = await identity.events({ 'event.data.api_key_id': id });
      expect(events.map((event) => event.type)).toEqual(['identity.api_key.created', 'identity.api_key.revoked']);
      expect(events[0]).toMatchObject({
        workspace_id: owner.workspaceId,
        actor: { type: 'user', id: owner.userId },
        data: {
          name: 'Script',
          kind: 'integration',
          role: 'Agent (read only)',
          created_by: owner.userId,
          expires_at: null,
        },
      });
      expect(JSON.stringify(events)).not.toContain(key);
    });

    it("answers 404 for another workspace's key and leaves it working", async () => {
      const owner = await createOwner(identity);
      const other = await createOwner(identity);
      const { key, id } = await createApiKey(identity, other);
      const answer = await identity.api(owner.token, 'DELETE', `/api-keys/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
      await expect(identity.authenticate(key)).resolves.toMatchObject({ key_id: id });
    });

    it('answers 404 for an unknown id and 400 naming the id for a malformed one', async () => {
      const owner = await createOwner(identity);
      const unknown = await identity.api(owner.token, 'DELETE', '/api-keys/01890a5d-ac96-774b-bcce-b302099a8057');
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('not_found');
      expect(await identity.api(owner.token, 'DELETE', '/api-keys/not-a-uuid')).toEqual({
        status: 400,
        body: { error: { code: 'validation_failed', message: 'id must be a valid uuid' } },
      });
    });

    it('is refused to agent keys, even with admin rights', async () => {
      const owner = await createOwner(identity);
      const { key } = await createApiKey(identity, owner, { kind: 'agent' });
      const target = await createApiKey(identity, owner);
      const agentClaims = { ...claimsFrom(await identity.authenticate(key)), is_admin: true };
      const answer = await identity.withClaims(agentClaims, 'DELETE', `/api-keys/${target.id}`);
      expect(answer.status).toBe(403);
      await expect(identity.authenticate(target.key)).resolves.toMatchObject({ key_id: target.id });
    });
  });

  describe('authenticating with a key', () => {
    it('labels integration keys as apps and records when the key was used', async () => {
      const owner = await createOwner(identity);
      const { key, id } = await createApiKey(identity, owner, { name: 'CRM sync' });
      await expect(identity.authenticate(key)).resolves.toMatchObject({
        actor_type: 'app',
        actor_label: 'CRM sync',
        role: 'Agent (read only)',
      });
      const list = await identity.api(owner.token, 'GET', '/api-keys');
      const record = list.body.data.find((item: { id: string }) => item.id === id);
      expect(record.last_used_at).toMatch(ISO_TIMESTAMP);
    });

    it('refuses an expired key', async () => {
      const owner = await createOwner(identity);
      const { key, id } = await createApiKey(identity, owner, { expires_in_days: 1 });
      await apiKeyModel(identity.service.context.connection).updateOne(
        { _id: id, workspace_id: owner.workspaceId },
        { $set: { expires_at: new Date(Date.now() - 1000).toISOString() } },
      );
      await expect(identity.authenticate(key)).rejects.toMatchObject({
        code: 'unauthenticated',
        message: 'API key has expired',
      });
    });

    it('refuses the key once its creator is no longer an active member', async () => {
      const owner = await createOwner(identity);
      const { key } = await createApiKey(identity, owner);
      await memberModel(identity.service.context.connection).updateOne(
        { workspace_id: owner.workspaceId, user_id: owner.userId },
        { $set: { status: 'disabled' } },
      );
      await expect(identity.authenticate(key)).rejects.toMatchObject({ code: 'unauthenticated' });
    });

    it('never grants more than its creator currently has', async () => {
      const owner = await createOwner(identity);
      const { key } = await createApiKey(identity, owner, { role: 'Agent (read & write)' });
      const { connection } = identity.service.context;
      const readOnly = await roleModel(connection)
        .findOne({ workspace_id: owner.workspaceId, name: 'Read only' })
        .lean()
        .exec();
      await memberModel(connection).updateOne(
        { workspace_id: owner.workspaceId, user_id: owner.userId },
        { $set: { role_id: readOnly!._id } },
      );
      await expect(identity.authenticate(key)).resolves.toMatchObject({
        role: 'Agent (read & write)',
        permissions: ['companies:read', 'contacts:read', 'tasks:read'],
        is_admin: false,
      });
    });
  });
});
