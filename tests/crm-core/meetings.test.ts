import { newId } from '@crm/kit';
import { request, sharedTestSystem, signUpWithWorkspace, waitFor } from '../support/system';
import { companiesApi, expectRefusal } from './companies-support';
import { addMemberTo } from './references-support';
import { inHours, meetingsApi } from './meetings-support';

// Meetings through the gateway: fields and limits, attendees with names and emails joined on
// read, the list's window and filters, status and outcome, merges of the records they name (and
// those records in the recycle bin; purged: crm-core's service spec, meeting references), one
// audit entry per change, and another workspace's ids answering 404.
const system = sharedTestSystem();
const base = system.url;

const contactOf = async (token: string, fields: Record<string, unknown>) => {
  const answer = await request(base, 'POST', '/contacts', { token, body: fields });
  expect(answer.status).toBe(201);
  return answer.body as { id: string };
};

describe('meetings', () => {
  it('creates a meeting with every field and answers it the same on read', async () => {
    const owner = await signUpWithWorkspace(base, 'Mia');
    const api = meetingsApi(base, owner);
    const company = await companiesApi(base, owner).create({ name: 'Meeting Co' });
    const contact = await contactOf(owner.token, {
      first_name: 'Carl',
      last_name: 'Client',
      email: 'carl@client.test',
    });
    const times = inHours(24, 2);
    const created = await api.create({
      title: '  Quarterly review ',
      location: 'Board room',
      notes: 'Bring the figures\nand coffee',
      ...times,
      company_id: company.id.toUpperCase(),
      user_ids: [owner.user.id],
      contact_ids: [contact.id],
    });
    expect(created).toEqual({
      id: expect.any(String),
      title: 'Quarterly review',
      location: 'Board room',
      notes: 'Bring the figures\nand coffee',
      starts_at: times.starts_at,
      ends_at: times.ends_at,
      company_id: company.id,
      company_name: 'Meeting Co',
      organiser_id: owner.user.id,
      status: 'scheduled',
      outcome: null,
      attendees: [
        // The email comes with identity's membership event, which may still be on its way.
        {
          type: 'user',
          id: owner.user.id,
          name: 'Mia',
          email: created.attendees[0].email === null ? null : owner.email,
        },
        { type: 'contact', id: contact.id, name: 'Carl Client', email: 'carl@client.test' },
      ],
      online_meeting: false,
      join_url: null,
      external_provider: null,
      sync_error: null,
    });
    expect(await api.get(created.id)).toEqual(created);
    // The owner's email comes from identity's membership event.
    const withEmail = await waitFor(async () => {
      const current = await api.get(created.id);
      return current.attendees[0].email === owner.email ? current : undefined;
    });
    expect(withEmail.attendees[0]).toEqual({ type: 'user', id: owner.user.id, name: 'Mia', email: owner.email });
    // Without a calendar connected nothing is synced and nothing waits.
    expect((await api.get(created.id)).external_provider).toBeNull();
  });

  it('refuses bad input with 400 naming the field', async () => {
    const owner = await signUpWithWorkspace(base, 'Bad');
    const api = meetingsApi(base, owner);
    const times = inHours(5);
    const post = (body: Record<string, unknown>) => api.call('POST', '/meetings', { title: 'T', ...times, ...body });
    expectRefusal(await api.call('POST', '/meetings', { ...times }), 'title');
    expectRefusal(await post({ title: '' }), 'title');
    expectRefusal(await post({ title: 'x'.repeat(301) }), 'title');
    expectRefusal(await post({ location: 'x'.repeat(301) }), 'location');
    expectRefusal(await post({ notes: 'x'.repeat(10001) }), 'notes');
    expectRefusal(await post({ outcome: 'x'.repeat(5001) }), 'outcome');
    expectRefusal(await post({ starts_at: 'tomorrow' }), 'starts_at');
    expectRefusal(await api.call('POST', '/meetings', { title: 'T', starts_at: times.starts_at }), 'ends_at');
    expectRefusal(await post({ ends_at: times.starts_at }), 'ends_at');
    expectRefusal(await post({ status: 'postponed' }), 'status');
    expectRefusal(await post({ user_ids: ['not-a-uuid'] }), 'user_ids');
    expectRefusal(await post({ user_ids: [newId()] }), 'user_ids');
    expectRefusal(await post({ contact_ids: [newId()] }), 'contact_ids');
    expectRefusal(await post({ company_id: newId() }), 'company_id');
    expectRefusal(await post({ colour: 'red' }), 'colour');
    expectRefusal(await post({ join_url: 'https://x.test' }), 'join_url');
    expectRefusal(await post({ organiser_id: owner.user.id }), 'organiser_id');
    expectRefusal(await post({ online_meeting: 'yes' }), 'online_meeting');
    expectRefusal(await api.call('GET', '/meetings?limit=501'), 'limit');
    expectRefusal(await api.call('GET', '/meetings?limit=0'), 'limit');
    expectRefusal(await api.call('GET', '/meetings?from=2030-01-02T00:00:00Z&to=2030-01-01T00:00:00Z'), 'to');
    expectRefusal(await api.call('GET', '/meetings?mine=maybe'), 'mine');
    expectRefusal(await api.call('GET', '/meetings?owner=me'), 'owner');
    // Nothing was written by any refusal.
    expect(await api.list({ from: new Date(Date.now() - 3600_000).toISOString() })).toEqual([]);

    const meeting = await api.create({ ...times });
    expectRefusal(
      await api.call('PATCH', `/meetings/${meeting.id}`, {
        ends_at: new Date(Date.parse(times.starts_at) - 60_000).toISOString(),
      }),
      'ends_at',
    );
    expectRefusal(await api.call('PATCH', `/meetings/${meeting.id}`, { starts_at: times.ends_at }), 'ends_at');
    expectRefusal(await api.call('PATCH', `/meetings/${meeting.id}`, { title: null }), 'title');
    expect(await api.get(meeting.id)).toEqual(meeting);
  });

  it('changes only what PATCH names, records done with an outcome, and moves between statuses freely', async () => {
    const owner = await signUpWithWorkspace(base, 'Pat');
    const api = meetingsApi(base, owner);
    const contact = await contactOf(owner.token, { first_name: 'Ann' });
    const other = await contactOf(owner.token, { first_name: 'Ben' });
    const meeting = await api.create({ title: 'Call', location: 'Phone', contact_ids: [contact.id] });
    const moved = await api.patch(meeting.id, { location: null, contact_ids: [other.id, contact.id] });
    expect(moved).toEqual({
      ...meeting,
      location: null,
      attendees: [
        { type: 'contact', id: other.id, name: 'Ben', email: null },
        { type: 'contact', id: contact.id, name: 'Ann', email: null },
      ],
    });
    const done = await api.patch(meeting.id, { status: 'done', outcome: 'Agreed a trial' });
    expect(done).toMatchObject({ status: 'done', outcome: 'Agreed a trial', title: 'Call' });
    expect(await api.patch(meeting.id, { status: 'cancelled' })).toMatchObject({
      status: 'cancelled',
      outcome: 'Agreed a trial',
    });
    expect(await api.patch(meeting.id, { status: 'scheduled', outcome: null })).toMatchObject({
      status: 'scheduled',
      outcome: null,
    });
    // An unchanged PATCH answers the meeting and adds no audit entry.
    expect(await api.patch(meeting.id, { title: 'Call' })).toMatchObject({ title: 'Call' });

    const summaries = await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log?source=record&limit=100', { token: owner.token });
      const entries = (
        log.body.data as Array<{ object_type: string | null; object_id: string | null; summary: string | null }>
      ).filter((entry) => entry.object_id === meeting.id);
      return entries.length >= 5 ? entries.map((entry) => entry.summary) : undefined;
    });
    expect(summaries).toEqual([
      'Reopened meeting "Call"',
      'Cancelled meeting "Call"',
      'Marked meeting "Call" done',
      'Updated meeting "Call"',
      'Created meeting "Call"',
    ]);
  });

  it('lists the next 30 days by default, with from and to, company_id, mine and limit', async () => {
    const owner = await signUpWithWorkspace(base, 'Lis');
    const api = meetingsApi(base, owner);
    const bea = await addMemberTo(system, owner, 'Bea');
    const company = await companiesApi(base, owner).create({ name: 'Listed' });
    const past = await api.create({ title: 'Past', ...inHours(-48) });
    const soon = await api.create({ title: 'Soon', ...inHours(1), company_id: company.id });
    const later = await api.create({ title: 'Later', ...inHours(24 * 20), user_ids: [bea.userId] });
    const far = await api.create({ title: 'Far', ...inHours(24 * 40) });
    const beas = await meetingsApi(base, { token: bea.token }).create({ title: 'Bea’s own', ...inHours(3) });
    const titles = (meetings: Array<{ title: string }>) => meetings.map((meeting) => meeting.title);

    expect(titles(await api.list())).toEqual(['Soon', 'Bea’s own', 'Later']);
    expect(titles(await api.list({ from: past.starts_at, to: far.ends_at }))).toEqual([
      'Past',
      'Soon',
      'Bea’s own',
      'Later',
      'Far',
    ]);
    // Without to, 30 days from from.
    expect(titles(await api.list({ from: new Date(Date.parse(later.starts_at) - 3600_000).toISOString() }))).toEqual([
      'Later',
      'Far',
    ]);
    expect(titles(await api.list({ company_id: company.id }))).toEqual(['Soon']);
    expect(titles(await api.list({ mine: 'true' }))).toEqual(['Soon', 'Later']);
    expect(titles(await meetingsApi(base, { token: bea.token }).list({ mine: 'true' }))).toEqual([
      'Bea’s own',
      'Later',
    ]);
    expect(titles(await api.list({ limit: '2', from: past.starts_at, to: far.ends_at }))).toEqual(['Past', 'Soon']);
    expect(soon.company_name).toBe('Listed');
    expect(beas.organiser_id).toBe(bea.userId);
  });

  it('joins names on read: a rename of a company, contact or member shows at once or as soon as it is known', async () => {
    const owner = await signUpWithWorkspace(base, 'Ren');
    const api = meetingsApi(base, owner);
    const bea = await addMemberTo(system, owner, 'Bea');
    const company = await companiesApi(base, owner).create({ name: 'Old name' });
    const contact = await contactOf(owner.token, { first_name: 'Old', email: 'old@client.test' });
    const meeting = await api.create({ company_id: company.id, contact_ids: [contact.id], user_ids: [bea.userId] });
    expect(meeting.attendees[0]).toMatchObject({ type: 'user', id: bea.userId, name: 'Bea' });

    await companiesApi(base, owner).patch(company.id, { name: 'New name' });
    expect(
      (
        await request(base, 'PATCH', `/contacts/${contact.id}`, {
          token: owner.token,
          body: { first_name: 'New', email: 'new@client.test' },
        })
      ).status,
    ).toBe(200);
    expect(await api.get(meeting.id)).toMatchObject({
      company_name: 'New name',
      attendees: [expect.anything(), { type: 'contact', id: contact.id, name: 'New', email: 'new@client.test' }],
    });

    expect(
      (await request(base, 'PATCH', '/me', { token: bea.token, body: { first_name: 'Beatrix', last_name: 'Kiddo' } }))
        .status,
    ).toBe(204);
    const beaEmail = (await request(base, 'GET', '/me', { token: bea.token })).body.user.email as string;
    const renamed = await waitFor(async () => {
      const current = await api.get(meeting.id);
      return current.attendees[0].name === 'Beatrix Kiddo' && current.attendees[0].email === beaEmail
        ? current
        : undefined;
    });
    expect(renamed.attendees[0]).toEqual({ type: 'user', id: bea.userId, name: 'Beatrix Kiddo', email: beaEmail });
  });

  it('moves meetings and attendance to the survivor of a merge, and keeps naming records in the recycle bin', async () => {
    const owner = await signUpWithWorkspace(base, 'Mer');
    const api = meetingsApi(base, owner);
    const companies = companiesApi(base, owner);
    const survivor = await companies.create({ name: 'Survivor' });
    const source = await companies.create({ name: 'Source' });
    const keeper = await contactOf(owner.token, { first_name: 'Keeper' });
    const twin = await contactOf(owner.token, { first_name: 'Twin' });
    const bystander = await contactOf(owner.token, { first_name: 'Bystander' });
    const both = await api.create({
      title: 'Both',
      company_id: source.id,
      contact_ids: [twin.id, keeper.id, bystander.id],
    });
    const onlyTwin = await api.create({ title: 'Only twin', contact_ids: [twin.id] });

    expect((await companies.call('POST', `/companies/${survivor.id}/merge`, { source_ids: [source.id] })).status).toBe(
      200,
    );
    expect(
      (
        await request(base, 'POST', `/contacts/${keeper.id}/merge`, {
          token: owner.token,
          body: { source_ids: [twin.id] },
        })
      ).status,
    ).toBe(200);
    const merged = await waitFor(async () => {
      const current = await api.get(both.id);
      return current.company_id === survivor.id && current.attendees.length === 2 ? current : undefined;
    });
    expect(merged).toMatchObject({
      company_name: 'Survivor',
      attendees: [
        { id: keeper.id, name: 'Keeper' },
        { id: bystander.id, name: 'Bystander' },
      ],
    });
    const moved = await waitFor(async () => {
      const current = await api.get(onlyTwin.id);
      return current.attendees[0]?.id === keeper.id ? current : undefined;
    });
    expect(moved.attendees).toEqual([{ type: 'contact', id: keeper.id, name: 'Keeper', email: null }]);

    // In the recycle bin they are still named (purged, the meeting stays without them: crm-core's
    // service spec, meeting references).
    expect((await companies.call('DELETE', `/companies/${survivor.id}`)).status).toBe(204);
    expect((await request(base, 'DELETE', `/contacts/${bystander.id}`, { token: owner.token })).status).toBe(204);
    expect(await api.get(both.id)).toMatchObject({
      company_id: survivor.id,
      company_name: 'Survivor',
      attendees: [{ id: keeper.id }, { id: bystander.id, name: 'Bystander' }],
    });

    // One entry for each merge that changed the meeting.
    const log = await waitFor(async () => {
      const answer = await request(base, 'GET', '/audit-log?source=record&limit=100', { token: owner.token });
      const entries = (answer.body.data as Array<{ object_id: string | null; summary: string | null }>).filter(
        (entry) => entry.object_id === both.id,
      );
      return entries.length >= 3 ? entries : undefined;
    });
    expect(log.map((entry) => entry.summary)).toEqual([
      'Updated meeting "Both"',
      'Updated meeting "Both"',
      'Created meeting "Both"',
    ]);
  });

  it('shows a meeting on its company’s timeline, and marking it done records how it went', async () => {
    const owner = await signUpWithWorkspace(base, 'Tim');
    const api = meetingsApi(base, owner);
    const company = await companiesApi(base, owner).create({ name: 'Timeline Co' });
    const meeting = await api.create({ title: 'Site visit', location: 'Leeds', company_id: company.id });
    const timeline = () =>
      request(base, 'GET', `/activities?target_type=company&target_id=${company.id}`, { token: owner.token });
    const shown = await waitFor(async () => {
      const entries = (await timeline()).body.data as Array<{ type: string; subject: string | null }>;
      return entries.find((entry) => entry.type === 'meeting') ?? undefined;
    });
    expect(shown).toMatchObject({
      type: 'meeting',
      subject: 'Site visit',
      body: 'Leeds',
      occurred_at: meeting.starts_at,
    });
    await api.patch(meeting.id, { status: 'done', outcome: 'Signed the order' });
    const held = await waitFor(async () => {
      const entries = (await timeline()).body.data as Array<{
        type: string;
        subject: string | null;
        outcome: string | null;
      }>;
      return entries.find((entry) => entry.subject === 'Meeting held: Site visit') ?? undefined;
    });
    expect(held).toMatchObject({ outcome: 'Signed the order' });
  });

  it('answers 404 for another workspace’s meeting and refuses its records as references', async () => {
    const owner = await signUpWithWorkspace(base, 'One');
    const stranger = await signUpWithWorkspace(base, 'Two');
    const theirs = await meetingsApi(base, stranger).create({ title: 'Private' });
    const theirCompany = await companiesApi(base, stranger).create({ name: 'Theirs' });
    const theirContact = await contactOf(stranger.token, { first_name: 'Them' });
    const api = meetingsApi(base, owner);
    expect(await api.call('GET', `/meetings/${theirs.id}`)).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
    expect(await api.call('PATCH', `/meetings/${theirs.id}`, { title: 'Mine now' })).toMatchObject({
      status: 404,
      body: { error: { code: 'not_found' } },
    });
    expect(await api.call('GET', `/meetings/${newId()}`)).toMatchObject({ status: 404 });
    expectRefusal(
      await api.call('POST', '/meetings', { title: 'T', ...inHours(1), company_id: theirCompany.id }),
      'company_id',
    );
    expectRefusal(
      await api.call('POST', '/meetings', { title: 'T', ...inHours(1), contact_ids: [theirContact.id] }),
      'contact_ids',
    );
    expectRefusal(
      await api.call('POST', '/meetings', { title: 'T', ...inHours(1), user_ids: [stranger.user.id] }),
      'user_ids',
    );
    expect(await api.list({ company_id: theirCompany.id })).toEqual([]);
    expect((await meetingsApi(base, stranger).get(theirs.id)).title).toBe('Private');
  });
});
