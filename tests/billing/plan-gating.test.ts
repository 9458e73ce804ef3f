import { request, signUpWithWorkspace, waitFor, type TestSystem } from '../support/system';
import { downgradeToFree, freeWorkspace, upgradeToStandard, waitForPlan } from '../support/plans';
import { connectCalendar, meetingsApi } from '../crm-core/meetings-support';
import { api, startMarketingSystem } from '../marketing/marketing-support';
import { api as reportsApi } from '../reports/reports-support';

// What belongs to the Standard plan, as a workspace moving between plans meets it. Campaigns,
// their spend and touchpoints: a workspace on Free is refused them (403 plan_required) but keeps
// its web forms, and paying for Standard opens them on the next request. Without a complimentary
// period a new workspace is on Free at once. A Free workspace's web forms still make leads, but
// record no touchpoint. Calendar sync pauses on Free and resumes on Standard (a sync due while on
// Free writing nothing: crm-core's service spec, meeting sync); the marketing report and reports
// over touchpoints and spend answer on Standard only.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startMarketingSystem({ COMPLIMENTARY_DAYS: '0' });
  base = system.url;
});

afterAll(() => system.destroy());

describe('plan gating', () => {
  it('refuses campaigns, spend and touchpoints on the Free plan and opens them on Standard', async () => {
    const owner = await signUpWithWorkspace(base, 'Fre');
    await waitForPlan(base, owner.token, 'free');
    const client = api(base, owner);
    const refused = [
      await client.call('GET', '/campaigns'),
      await client.call('POST', '/campaigns', { name: 'Not yet' }),
      await client.call('GET', '/touchpoints'),
      await client.call('POST', '/touchpoints', {
        touchpoints: [{ campaign_id: '0193a5f0-0000-7000-8000-000000000000', email: 'a@example.com', kind: 'visit' }],
      }),
      await client.call('GET', '/campaigns/0193a5f0-0000-7000-8000-000000000000/spend'),
    ];
    expect(refused.map((answer) => [answer.status, answer.body.error.code])).toEqual(
      Array(5).fill([403, 'plan_required']),
    );
    // Web forms are workspace settings, on every plan.
    await client.ok('POST', '/web-forms', { name: 'Free form' }, 201);
    await upgradeToStandard(base, owner.token);
    const campaign = await client.createCampaign({ name: 'Now' });
    expect((await client.ok<{ total: number }>('GET', '/campaigns', undefined, 200)).total).toBe(1);
    await client.ok('POST', `/campaigns/${campaign.id}/spend`, { lines: [{ spent_on: '2027-01-01', amount: 1 }] }, 200);
  });

  it("makes a Free workspace's form submissions into leads without touchpoints, and records them again on Standard", async () => {
    const owner = await freeWorkspace(base, 'Wen');
    const client = api(base, owner);
    await upgradeToStandard(base, owner.token);
    const campaign = await client.createCampaign({ name: 'Expo' });
    const form = await client.ok<{ id: string; public_key: string }>(
      'POST',
      '/web-forms',
      { name: 'Expo form', campaign_id: campaign.id },
      201,
    );
    await downgradeToFree(base, owner.token);

    const submit = (email: string, company: string) =>
      request(base, 'POST', `/public/forms/${form.public_key}`, { body: { email, first_name: 'Ola', company } });
    const submissionsMade = (count: number) =>
      waitFor(async () => {
        const forms = await client.ok<{ data: Array<{ id: string; submissions: number }> }>(
          'GET',
          '/web-forms',
          undefined,
          200,
        );
        return forms.data.find((candidate) => candidate.id === form.id)?.submissions === count;
      }, `${count} submission(s) to become leads`);
    expect((await submit('ola@ola-free.example', 'Ola Free')).status).toBe(200);
    await submissionsMade(1);
    // The lead is made on Free: its company (credited to the form's campaign) and contact.
    const companies = await client.ok<{ data: Array<{ name: string; campaign_id: string | null }> }>(
      'GET',
      '/companies?q=Ola%20Free',
      undefined,
      200,
    );
    expect(companies.data).toEqual([expect.objectContaining({ name: 'Ola Free', campaign_id: campaign.id })]);
    const contacts = await client.ok<{ data: Array<{ email: string | null }> }>(
      'GET',
      '/contacts?limit=50',
      undefined,
      200,
    );
    expect(contacts.data.map((contact) => contact.email)).toEqual(['ola@ola-free.example']);

    // Back on Standard: the campaign counts the lead, but no touchpoint was recorded on Free.
    await upgradeToStandard(base, owner.token);
    expect(
      await client.ok<{ total: number }>('GET', `/touchpoints?campaign_id=${campaign.id}`, undefined, 200),
    ).toMatchObject({ total: 0 });
    await waitFor(async () => (await client.getCampaign(campaign.id)).leads === 1, 'the campaign to count its lead');
    expect(await client.getCampaign(campaign.id)).toMatchObject({ leads: 1, touchpoints: 0 });
    // On Standard a submission records its form touchpoint again.
    expect((await submit('ola@ola-standard.example', 'Ola Standard')).status).toBe(200);
    await submissionsMade(2);
    const touchpoints = await client.ok<{ total: number; data: Array<{ kind: string; contact_name: string | null }> }>(
      'GET',
      `/touchpoints?campaign_id=${campaign.id}`,
      undefined,
      200,
    );
    expect(touchpoints).toMatchObject({ total: 1, data: [expect.objectContaining({ kind: 'form' })] });
  });
});

