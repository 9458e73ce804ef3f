import { randomUUID } from 'node:crypto';
import { makeEventOf } from '@crm/bus';
import type { InternalClaims } from '@crm/kit';
import { EVENT_CONTRACTS, payloadProblem, recordStateOf, userUpdated, type SavedViewCreatedData } from '@crm/protos';
import { startServiceForTest, tenantClaims, type ServiceHarness } from '@crm/testing';
import { crmCoreService } from '../../../crm-core-service';
import { ownerNamesHandler } from '../owner-names';

let crm: ServiceHarness;
beforeAll(async () => {
  crm = await startServiceForTest(crmCoreService);
});
afterAll(async () => crm.stop());

const adminOf = (workspace_id: string = randomUUID(), label = 'Ann Admin') =>
  tenantClaims({
    workspace_id,
    actor: { type: 'user', id: randomUUID(), label },
    permissions: ['companies:read', 'settings:manage'],
  });
const memberOf = (workspace_id: string, label = 'Mo Member'): InternalClaims => {
  const user_id = randomUUID();
  return tenantClaims({
    workspace_id,
    user_id,
    actor: { type: 'user', id: user_id, label },
    role: 'Member',
    is_admin: false,
    permissions: ['companies:read', 'companies:write'],
  });
};
// tenantClaims gives the actor its own id; views belong to user_id.
const fixAdmin = (claims: InternalClaims): InternalClaims => ({
  ...claims,
  actor: { ...claims.actor, id: claims.user_id },
});

const viewBody = (overrides: object = {}) => ({
  object: 'company',
  name: 'My leads',
  filters: { kind: 'lead', owner: 'me' },
  ...overrides,
});

