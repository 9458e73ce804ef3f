import { invitationTokenMailedTo } from '../billing/plan-limits-support';
import { api } from '../reports/reports-support';
import { request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';

// One id for a person in a workspace: a client that builds its owner and assignee pickers from
// GET /members sends those ids in every field that names a person, in every service, and reads
// the same ids back in records, filters, reports, the audit log and the event feed.
const system = sharedTestSystem();
const base = system.url;

type Listed = { id: string; name: string; email: string; role: string; status: string };

// A workspace with its admin and a second person who joined through a mailed invitation.
async function workspaceWithTwoMembers() {
  const admin = await signUpWithWorkspace(base, 'Ada');
  const client = api(base, admin);
  const roles = await client.ok<{ data: Array<{ id: string; name: string }> }>('GET', '/roles', undefined);
  const email = `bo.${process.pid}.${Date.now()}@example.com`;
  await client.ok(
    'POST',
    '/invitations',
    { email, role_id: roles.data.find((role) => role.name === 'Sales')!.id },
    201,
  );
  const joined = await request(base, 'POST', '/auth/sign-up', {
    body: {
      email,
      password: 'correct horse battery staple',
      name: 'Bo Second',
      invitation_token: invitationTokenMailedTo(system, email),
    },
  });
  expect(joined.status).toBe(201);
  const members = (await client.ok<{ data: Listed[] }>('GET', '/members', undefined)).data;
  const adminId = members.find((member) => member.email === admin.email)!.id;
  const bo = { token: joined.body.token as string, id: members.find((member) => member.email === email)!.id, email };
  return { admin, adminId, bo, client, roles: roles.data };
}

describe("people's ids", () => {
  it('are the ids of GET /members in every field that names a person, answered back the same everywhere', async () => {
    const { admin, adminId, bo, client, roles } = await workspaceWithTwoMembers();

    // GET /me shows each person the id the pickers show.
    expect((await client.ok<{ user: { id: string } }>('GET', '/me', undefined)).user.id).toBe(adminId);
    expect((await request(base, 'GET', '/me', { token: bo.token })).body.user.id).toBe(bo.id);
    expect(adminId).not.toBe(bo.id);

    // Companies: owner_id on create and update, bulk reassign, the owner filter.
    const company = await client.ok<Record<string, any>>(
      'POST',
      '/companies',
      { name: 'Owned by Bo', owner_id: bo.id },
      201,
    );
    expect(company).toMatchObject({ owner_id: bo.id, owner_name: 'Bo Second' });
    const other = await client.ok<Record<string, any>>(
      'POST',
      '/companies',
      { name: 'Owned by Ada', owner_id: adminId },
      201,
    );
    expect(
      (await client.ok<Record<string, any>>('PATCH', `/companies/${other.id}`, { owner_id: bo.id }, 200)).owner_id,
    ).toBe(bo.id);
    expect(
      await client.ok('POST', '/companies/bulk', { ids: [other.id], action: 'reassign', owner_id: adminId }),
    ).toEqual({ updated: 1 });
    expect((await client.ok<Record<string, any>>('GET', `/companies/${other.id}`, undefined)).owner_id).toBe(adminId);
    const bosCompanies = await client.ok<{ data: Array<{ id: string; owner_id: string }> }>(
      'GET',
      `/companies?owner=${bo.id}`,
      undefined,
    );
    expect(bosCompanies.data.map((row) => [row.id, row.owner_id])).toEqual([[company.id, bo.id]]);

    // Contacts and deals: owner_id and the owner filter.
    const contact = await client.ok<Record<string, any>>(
      'POST',
      '/contacts',
      { first_name: 'Pat', owner_id: bo.id, company_id: company.id },
      201,
    );
    expect(contact.owner_id).toBe(bo.id);
    expect(
      (await client.ok<{ data: Array<{ id: string }> }>('GET', `/contacts?owner=${bo.id}`, undefined)).data.map(
        (row) => row.id,
      ),
    ).toEqual([contact.id]);
    const deal = await client.ok<Record<string, any>>(
      'POST',
      '/deals',
      { name: 'Big one', value: 1000, owner_id: bo.id, company_id: company.id },
      201,
    );
    expect(deal).toMatchObject({ owner_id: bo.id, owner_name: 'Bo Second' });
    expect(
      (await client.ok<{ data: Array<{ id: string }> }>('GET', `/deals?owner=${bo.id}`, undefined)).data.map(
        (row) => row.id,
      ),
    ).toEqual([deal.id]);

    // Tasks: assignee_id, the assignee filter, created_by.
    const task = await client.ok<Record<string, any>>(
      'POST',
      '/tasks',
      { title: 'Call Pat', assignee_id: bo.id, target_type: 'contact', target_id: contact.id },
      201,
    );
    expect(task).toMatchObject({ assignee_id: bo.id, created_by: adminId });
    expect(
      (await client.ok<{ data: Array<{ id: string }> }>('GET', `/tasks?assignee=${bo.id}`, undefined)).data.map(
        (row) => row.id,
      ),
    ).toEqual([task.id]);
    const bosOwn = await request(base, 'GET', '/tasks?assignee=me', { token: bo.token });
    expect(bosOwn.body.data.map((row: { id: string }) => row.id)).toEqual([task.id]);

    // Meetings: the organiser and the attending members.
    const meeting = await client.ok<Record<string, any>>(
      'POST',
      '/meetings',
      {
        title: 'Kick-off',
        starts_at: '2030-01-02T10:00:00.000Z',
        ends_at: '2030-01-02T11:00:00.000Z',
        company_id: company.id,
        user_ids: [bo.id, adminId],
      },
      201,
    );
    expect(meeting.organiser_id).toBe(adminId);
    expect(
      meeting.attendees
        .filter((attendee: { type: string }) => attendee.type === 'user')
        .map((attendee: { id: string }) => attendee.id)
        .sort(),
    ).toEqual([adminId, bo.id].sort());

    // Campaigns and web forms (marketing) take the same ids.
    const campaign = await client.ok<Record<string, any>>(
      'POST',
      '/campaigns',
      { name: 'Spring', owner_id: bo.id },
      201,
    );
    expect(campaign).toMatchObject({ owner_id: bo.id, owner_name: 'Bo Second' });
    const form = await client.ok<Record<string, any>>(
      'POST',
      '/web-forms',
      { name: 'Contact us', owner_id: bo.id },
      201,
    );
    expect(form.owner_id).toBe(bo.id);

    // Saved views: their owner is the person who saved them, a filter may name a member.
    const view = await request(base, 'POST', '/saved-views', {
      token: bo.token,
      body: { object: 'company', name: 'Mine', filters: { owner: bo.id } },
    });
    expect(view.status).toBe(201);
    expect(view.body).toMatchObject({ owner_id: bo.id, mine: true });

    // API keys: created_by is the admin's id.
    const key = await client.ok<Record<string, any>>(
      'POST',
      '/api-keys',
      { name: 'Sync', kind: 'integration', role: 'Agent (read & write)' },
      201,
    );
    expect(key.created_by).toBe(adminId);

    // Reports group and filter by the same ids.
    const summary = await client.until<Record<string, any>>(
      'GET',
      '/reports/summary',
      undefined,
      (body) =>
        body.by_owner.some(
          (row: { owner_id: string; companies: number }) => row.owner_id === bo.id && row.companies === 1,
        ),
      "the summary to count Bo's company",
    );
    expect(summary.by_owner).toEqual(
      expect.arrayContaining([
        { owner_id: bo.id, owner_name: 'Bo Second', companies: 1 },
        { owner_id: adminId, owner_name: 'Ada', companies: 1 },
      ]),
    );
    const byOwner = await client.run({ object: 'company', group_by: ['owner_id'] });
    expect(byOwner.status).toBe(200);
    expect(byOwner.body.rows).toEqual(
      expect.arrayContaining([
        { keys: [bo.id], labels: ['Bo Second'], value: 1, other_currency: [] },
        { keys: [adminId], labels: ['Ada'], value: 1, other_currency: [] },
      ]),
    );
    const byAssignee = await client.until<Record<string, any>>(
      'POST',
      '/reports/run',
      { object: 'task', group_by: ['assignee_id'] },
      (body) => body.rows.length === 1,
      'the task report to count the task',
    );
    expect(byAssignee.rows).toEqual([{ keys: [bo.id], labels: ['Bo Second'], value: 1, other_currency: [] }]);
    const sales = await client.ok<Record<string, any>>('GET', `/reports/sales?owner=${bo.id}`, undefined);
    expect(sales.owner_id).toBe(bo.id);

    // PATCH /members/{id} takes the same id; the list, the audit log and the events answer it.
    const readOnly = roles.find((role) => role.name === 'Read only')!.id;
    expect((await client.call('PATCH', `/members/${bo.id}`, { role_id: readOnly })).status).toBe(204);
    expect(
      (await client.ok<{ data: Listed[] }>('GET', '/members', undefined)).data.find((member) => member.id === bo.id),
    ).toMatchObject({ role: 'Read only' });
    const audit = await client.until<{ data: Array<Record<string, any>> }>(
      'GET',
      '/audit-log?source=admin',
      undefined,
      (body) => body.data.some((entry) => entry.object_type === 'member' && entry.action === 'updated'),
      'the role change in the audit log',
    );
    expect(audit.data.filter((entry) => entry.object_type === 'member').map((entry) => entry.object_id)).toEqual(
      expect.arrayContaining([bo.id, adminId]),
    );
    expect(
      audit.data
        .filter((entry) => entry.object_type === 'member')
        .every((entry) => entry.object_id === bo.id || entry.object_id === adminId),
    ).toBe(true);
    let feed: Array<{ type: string; data: Record<string, any> }> = [];
    await waitFor(async () => {
      feed = (
        await client.ok<{ data: typeof feed }>(
          'GET',
          '/events?types=identity.member.updated,crm.company.created,crm.task.created&limit=200',
          undefined,
        )
      ).data;
      return feed.some((event) => event.type === 'identity.member.updated');
    }, 'the member update in the event feed');
    expect(feed.find((event) => event.type === 'identity.member.updated')!.data.user_id).toBe(bo.id);
    expect(
      feed.find((event) => event.type === 'crm.company.created' && event.data.company_id === company.id)?.data.owner_id,
    ).toBe(bo.id);
    expect(feed.find((event) => event.type === 'crm.task.created')?.data).toMatchObject({
      assignee_id: bo.id,
      created_by: adminId,
    });

    // Disabled by that id, the person is refused as an owner from the next request on.
    expect((await client.call('PATCH', `/members/${bo.id}`, { status: 'disabled' })).status).toBe(204);
    const refused = await client.call('POST', '/companies', { name: 'Too late', owner_id: bo.id });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { code: 'validation_failed', message: 'owner_id is not a member of this workspace' } },
    });
    expect(admin.user.id).toBe(adminId);
  });

  it("refuse another workspace's member id: 400 in a person field, 404 as a member", async () => {
    const { client, adminId } = await workspaceWithTwoMembers();
    const stranger = await signUpWithWorkspace(base, 'Sam');
    const theirId = (await request(base, 'GET', '/members', { token: stranger.token })).body.data[0].id as string;
    expect(theirId).toBe(stranger.user.id);
    const company = await client.ok<{ id: string }>('POST', '/companies', { name: 'Ours' }, 201);

    const invalid = (field: string) => ({
      status: 400,
      body: { error: { code: 'validation_failed', message: `${field} is not a member of this workspace` } },
    });
    expect(await client.call('POST', '/companies', { name: 'Theirs', owner_id: theirId })).toMatchObject(
      invalid('owner_id'),
    );
    expect(await client.call('PATCH', `/companies/${company.id}`, { owner_id: theirId })).toMatchObject(
      invalid('owner_id'),
    );
    expect(
      (await client.call('POST', '/companies/bulk', { ids: [company.id], action: 'reassign', owner_id: theirId })).body
        .error.code,
    ).toBe('validation_failed');
    expect(await client.call('POST', '/contacts', { first_name: 'Pat', owner_id: theirId })).toMatchObject(
      invalid('owner_id'),
    );
    expect(await client.call('POST', '/deals', { name: 'Theirs', owner_id: theirId })).toMatchObject(
      invalid('owner_id'),
    );
    expect(await client.call('POST', '/tasks', { title: 'Theirs', assignee_id: theirId })).toMatchObject(
      invalid('assignee_id'),
    );
    const meeting = await client.call('POST', '/meetings', {
      title: 'Theirs',
      starts_at: '2030-01-02T10:00:00.000Z',
      ends_at: '2030-01-02T11:00:00.000Z',
      user_ids: [adminId, theirId],
    });
    expect(meeting.status).toBe(400);
    expect(meeting.body.error.code).toBe('validation_failed');
    expect((await client.call('POST', '/campaigns', { name: 'Theirs', owner_id: theirId })).status).toBe(400);
    expect(await client.call('PATCH', `/members/${theirId}`, { status: 'disabled' })).toEqual(
      expect.objectContaining({ status: 404, body: { error: { code: 'not_found', message: 'member not found' } } }),
    );
    // Nothing changed there.
    expect((await request(base, 'GET', '/members', { token: stranger.token })).body.data[0].status).toBe('active');
  });
});