describe('calendar sync on the Free plan', () => {
  it('belongs to the Standard plan: a free workspace may look but not connect or ask for online meetings', async () => {
    const owner = await freeWorkspace(base, 'Cfr');
    const integration = await request(base, 'GET', '/integrations/calendar', { token: owner.token });
    expect(integration).toMatchObject({ status: 200, body: { included_in_plan: false, connections: [] } });
    expect(
      await request(base, 'POST', '/integrations/calendar/provider_a/connect', { token: owner.token }),
    ).toMatchObject({ status: 403, body: { error: { code: 'plan_required' } } });
    const api = meetingsApi(base, owner);
    expect(
      await api.call('POST', '/meetings', {
        title: 'Online',
        starts_at: '2030-01-01T10:00:00Z',
        ends_at: '2030-01-01T11:00:00Z',
        online_meeting: true,
      }),
    ).toMatchObject({
      status: 403,
      body: { error: { code: 'plan_required' } },
    });
    // Meetings themselves are on every plan.
    expect(
      (
        await api.call('POST', '/meetings', {
          title: 'In person',
          starts_at: '2030-01-01T10:00:00Z',
          ends_at: '2030-01-01T11:00:00Z',
        })
      ).status,
    ).toBe(201);
  });
});

describe('calendar sync of a workspace that leaves the Standard plan', () => {
  it('pauses its connections, and syncing resumes on Standard without connecting again', async () => {
    const owner = await freeWorkspace(base, 'Pau');
    await upgradeToStandard(base, owner.token);
    const api = meetingsApi(base, owner);
    await connectCalendar(system, owner, 'provider_b', 'pau@calendar.test');
    const meeting = await api.create({ title: 'Before the downgrade', online_meeting: true });
    const synced = await waitFor(async () => {
      const current = await api.get(meeting.id);
      return current.join_url ? current : undefined;
    }, 'the meeting to sync on Standard');

    await downgradeToFree(base, owner.token);
    const listed = await request(base, 'GET', '/integrations/calendar', { token: owner.token });
    expect(listed).toMatchObject({
      status: 200,
      body: {
        included_in_plan: false,
        connections: [{ provider: 'provider_b', account_email: 'pau@calendar.test', status: 'paused' }],
      },
    });

    // Back on Standard the stored connection works again: the next change reaches the event,
    // whose join link (the simulated provider's page) shows its new title.
    await upgradeToStandard(base, owner.token);
    expect((await request(base, 'GET', '/integrations/calendar', { token: owner.token })).body.connections).toEqual([
      expect.objectContaining({ provider: 'provider_b', status: 'connected' }),
    ]);
    await api.patch(meeting.id, { title: 'After the upgrade' });
    await waitFor(
      async () => (await (await fetch(synced.join_url!)).text()).includes('<h1>After the upgrade</h1>'),
      'the change to reach the calendar on Standard',
    );
    expect(await api.get(meeting.id)).toMatchObject({
      external_provider: 'provider_b',
      join_url: synced.join_url,
      sync_error: null,
    });
  });
});