describe('POST /saved-views', () => {
  it("saves a private view as the caller's, with their name, and publishes it", async () => {
    const member = memberOf(randomUUID());
    const created = await crm.call(member, 'POST', '/saved-views', { body: viewBody({ name: '  My leads ' }) });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      object: 'company',
      name: 'My leads',
      filters: { kind: 'lead', owner: 'me' },
      shared: false,
      owner_id: member.user_id,
      owner_name: 'Mo Member',
      mine: true,
      created_at: expect.any(String),
    });
    const [event] = await crm.events({ 'event.data.saved_view_id': created.body.id });
    expect(event.type).toBe('crm.saved_view.created');
    expect(event.actor).toEqual(member.actor);
    const { id, mine, ...state } = created.body;
    expect(mine).toBe(true);
    expect(event.data).toEqual({ saved_view_id: id, ...state, version: 1 });
    expect(payloadProblem(EVENT_CONTRACTS.get('crm.saved_view.created')!, event.data)).toBeUndefined();
  });

  it('keeps no owner name for an API key (its label names the key, not a person)', async () => {
    const member = memberOf(randomUUID());
    const key = { ...member, actor: { type: 'app' as const, id: randomUUID(), label: 'Nightly sync' } };
    const created = await crm.call(key, 'POST', '/saved-views', { body: viewBody() });
    expect(created.body).toMatchObject({ owner_id: member.user_id, owner_name: null, mine: true });
  });

  it('shares a view only for an admin', async () => {
    const admin = fixAdmin(adminOf());
    const shared = await crm.call(admin, 'POST', '/saved-views', { body: viewBody({ shared: true }) });
    expect(shared.status).toBe(201);
    expect(shared.body.shared).toBe(true);

    const refused = await crm.call(memberOf(admin.workspace_id!), 'POST', '/saved-views', {
      body: viewBody({ shared: true }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: 'shared saved views need a workspace admin' });
  });

  it('accepts the filters of each list and refuses anything else, naming the field', async () => {
    const member = memberOf(randomUUID());
    const post = (body: object) => crm.call(member, 'POST', '/saved-views', { body });
    const uuid = randomUUID();
    for (const [object, filters] of [
      [
        'company',
        {
          q: 'acme',
          owner: 'none',
          custom: '{"tier":"gold"}',
          kind: 'account',
          stage_id: uuid,
          pipeline_id: uuid,
          source_id: uuid,
          campaign_id: uuid,
          deleted: 'true',
          sort: 'name_asc',
        },
      ],
      ['contact', { q: 'ann', company_id: uuid, reports_to_id: uuid, owner: uuid, custom: '{}', deleted: 'false' }],
      [
        'deal',
        {
          pipeline_id: uuid,
          stage_id: uuid,
          company_id: uuid,
          campaign_id: uuid,
          owner: 'me',
          custom: '{}',
          status: 'won',
          q: 'big',
          sort: 'value_desc',
        },
      ],
      ['deal', {}],
    ] as const) {
      const answer = await post({ object, name: 'All', filters });
      expect({ object, status: answer.status }).toEqual({ object, status: 201 });
      expect(answer.body.filters).toEqual(filters);
    }

    for (const [body, message] of [
      [viewBody({ filters: { kind: 'x'.repeat(501) } }), 'filters'],
      [viewBody({ filters: { limit: '10' } }), 'filters.limit is not a filter of the company list'],
      [viewBody({ object: 'contact', filters: { kind: 'lead' } }), 'filters.kind is not a filter of the contact list'],
      [viewBody({ object: 'deal', filters: { deleted: 'true' } }), 'filters.deleted is not a filter of the deal list'],
      [viewBody({ filters: { kind: 'prospect' } }), 'filters.kind must be one of lead, account'],
      [viewBody({ filters: { stage_id: 'nope' } }), 'filters.stage_id must be a valid uuid'],
      [viewBody({ object: 'contact', filters: { owner: 'none' } }), 'filters.owner must be me or a uuid'],
      [viewBody({ filters: { custom: '[1]' } }), 'filters.custom must be a JSON object'],
      [viewBody({ filters: { deleted: 'yes' } }), 'filters.deleted must be one of true, false'],
      [viewBody({ filters: { kind: 1 } }), 'filters'],
      [viewBody({ filters: 'kind=lead' }), 'filters'],
      [{ object: 'company', name: 'No filters' }, 'filters'],
      [viewBody({ name: '' }), 'name'],
      [viewBody({ name: 'x'.repeat(61) }), 'name'],
      [viewBody({ object: 'task' }), 'object'],
      [viewBody({ shared: 'yes' }), 'shared'],
      [viewBody({ mine: true }), 'mine'],
    ] as const) {
      const answer = await post(body);
      expect({ body, status: answer.status, code: answer.body.error.code }).toEqual({
        body,
        status: 400,
        code: 'validation_failed',
      });
      expect(answer.body.error.message).toContain(message);
    }
  });

  it('needs companies:read', async () => {
    const answer = await crm.call(tenantClaims({ is_admin: false, permissions: [] }), 'POST', '/saved-views', {
      body: viewBody(),
    });
    expect(answer.status).toBe(403);
  });
});

describe('GET /saved-views', () => {
  it("lists the caller's views and the shared ones, by object, never another workspace's", async () => {
    const admin = fixAdmin(adminOf());
    const workspace = admin.workspace_id!;
    const ann = memberOf(workspace, 'Ann');
    const bob = memberOf(workspace, 'Bob');
    const post = async (claims: InternalClaims, body: object) =>
      (await crm.call(claims, 'POST', '/saved-views', { body })).body;
    const teamLeads = await post(admin, viewBody({ name: 'Team leads', shared: true }));
    const adminPrivate = await post(admin, viewBody({ name: 'Admin only' }));
    const annCompanies = await post(ann, viewBody({ name: 'Ann companies' }));
    const annContacts = await post(ann, { object: 'contact', name: 'Ann contacts', filters: { q: 'smith' } });
    await post(bob, viewBody({ name: 'Bob companies' }));
    await post(fixAdmin(adminOf()), viewBody({ name: 'Elsewhere', shared: true }));

    const names = async (claims: InternalClaims, query = '') =>
      (await crm.call(claims, 'GET', `/saved-views${query}`)).body.data.map(
        (view: SavedViewCreatedData & { mine: boolean }) => `${view.name}${view.mine ? '*' : ''}`,
      );
    expect(await names(ann)).toEqual(['Team leads', 'Ann companies*', 'Ann contacts*']);
    expect(await names(ann, '?object=company')).toEqual(['Team leads', 'Ann companies*']);
    expect(await names(ann, '?object=contact')).toEqual(['Ann contacts*']);
    expect(await names(ann, '?object=deal')).toEqual([]);
    expect(await names(admin)).toEqual(['Team leads*', 'Admin only*']);
    expect(await names(bob, '?object=company')).toEqual(['Team leads', 'Bob companies*']);
    expect([teamLeads, adminPrivate, annCompanies, annContacts].every((view) => typeof view.id === 'string')).toBe(
      true,
    );

    const bad = await crm.call(ann, 'GET', '/saved-views?object=task');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('object');
  });
});

