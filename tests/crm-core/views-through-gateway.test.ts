import { joinByInvitation, request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';

// Custom fields and saved views as a client meets them through the gateway: access comes from
// the permission matrix, every change reaches identity's audit log, and a view's owner name
// follows its creator's profile.
const system = sharedTestSystem();
const base = system.url;

interface AuditItem {
  object_type: string | null;
  object_name: string | null;
  actor: string | null;
  summary: string | null;
}

describe('custom fields and saved views through the gateway', () => {
  it('serve admins and members as the matrix says, and audit each change', async () => {
    const owner = await signUpWithWorkspace(base, 'Olga');
    const sales = await joinByInvitation(base, system, owner, 'Sam', 'Sales');

    const field = await request(base, 'POST', '/custom-fields', {
      token: owner.token,
      body: { object: 'company', label: 'Annual revenue', type: 'number' },
    });
    expect(field.status).toBe(201);
    expect(field.body).toMatchObject({ key: 'annual_revenue', type: 'number', position: 0, archived: false });
    expect((await request(base, 'GET', '/custom-fields?object=company', { token: sales.token })).body.data).toEqual([
      field.body,
    ]);
    expect(
      (
        await request(base, 'PATCH', `/custom-fields/${field.body.id}`, {
          token: sales.token,
          body: { label: 'Revenue' },
        })
      ).status,
    ).toBe(403);

    const shared = await request(base, 'POST', '/saved-views', {
      token: owner.token,
      body: {
        object: 'company',
        name: 'Big accounts',
        filters: { kind: 'account', custom: '{"annual_revenue":1000000}' },
        shared: true,
      },
    });
    expect(shared.status).toBe(201);
    expect(shared.body).toMatchObject({ owner_name: 'Olga', mine: true, shared: true });

    const refused = await request(base, 'POST', '/saved-views', {
      token: sales.token,
      body: { object: 'deal', name: 'Team', filters: {}, shared: true },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('shared saved views need a workspace admin');
    const own = await request(base, 'POST', '/saved-views', {
      token: sales.token,
      body: { object: 'deal', name: 'Won', filters: { status: 'won' } },
    });
    expect(own.status).toBe(201);

    const seen = await request(base, 'GET', '/saved-views', { token: sales.token });
    expect(seen.body.data.map((view: { name: string; mine: boolean }) => [view.name, view.mine])).toEqual([
      ['Big accounts', false],
      ['Won', true],
    ]);
    expect((await request(base, 'DELETE', `/saved-views/${shared.body.id}`, { token: sales.token })).status).toBe(403);
    expect(
      (await request(base, 'GET', '/saved-views', { token: owner.token })).body.data.map(
        (view: { name: string }) => view.name,
      ),
    ).toEqual(['Big accounts']);

    // The owner's new name shows on their view once identity's event has been consumed.
    expect(
      (await request(base, 'PATCH', '/me', { token: owner.token, body: { first_name: 'Olga', last_name: 'Berg' } }))
        .status,
    ).toBeLessThan(300);
    await waitFor(async () => {
      const views = (await request(base, 'GET', '/saved-views', { token: sales.token })).body.data as Array<{
        owner_name: string;
      }>;
      return views[0].owner_name === 'Olga Berg' || undefined;
    });

    expect((await request(base, 'DELETE', `/saved-views/${shared.body.id}`, { token: owner.token })).status).toBe(204);

    const entries = await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log', { token: owner.token });
      const items = (log.body.data as AuditItem[]).filter(
        (item) => item.object_type === 'custom_field' || item.object_type === 'saved_view',
      );
      return items.length === 4 ? items : undefined;
    });
    expect(entries.map((item) => item.summary).sort()).toEqual([
      'Created custom field "Annual revenue"',
      'Created saved view "Big accounts"',
      'Created saved view "Won"',
      'Deleted saved view "Big accounts"',
    ]);
    expect(entries.find((item) => item.summary === 'Created saved view "Won"')).toMatchObject({
      object_name: 'Won',
      actor: 'Sam',
    });
  });
});

describe('shared saved views', () => {
  it('are changed, deleted and shared by admins of their own role only, an API key by its own role', async () => {
    const owner = await signUpWithWorkspace(base, 'Olga');
    const call = (token: string, method: string, path: string, body?: unknown) =>
      request(base, method, path, { token, body });
    const keyOf = async (name: string, role: string) => {
      const created = await call(owner.token, 'POST', '/api-keys', { name, kind: 'integration', role });
      expect(created.status).toBe(201);
      return created.body.key as string;
    };
    const script = await keyOf('Nightly sync', 'Agent (read & write)');
    const shared = await call(owner.token, 'POST', '/saved-views', {
      object: 'company',
      name: 'Team accounts',
      filters: { kind: 'account' },
      shared: true,
    });
    expect(shared.status).toBe(201);

    // The key acts as its creator (an admin), but its own role is not an admin's.
    for (const [method, body] of [
      ['PATCH', { name: 'Renamed by a script' }],
      ['PATCH', { shared: false }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await call(script, method, `/saved-views/${shared.body.id}`, body);
      expect({ method, status: refused.status, message: refused.body?.error?.message }).toEqual({
        method,
        status: 403,
        message: 'shared saved views need a workspace admin',
      });
    }
    expect(
      (await call(script, 'POST', '/saved-views', { object: 'company', name: 'Everyone', filters: {}, shared: true }))
        .status,
    ).toBe(403);
    const own = await call(script, 'POST', '/saved-views', { object: 'company', name: 'Mine', filters: {} });
    expect(own.status).toBe(201);
    expect((await call(script, 'PATCH', `/saved-views/${own.body.id}`, { shared: true })).status).toBe(403);
    const views = await call(owner.token, 'GET', '/saved-views?object=company');
    expect(views.body.data.map((view: { name: string; shared: boolean }) => [view.name, view.shared])).toEqual([
      ['Team accounts', true],
      ['Mine', false],
    ]);

    // A key whose own role is an admin's may.
    expect(
      (
        await call(owner.token, 'POST', '/roles', {
          name: 'View keepers',
          permissions: ['companies:read', 'settings:manage'],
        })
      ).status,
    ).toBe(201);
    const keeper = await keyOf('View keeper', 'View keepers');
    const renamed = await call(keeper, 'PATCH', `/saved-views/${shared.body.id}`, { name: 'Accounts' });
    expect({ status: renamed.status, name: renamed.body.name }).toEqual({ status: 200, name: 'Accounts' });
    expect((await call(keeper, 'DELETE', `/saved-views/${shared.body.id}`)).status).toBe(204);
    expect(
      (await call(owner.token, 'GET', '/saved-views?object=company')).body.data.map(
        (view: { name: string }) => view.name,
      ),
    ).toEqual(['Mine']);
  });
});