describe('reports on the Free plan', () => {
  it('keeps the marketing report, and reports over touchpoints and spend, to the Standard plan while the other reports answer on every plan', async () => {
    const owner = await freeWorkspace(base, 'Rfr');
    await upgradeToStandard(base, owner.token);
    const reports = reportsApi(base, owner);
    const outcome = (answer: { status: number; body: Record<string, any> }) => ({
      status: answer.status,
      code: answer.body?.error?.code,
    });
    const spendByCampaign = { object: 'spend', group_by: ['campaign_id'], measure: 'sum:amount' };
    const touchpointsByKind = { object: 'touchpoint', group_by: ['kind'] };
    // Saved on Standard, pinned, then the workspace moves to Free.
    const saved = await reports.ok<{ id: string }>(
      'POST',
      '/reports/saved',
      { name: 'Spend', definition: spendByCampaign },
      201,
    );
    expect((await reports.call('PUT', `/reports/saved/${saved.id}/pin`)).status).toBe(204);
    expect((await reports.call('GET', `/reports/saved/${saved.id}/run`)).status).toBe(200);
    await downgradeToFree(base, owner.token);

    expect(outcome(await reports.call('GET', '/reports/marketing'))).toEqual({ status: 403, code: 'plan_required' });
    const refused = [
      await reports.run(spendByCampaign),
      await reports.run(touchpointsByKind),
      await reports.call('POST', '/reports/records', { definition: spendByCampaign, keys: [null] }),
      await reports.call('POST', '/reports/records', { definition: touchpointsByKind, keys: ['form'] }),
      await reports.call('GET', `/reports/saved/${saved.id}/run`),
      await reports.call('POST', '/reports/saved', { name: 'Touches', definition: touchpointsByKind }),
      await reports.call('PATCH', `/reports/saved/${saved.id}`, { definition: touchpointsByKind }),
    ];
    expect(refused.map(outcome)).toEqual(Array(refused.length).fill({ status: 403, code: 'plan_required' }));
    expect(refused[0].body.error.message).toBe('spend reports need the Standard plan');
    expect(refused[1].body.error.message).toBe('touchpoint reports need the Standard plan');
    // The saved report stays, listed and renamable; it runs again on Standard.
    expect((await reports.call('PATCH', `/reports/saved/${saved.id}`, { name: 'Spend by campaign' })).status).toBe(200);
    const listed = await reports.ok<{ data: Array<{ id: string; name: string; pinned: boolean }> }>(
      'GET',
      '/reports/saved',
      undefined,
    );
    expect(listed.data).toEqual([expect.objectContaining({ id: saved.id, name: 'Spend by campaign', pinned: true })]);
    for (const path of [
      '/reports/pipeline',
      '/reports/summary',
      '/reports/sales',
      '/reports/fields',
      '/reports/saved',
    ]) {
      const answer = await reports.call('GET', path);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
    }
    for (const object of ['company', 'contact', 'deal', 'activity', 'task']) {
      const answer = await reports.run({ object });
      expect({ object, status: answer.status }).toEqual({ object, status: 200 });
    }
    await upgradeToStandard(base, owner.token);
    expect((await reports.run(touchpointsByKind)).status).toBe(200);
    expect((await reports.call('GET', `/reports/saved/${saved.id}/run`)).status).toBe(200);
  });
});