describe('PATCH /saved-views/{id}', () => {
  it('lets the creator rename, refilter and unshare, with a new version each time', async () => {
    const member = memberOf(randomUUID());
    const view = (await crm.call(member, 'POST', '/saved-views', { body: viewBody() })).body;
    const patched = await crm.call(member, 'PATCH', `/saved-views/${view.id}`, {
      body: { name: 'Accounts', filters: { kind: 'account' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...view, name: 'Accounts', filters: { kind: 'account' } });
    // No change: no event.
    expect((await crm.call(member, 'PATCH', `/saved-views/${view.id}`, { body: { name: 'Accounts' } })).body).toEqual(
      patched.body,
    );
    const cleared = await crm.call(member, 'PATCH', `/saved-views/${view.id}`, { body: { filters: {} } });
    expect(cleared.body.filters).toEqual({});

    const events = await crm.events({ 'event.data.saved_view_id': view.id });
    expect(events.map((event) => [event.type, recordStateOf(EVENT_CONTRACTS, event)?.version])).toEqual([
      ['crm.saved_view.created', 1],
      ['crm.saved_view.updated', 2],
      ['crm.saved_view.updated', 3],
    ]);
  });

  it('needs an admin to share, and lets an admin change a shared view of someone else but not a private one', async () => {
    const admin = fixAdmin(adminOf());
    const member = memberOf(admin.workspace_id!);
    const own = (await crm.call(member, 'POST', '/saved-views', { body: viewBody() })).body;

    const share = await crm.call(member, 'PATCH', `/saved-views/${own.id}`, { body: { shared: true } });
    expect(share.status).toBe(403);
    expect(share.body.error.message).toBe('shared saved views need a workspace admin');
    const privateOfOther = await crm.call(admin, 'PATCH', `/saved-views/${own.id}`, { body: { name: 'Mine now' } });
    expect(privateOfOther.status).toBe(403);

    const shared = (await crm.call(admin, 'POST', '/saved-views', { body: viewBody({ shared: true, name: 'Team' }) }))
      .body;
    const otherAdmin = fixAdmin({ ...adminOf(admin.workspace_id!), user_id: randomUUID() });
    const byAdmin = await crm.call(otherAdmin, 'PATCH', `/saved-views/${shared.id}`, { body: { name: 'Team leads' } });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ name: 'Team leads', owner_id: admin.user_id, mine: false });
    const byMember = await crm.call(member, 'PATCH', `/saved-views/${shared.id}`, { body: { name: 'Hijacked' } });
    expect(byMember.status).toBe(403);
    expect(byMember.body.error.message).toBe('shared saved views need a workspace admin');

    const names = (await crm.call(member, 'GET', '/saved-views')).body.data.map((view: { name: string }) => view.name);
    expect(names).toEqual(['My leads', 'Team leads']);
  });

  it("refuses bad input naming the field, and answers 404 for another workspace's view", async () => {
    const member = memberOf(randomUUID());
    const view = (
      await crm.call(member, 'POST', '/saved-views', { body: { object: 'contact', name: 'Mine', filters: {} } })
    ).body;
    for (const [body, message] of [
      [{ filters: { kind: 'lead' } }, 'filters.kind is not a filter of the contact list'],
      [{ filters: { q: 'x'.repeat(501) } }, 'filters'],
      [{ name: '' }, 'name'],
      [{ object: 'company' }, 'object'],
      [{ owner_id: randomUUID() }, 'owner_id'],
    ] as const) {
      const answer = await crm.call(member, 'PATCH', `/saved-views/${view.id}`, { body });
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body.error.message).toContain(message);
    }
    const stranger = fixAdmin(adminOf());
    expect((await crm.call(stranger, 'PATCH', `/saved-views/${view.id}`, { body: { name: 'x' } })).status).toBe(404);
    expect((await crm.call(member, 'PATCH', `/saved-views/${randomUUID()}`, { body: { name: 'x' } })).status).toBe(404);
    expect((await crm.call(member, 'GET', '/saved-views')).body.data).toEqual([view]);
  });
});

