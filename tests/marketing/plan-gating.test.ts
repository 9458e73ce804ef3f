import { request, signUpWithWorkspace, waitFor, type TestSystem } from '../support/system';
import { downgradeToFree, freeWorkspace, upgradeToStandard, waitForPlan } from '../support/plans';
import { api, startMarketingSystem } from './marketing-support';

// Campaigns, their spend and touchpoints belong to the Standard plan: a workspace on Free is
// refused them (403 plan_required) but keeps its web forms, and paying for Standard opens them on
// the next request. Without a complimentary period a new workspace is on Free at once. A Free
// workspace's web forms still make leads, but record no touchpoint.
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
