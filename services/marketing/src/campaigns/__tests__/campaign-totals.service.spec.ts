import type { InternalClaims } from '@crm/kit';
import {
  contractEvent,
  contractPayload,
  startServiceForTest,
  tenantClaims,
  waitFor,
  type ServiceHarness,
} from '@crm/testing';
import { marketingService } from '../../marketing-service';
import { workspaceCurrencyModel } from '../../references/reference-copies.model';
import type { CampaignView } from '../campaign.operations';

// Marketing alone: campaigns through its HTTP handler, and the totals its consumers keep from
// crm-core's company and deal events, published on its bus as crm-core's relay would.
let marketing: ServiceHarness;
beforeAll(async () => {
  marketing = await startServiceForTest(marketingService);
});
afterAll(async () => marketing.stop());

const standardMember = (overrides: Partial<InternalClaims> = {}) =>
  tenantClaims({ plan: 'standard', permissions: ['companies:read', 'companies:write'], ...overrides });

const publish = (type: string, workspaceId: string | null, data: Record<string, unknown>) =>
  marketing.service.context.bus.publish([contractEvent(type, workspaceId, data)]);

// A member of a fresh workspace whose settings (its currency) came with identity's event.
async function workspaceMember(currency = 'EUR'): Promise<InternalClaims> {
  const member = standardMember();
  const settings = { currency, date_format: 'DD/MM/YYYY', timezone: 'UTC', page_size: 25 };
  await publish('identity.workspace.created', member.workspace_id, { workspace_id: member.workspace_id, settings });
  const copies = workspaceCurrencyModel(marketing.service.context.connection);
  await waitFor(
    () => copies.findOne({ _id: member.workspace_id, workspace_id: member.workspace_id }).lean().exec(),
    "the workspace's currency",
  );
  return member;
}

async function createCampaign(claims: InternalClaims, fields: Record<string, unknown> = {}): Promise<CampaignView> {
  const created = await marketing.call<CampaignView>(claims, 'POST', '/campaigns', {
    body: { name: 'Spring launch', ...fields },
  });
  expect({ status: created.status, body: created.body }).toMatchObject({ status: 201 });
  return created.body;
}

describe('campaigns', () => {
  it("are created in the workspace's currency with empty totals, and published as marketing.campaign.created", async () => {
    const member = await workspaceMember('EUR');
    const campaign = await createCampaign(member, { budget: 1200.5 });
    expect(campaign).toMatchObject({
      name: 'Spring launch',
      status: 'planned',
      budget: 1200.5,
      currency: 'EUR',
      spend: 0,
      leads: 0,
      deals: 0,
      won_value: 0,
      touchpoints: 0,
    });
    const [event] = await marketing.events({ 'event.data.campaign_id': campaign.id });
    expect(event).toMatchObject({
      type: 'marketing.campaign.created',
      workspace_id: member.workspace_id,
      data: { name: 'Spring launch', budget: 1200.5 },
    });
    const read = await marketing.call<CampaignView>(member, 'GET', `/campaigns/${campaign.id}`);
    expect(read).toMatchObject({ status: 200, body: { id: campaign.id, name: 'Spring launch' } });
  });

  it('belong to the Standard plan and to their workspace', async () => {
    const member = await workspaceMember();
    const campaign = await createCampaign(member);
    const free = standardMember({ workspace_id: member.workspace_id, plan: 'free' });
    expect((await marketing.call(free, 'GET', '/campaigns')).body.error.code).toBe('plan_required');
    const stranger = await workspaceMember();
    expect((await marketing.call(stranger, 'GET', `/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await marketing.call(stranger, 'GET', '/campaigns')).body).toMatchObject({ data: [], total: 0 });
  });

  it("count the leads, deals and won value crm-core credits to them, and their spend, in the campaign's currency", async () => {
    const member = await workspaceMember('GBP');
    const workspace = member.workspace_id;
    const campaign = await createCampaign(member);
    const other = await createCampaign(member, { name: 'Other' });
    const lead = contractPayload('crm.company.created', { name: 'Lead Ltd', campaign_id: campaign.id });
    await publish('crm.company.created', workspace, lead);
    await publish('crm.company.created', workspace, { name: 'Elsewhere Ltd', campaign_id: other.id });
    const won = contractPayload('crm.deal.created', {
      campaign_id: campaign.id,
      value: 1500.25,
      currency: 'GBP',
      status: 'open',
    });
    await publish('crm.deal.created', workspace, won);
    await publish('crm.deal.updated', workspace, {
      ...won,
      status: 'won',
      closed_at: new Date().toISOString(),
      version: 2,
      fields: ['status', 'closed_at'],
    });
    await publish('crm.deal.created', workspace, {
      campaign_id: campaign.id,
      value: 99,
      currency: 'EUR',
      status: 'won',
    });
    // Another workspace's events with the same campaign id credit nothing here.
    await publish('crm.company.created', standardMember().workspace_id, { campaign_id: campaign.id });
    const spend = await marketing.call(member, 'POST', `/campaigns/${campaign.id}/spend`, {
      body: { lines: [{ spent_on: '2027-01-01', amount: 250.1 }] },
    });
    expect(spend.status).toBe(200);

    const totals = await waitFor(async () => {
      const answer = await marketing.call<CampaignView>(member, 'GET', `/campaigns/${campaign.id}`);
      return answer.body.deals === 2 && answer.body.won_value > 0 ? answer.body : undefined;
    }, 'the campaign counts the credited deals');
    expect(totals).toMatchObject({
      leads: 1,
      deals: 2,
      won_value: 1500.25,
      won_value_other_currencies: [{ currency: 'EUR', deals: 1, value: 99 }],
      spend: 250.1,
    });
    expect((await marketing.call<CampaignView>(member, 'GET', `/campaigns/${other.id}`)).body).toMatchObject({
      leads: 1,
      deals: 0,
      won_value: 0,
    });

    // A company moved to the recycle bin is no longer a lead of the campaign.
    await publish('crm.company.deleted', workspace, {
      ...lead,
      deleted_at: new Date().toISOString(),
      merged_into_id: null,
      version: 2,
    });
    await waitFor(
      async () =>
        (await marketing.call<CampaignView>(member, 'GET', `/campaigns/${campaign.id}`)).body.leads === 0 || undefined,
      'the binned lead leaves the count',
    );
  });
});
