import { workspaceModel } from '../workspace.model';
import { addTeammate } from '../../members/__tests__/member-factory';
import { createApiKey, createOwner, startIdentity, type IdentityHarness } from '../../__tests__/identity-harness';

describe('GET and PATCH /workspace', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  it('answers the workspace with its default settings', async () => {
    const owner = await createOwner(identity, 'Settings Ltd');
    const answer = await identity.api(owner.token, 'GET', '/workspace');
    expect(answer).toEqual({
      status: 200,
      body: {
        id: owner.workspaceId,
        slug: owner.slug,
        name: 'Settings Ltd',
        plan: 'standard',
        settings: { currency: 'GBP', date_format: 'DD/MM/YYYY', timezone: 'Europe/London', page_size: 25 },
      },
    });
  });

  it('changes the name and any settings, answers the workspace, and records what changed', async () => {
    const owner = await createOwner(identity, 'Before Ltd');
    const answer = await identity.api(owner.token, 'PATCH', '/workspace', {
      name: '  After Ltd ',
      settings: { currency: 'eur', timezone: 'america/new_york', page_size: 50 },
    });
    expect(answer.status).toBe(200);
    const expected = {
      id: owner.workspaceId,
      slug: owner.slug,
      name: 'After Ltd',
      plan: 'standard',
      settings: { currency: 'EUR', date_format: 'DD/MM/YYYY', timezone: 'America/New_York', page_size: 50 },
    };
    expect(answer.body).toEqual(expected);
    expect((await identity.api(owner.token, 'GET', '/workspace')).body).toEqual(expected);
    expect((await identity.api(owner.token, 'GET', '/me')).body.workspace.name).toBe('After Ltd');

    const events = await identity.events({
      'event.type': 'identity.workspace.updated',
      'event.workspace_id': owner.workspaceId,
    });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: { type: 'user', id: owner.userId },
      data: {
        workspace_id: owner.workspaceId,
        name: 'After Ltd',
        changes: {
          name: { before: 'Before Ltd', after: 'After Ltd' },
          'settings.currency': { before: 'GBP', after: 'EUR' },
          'settings.timezone': { before: 'Europe/London', after: 'America/New_York' },
          'settings.page_size': { before: 25, after: 50 },
        },
      },
    });
    // The workspace's public state after the change, its version, and what changed.
    expect(events[0].data).toMatchObject({
      slug: expect.any(String),
      settings: { currency: 'EUR', page_size: 50 },
      version: 2,
    });
    expect(Object.keys(events[0].data as object).sort()).toEqual([
      'billing_set_up',
      'changes',
      'complimentary_until',
      'created_by',
      'name',
      'plan',
      'settings',
      'slug',
      'version',
      'workspace_id',
    ]);
    expect(Object.keys((events[0].data as { changes: object }).changes)).toHaveLength(4);
  });

  it('keeps the other settings when one is changed, and records nothing when nothing changes', async () => {
    const owner = await createOwner(identity);
    await identity.api(owner.token, 'PATCH', '/workspace', { settings: { date_format: 'YYYY-MM-DD' } });
    const same = await identity.api(owner.token, 'PATCH', '/workspace', {
      settings: { date_format: 'YYYY-MM-DD', currency: 'GBP' },
    });
    expect(same.status).toBe(200);
    expect(same.body.settings).toEqual({
      currency: 'GBP',
      date_format: 'YYYY-MM-DD',
      timezone: 'Europe/London',
      page_size: 25,
    });
    expect(
      await identity.events({ 'event.type': 'identity.workspace.updated', 'event.workspace_id': owner.workspaceId }),
    ).toHaveLength(1);
    expect((await identity.api(owner.token, 'PATCH', '/workspace', {})).status).toBe(200);
  });

  it('accepts UTC and the limits of page_size', async () => {
    const owner = await createOwner(identity);
    expect(
      (await identity.api(owner.token, 'PATCH', '/workspace', { settings: { timezone: 'UTC', page_size: 10 } })).body
        .settings,
    ).toMatchObject({
      timezone: 'UTC',
      page_size: 10,
    });
    expect(
      (await identity.api(owner.token, 'PATCH', '/workspace', { settings: { page_size: 100 } })).body.settings
        .page_size,
    ).toBe(100);
  });

  it.each([
    ['an unknown field', { plan: 'free' }, "unknown field 'plan'"],
    ['an unknown setting', { settings: { colour: 'red' } }, "unknown field 'settings.colour'"],
    ['a one-character name', { name: 'A' }, 'name must NOT have fewer than 2 characters'],
    ['a blank name', { name: '   ' }, 'name'],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, 'name must NOT have more than 100 characters'],
    ['a null name', { name: null }, 'name must be string'],
    ['settings that are not an object', { settings: 'GBP' }, 'settings must be object'],
    ['a four-letter currency', { settings: { currency: 'EURO' } }, 'settings.currency'],
    ['a two-letter currency', { settings: { currency: 'EU' } }, 'settings.currency'],
    ['a currency with a digit', { settings: { currency: 'E1R' } }, 'settings.currency'],
    ['an unknown date format', { settings: { date_format: 'D.M.Y' } }, 'settings.date_format must be one of'],
    ['an unknown timezone', { settings: { timezone: 'Mars/Olympus_Mons' } }, 'settings.timezone'],
    ['an offset instead of a timezone', { settings: { timezone: '+01:00' } }, 'settings.timezone'],
    [
      'a timezone over 60 characters',
      { settings: { timezone: `Europe/${'x'.repeat(60)}` } },
      'settings.timezone must NOT have more than 60',
    ],
    ['page_size 9', { settings: { page_size: 9 } }, 'settings.page_size must be >= 10'],
    ['page_size 101', { settings: { page_size: 101 } }, 'settings.page_size must be <= 100'],
    ['a fractional page_size', { settings: { page_size: 25.5 } }, 'settings.page_size must be integer'],
    ['a page_size as text', { settings: { page_size: '25' } }, 'settings.page_size must be integer'],
  ])('refuses %s with 400 naming the field, changing nothing', async (_label, body, message) => {
    const owner = await createOwner(identity, 'Unchanged Ltd');
    const answer = await identity.api(owner.token, 'PATCH', '/workspace', { name: 'Changed Ltd', ...body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('validation_failed');
    expect(answer.body.error.message).toContain(message);
    const after = await identity.api(owner.token, 'GET', '/workspace');
    expect(after.body.name).toBe('Unchanged Ltd');
    expect(after.body.settings).toEqual({
      currency: 'GBP',
      date_format: 'DD/MM/YYYY',
      timezone: 'Europe/London',
      page_size: 25,
    });
  });

  it('is for admins only: a Sales member and a non-admin key get 403', async () => {
    const owner = await createOwner(identity);
    const sales = await addTeammate(identity, owner, 'Sales');
    const { key } = await createApiKey(identity, owner, { role: 'Agent (read & write)' });
    for (const token of [sales.token, key]) {
      expect((await identity.api(token, 'GET', '/workspace')).status).toBe(403);
      const patch = await identity.api(token, 'PATCH', '/workspace', { name: 'Taken Over' });
      expect(patch.status).toBe(403);
      expect(patch.body.error.code).toBe('forbidden');
    }
    expect((await identity.api(owner.token, 'GET', '/workspace')).body.name).toBe('Acme Ltd');
  });

  it('changes only the caller’s workspace', async () => {
    const first = await createOwner(identity, 'First Ltd');
    const second = await createOwner(identity, 'Second Ltd');
    await identity.api(first.token, 'PATCH', '/workspace', { name: 'First Renamed', settings: { currency: 'USD' } });
    const other = await identity.api(second.token, 'GET', '/workspace');
    expect(other.body).toMatchObject({ id: second.workspaceId, name: 'Second Ltd', settings: { currency: 'GBP' } });
    const stored = await workspaceModel(identity.service.context.connection).findById(second.workspaceId).lean().exec();
    expect(stored?.name).toBe('Second Ltd');
  });
});
