import { EVENT_CONTRACTS, payloadProblem, recordStateOf } from '@crm/protos';
import { createApiKey, createOwner, startIdentity, type IdentityHarness } from '../../__tests__/identity-harness';

describe("identity's events against their contracts", () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  it('publishes only declared events whose payloads match, with no secret in them', async () => {
    const owner = await createOwner(identity, 'Contracts Ltd');
    const { key, id } = await createApiKey(identity, owner, { name: 'Nightly sync' });
    expect((await identity.api(owner.token, 'DELETE', `/api-keys/${id}`)).status).toBe(204);
    expect((await identity.api(owner.token, 'POST', '/auth/sign-out')).status).toBeLessThan(300);

    const events = [
      ...(await identity.events({ 'event.workspace_id': owner.workspaceId })),
      ...(await identity.events({ 'event.data.user_id': owner.userId })),
    ];
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining([
        'identity.workspace.created',
        'identity.api_key.created',
        'identity.api_key.revoked',
        'identity.user.signed_up',
      ]),
    );
    for (const event of events) {
      const contract = EVENT_CONTRACTS.get(event.type);
      expect(contract).toBeDefined();
      expect(payloadProblem(contract!, event.data)).toBeUndefined();
      expect(event.version).toBe(contract!.schemaVersion);
    }
    const published = JSON.stringify(events);
    expect(published).not.toContain(key);
    expect(published).not.toContain(owner.token);
    expect(published).not.toContain(owner.password);
  });

  it("numbers each record's changes: every event about a record carries its next version", async () => {
    const owner = await createOwner(identity);
    const { id } = await createApiKey(identity, owner);
    expect((await identity.api(owner.token, 'DELETE', `/api-keys/${id}`)).status).toBe(204);
    const role = await identity.api(owner.token, 'POST', '/roles', {
      name: 'Helpers',
      permissions: ['companies:read'],
    });
    expect(role.status).toBe(201);
    expect((await identity.api(owner.token, 'PATCH', `/roles/${role.body.id}`, { name: 'Helpers+' })).status).toBe(200);
    expect((await identity.api(owner.token, 'DELETE', `/roles/${role.body.id}`)).status).toBe(204);

    const versionsOf = async (filter: Record<string, unknown>) =>
      (await identity.events(filter)).map((event) => [event.type, recordStateOf(EVENT_CONTRACTS, event)?.version]);
    expect(await versionsOf({ 'event.data.api_key_id': id })).toEqual([
      ['identity.api_key.created', 1],
      ['identity.api_key.revoked', 2],
    ]);
    expect(await versionsOf({ 'event.data.role_id': role.body.id })).toEqual([
      ['identity.role.created', 1],
      ['identity.role.updated', 2],
      ['identity.role.deleted', 3],
    ]);
    // The session moved into the new workspace at onboarding: started, then switched.
    const sessionEvents = await versionsOf({
      'event.data.user_id': owner.userId,
      'event.type': /^identity\.session\./,
    });
    expect(sessionEvents).toEqual([
      ['identity.session.started', 1],
      ['identity.session.switched', 2],
    ]);
  });
});
