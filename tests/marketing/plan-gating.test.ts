import { signUpWithWorkspace, type TestSystem } from '../support/system';
import { upgradeToStandard, waitForPlan } from '../support/plans';
import { api, startMarketingSystem } from './marketing-support';

// Campaigns, their spend and touchpoints belong to the Standard plan: a workspace on Free is
// refused them (403 plan_required) but keeps its web forms, and paying for Standard opens them on
// the next request. Without a complimentary period a new workspace is on Free at once.
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
      await client.call('POST', '/touchpoints', { touchpoints: [{ campaign_id: '0193a5f0-0000-7000-8000-000000000000', email: 'a@example.com', kind: 'visit' }] }),
      await client.call('GET', '/campaigns/0193a5f0-0000-7000-8000-000000000000/spend'),
    ];
    expect(refused.map((answer) => [answer.status, answer.body.error.code])).toEqual(Array(5).fill([403, 'plan_required']));
    // Web forms are workspace settings, on every plan.
    await client.ok('POST', '/web-forms', { name: 'Free form' }, 201);
    await upgradeToStandard(base, owner.token);
    const campaign = await client.createCampaign({ name: 'Now' });
    expect((await client.ok<{ total: number }>('GET', '/campaigns', undefined, 200)).total).toBe(1);
    await client.ok('POST', `/campaigns/${campaign.id}/spend`, { lines: [{ spent_on: '2027-01-01', amount: 1 }] }, 200);
  });
});