describe('DELETE /saved-views/{id}', () => {
  it('deletes own views, and shared ones for an admin; publishes the last state with the next version', async () => {
    const admin = fixAdmin(adminOf());
    const member = memberOf(admin.workspace_id!);
    const own = (await crm.call(member, 'POST', '/saved-views', { body: viewBody() })).body;
    const shared = (await crm.call(admin, 'POST', '/saved-views', { body: viewBody({ shared: true }) })).body;
    const adminPrivate = (await crm.call(admin, 'POST', '/saved-views', { body: viewBody() })).body;

    expect((await crm.call(member, 'DELETE', `/saved-views/${shared.id}`)).status).toBe(403);
    expect((await crm.call(member, 'DELETE', `/saved-views/${adminPrivate.id}`)).status).toBe(403);
    expect((await crm.call(admin, 'DELETE', `/saved-views/${own.id}`)).status).toBe(403);
    expect((await crm.call(fixAdmin(adminOf()), 'DELETE', `/saved-views/${shared.id}`)).status).toBe(404);

    expect((await crm.call(member, 'DELETE', `/saved-views/${own.id}`)).status).toBe(204);
    const otherAdmin = fixAdmin({ ...adminOf(admin.workspace_id!), user_id: randomUUID() });
    expect((await crm.call(otherAdmin, 'DELETE', `/saved-views/${shared.id}`)).status).toBe(204);
    expect((await crm.call(member, 'DELETE', `/saved-views/${own.id}`)).status).toBe(404);

    expect((await crm.call(member, 'GET', '/saved-views')).body.data).toEqual([]);
    const [deleted] = await crm.events({
      'event.type': 'crm.saved_view.deleted',
      'event.data.saved_view_id': shared.id,
    });
    expect(deleted.actor).toEqual(otherAdmin.actor);
    expect(deleted.data).toMatchObject({ saved_view_id: shared.id, name: 'My leads', shared: true, version: 2 });
  });

  it('is refused to agent keys', async () => {
    const member = memberOf(randomUUID());
    const view = (await crm.call(member, 'POST', '/saved-views', { body: viewBody() })).body;
    const agent = { ...member, actor: { type: 'agent' as const, id: randomUUID(), label: 'Helper' } };
    expect((await crm.call(agent, 'DELETE', `/saved-views/${view.id}`)).status).toBe(403);
  });
});

describe('owner names', () => {
  it('follow identity.user.updated in every workspace, and a stale rename never wins', async () => {
    const member = memberOf(randomUUID(), 'Ann Lee');
    const elsewhere = { ...memberOf(randomUUID(), 'Ann Lee'), user_id: member.user_id };
    const here = (await crm.call(member, 'POST', '/saved-views', { body: viewBody() })).body;
    await crm.call(elsewhere, 'POST', '/saved-views', { body: viewBody() });

    const renamed = (name: string, version: number) =>
      makeEventOf(userUpdated, {
        workspace_id: member.workspace_id,
        actor: member.actor,
        data: {
          user_id: member.user_id,
          email: 'ann@example.com',
          name,
          email_notifications: true,
          fields: ['name'],
          version,
        },
      });
    const handle = ownerNamesHandler(crm.service.context);
    await handle(renamed('Ann Smith', 3));
    await handle(renamed('Ann Old', 2));

    const ownerNames = async (claims: InternalClaims) =>
      (await crm.call(claims, 'GET', '/saved-views')).body.data.map((view: { owner_name: string }) => view.owner_name);
    expect(await ownerNames(member)).toEqual(['Ann Smith']);
    expect(await ownerNames(elsewhere)).toEqual(['Ann Smith']);
    expect(here.owner_name).toBe('Ann Lee');
  });
});
