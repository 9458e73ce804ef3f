import { request, signUpWithWorkspace, waitFor, type TestSystem } from '../support/system';
import { addMemberTo } from '../crm-core/references-support';
import { api, auditSummaries, expectInvalid, startMarketingSystem } from './marketing-support';

// Campaigns through the gateway: defaults, limits, list filters and paging, totals kept current
// from spend lines and crm-core's companies and deals, renames on crm-core's records, deletion
// keeping the links, tenancy and the audit log.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startMarketingSystem();
  base = system.url;
});

afterAll(() => system.destroy());

describe('campaigns', () => {
  it('creates a campaign with the defaults (workspace currency, planned) and zero totals, and reads it back', async () => {
    const owner = await signUpWithWorkspace(base, 'Cara');
    const client = api(base, owner);
    const campaign = await client.createCampaign({
      name: '  Spring launch  ',
      budget: 1500.5,
      utm_campaign: 'Spring-2027',
    });
    expect(campaign).toEqual({
      id: expect.any(String),
      name: 'Spring launch',
      source_id: null,
      source_name: null,
      status: 'planned',
      starts_on: null,
      ends_on: null,
      budget: 1500.5,
      currency: 'GBP',
      utm_campaign: 'Spring-2027',
      external_ref: null,
      owner_id: null,
      owner_name: null,
      notes: null,
      spend: 0,
      leads: 0,
      deals: 0,
      won_value: 0,
      won_value_other_currencies: [],
      touchpoints: 0,
      created_at: expect.any(String),
      updated_at: campaign.created_at,
    });
    expect(await client.getCampaign(campaign.id)).toEqual(campaign);
    // The workspace currency follows PATCH /workspace for campaigns made afterwards.
    expect(
      (await request(base, 'PATCH', '/workspace', { token: owner.token, body: { settings: { currency: 'EUR' } } }))
        .status,
    ).toBe(200);
    await waitFor(async () => ((await client.createCampaign({ name: 'Probe' })).currency === 'EUR' ? true : undefined));
    expect((await client.createCampaign({ name: 'Dollars', currency: 'usd' })).currency).toBe('USD');
  });

  it('refuses every field out of its limits with a 400 naming it, and read-only or unknown fields', async () => {
    const owner = await signUpWithWorkspace(base, 'Lim');
    const client = api(base, owner);
    const post = (body: Record<string, unknown>) => client.call('POST', '/campaigns', { name: 'Ok', ...body });
    expectInvalid(await client.call('POST', '/campaigns', {}), 'name');
    expectInvalid(await post({ name: 'x'.repeat(201) }), 'name');
    expectInvalid(await post({ name: '   ' }), 'name');
    expectInvalid(await post({ status: 'paused' }), 'status');
    expectInvalid(await post({ budget: -1 }), 'budget');
    expectInvalid(await post({ budget: 1_000_000_000_001 }), 'budget');
    expectInvalid(await post({ budget: 10.001 }), 'budget');
    expectInvalid(await post({ currency: 'EURO' }), 'currency');
    expectInvalid(await post({ starts_on: '2027-02-30' }), 'starts_on');
    expectInvalid(await post({ starts_on: '2027-03-10', ends_on: '2027-03-01' }), 'ends_on');
    expectInvalid(await post({ external_ref: 'r'.repeat(201) }), 'external_ref');
    expectInvalid(await post({ notes: 'n'.repeat(5001) }), 'notes');
    expectInvalid(await post({ owner_id: 'not-a-uuid' }), 'owner_id');
    expectInvalid(await post({ owner_id: '0193a5f0-0000-7000-8000-000000000000' }), 'owner_id');
    expectInvalid(await post({ source_id: '0193a5f0-0000-7000-8000-000000000000' }), 'source_id');
    expectInvalid(await post({ spend: 10 }), 'spend');
    expectInvalid(await post({ colour: 'red' }), 'colour');
    const campaign = await client.createCampaign({ starts_on: '2027-03-01' });
    expectInvalid(await client.call('PATCH', `/campaigns/${campaign.id}`, { ends_on: '2027-02-01' }), 'ends_on');
    expectInvalid(await client.call('GET', '/campaigns?limit=0'), 'limit');
    expectInvalid(await client.call('GET', '/campaigns?q=' + 'q'.repeat(101)), 'q');
    expectInvalid(await client.call('GET', '/campaigns?status=paused'), 'status');
    // Nothing was written by the refusals.
    expect((await client.ok<{ total: number }>('GET', '/campaigns', undefined, 200)).total).toBe(1);
  });

  it('names the owner and the source, checked against identity and crm-core', async () => {
    const owner = await signUpWithWorkspace(base, 'Ona');
    const client = api(base, owner);
    const sources = (await request(base, 'GET', '/lead-sources', { token: owner.token })).body.data as Array<{
      id: string;
      name: string;
    }>;
    const source = sources[0];
    const member = await addMemberTo(system, owner, 'Milo');
    const campaign = await client.createCampaign({ owner_id: owner.user.id, source_id: source.id.toUpperCase() });
    expect(campaign).toMatchObject({
      owner_id: owner.user.id,
      owner_name: 'Ona',
      source_id: source.id,
      source_name: source.name,
    });
    const moved = await client.patchCampaign(campaign.id, {
      owner_id: member.userId,
      source_id: null,
      notes: 'Multi\nline',
    });
    expect(moved).toMatchObject({
      owner_id: member.userId,
      owner_name: 'Milo',
      source_id: null,
      source_name: null,
      notes: 'Multi\nline',
    });
    // Another workspace's member is no owner here.
    const other = await signUpWithWorkspace(base, 'Oth');
    expectInvalid(await client.call('PATCH', `/campaigns/${campaign.id}`, { owner_id: other.user.id }), 'owner_id');
  });

  it('lists newest first with q, status, source_id, offset paging and total', async () => {
    const owner = await signUpWithWorkspace(base, 'Lis');
    const client = api(base, owner);
    const sources = (await request(base, 'GET', '/lead-sources', { token: owner.token })).body.data as Array<{
      id: string;
    }>;
    const a = await client.createCampaign({ name: 'Autumn fair', status: 'active', source_id: sources[0].id });
    const b = await client.createCampaign({ name: 'Winter webinar', status: 'ended' });
    const c = await client.createCampaign({ name: 'Autumn ads', status: 'active' });
    const list = (query: string) =>
      client.ok<{ data: Array<{ id: string }>; total: number }>('GET', `/campaigns${query}`, undefined, 200);
    const ids = (page: { data: Array<{ id: string }> }) => page.data.map((item) => item.id);
    expect(ids(await list(''))).toEqual([c.id, b.id, a.id]);
    expect(await list('?q=AUTUMN')).toMatchObject({ total: 2 });
    expect(ids(await list('?q=umn a'))).toEqual([c.id]);
    expect(ids(await list('?status=ended'))).toEqual([b.id]);
    expect(ids(await list(`?source_id=${sources[0].id}`))).toEqual([a.id]);
    const page = await list('?limit=1&offset=1');
    expect({ ids: ids(page), total: page.total }).toEqual({ ids: [b.id], total: 3 });
  });

  it('keeps totals current: exact spend, leads and deals credited in crm-core, won value per currency, touchpoints', async () => {
    const owner = await signUpWithWorkspace(base, 'Tot');
    const client = api(base, owner);
    const campaign = await client.createCampaign({ name: 'Totals' });
    await client.ok(
      'POST',
      `/campaigns/${campaign.id}/spend`,
      {
        lines: [
          { spent_on: '2027-01-01', amount: 0.1 },
          { spent_on: '2027-01-02', amount: 0.2 },
        ],
      },
      200,
    );
    expect((await client.getCampaign(campaign.id)).spend).toBe(0.3);
    const company = await client.createCompany({ name: 'Lead Co', campaign_id: campaign.id });
    expect(company).toMatchObject({ campaign_id: campaign.id, campaign_name: 'Totals' });
    await client.createCompany({ name: 'Other Co' });
    const stages = (await request(base, 'GET', '/pipeline-stages', { token: owner.token })).body.data as Array<{
      id: string;
      kind: string;
      object: string;
    }>;
    const won = stages.find((stage) => stage.object === 'deal' && stage.kind === 'won')!;
    await client.ok('POST', '/deals', { name: 'Won 1', company_id: company.id, value: 100.1, stage_id: won.id }, 201);
    await client.ok('POST', '/deals', { name: 'Won 2', campaign_id: campaign.id, value: 0.2, stage_id: won.id }, 201);
    await client.ok(
      'POST',
      '/deals',
      { name: 'Won dollars', campaign_id: campaign.id, value: 50, currency: 'USD', stage_id: won.id },
      201,
    );
    await client.ok('POST', '/deals', { name: 'Open', campaign_id: campaign.id, value: 999 }, 201);
    const totals = await waitFor(async () => {
      const current = await client.getCampaign(campaign.id);
      return current.leads === 1 &&
        current.deals === 4 &&
        current.won_value_other_currencies.length === 1 &&
        current.won_value === 100.3
        ? current
        : undefined;
    });
    expect(totals).toMatchObject({
      spend: 0.3,
      leads: 1,
      deals: 4,
      won_value: 100.3,
      won_value_other_currencies: [{ currency: 'USD', deals: 1, value: 50 }],
      touchpoints: 0,
    });
    await client.ok(
      'POST',
      '/touchpoints',
      { touchpoints: [{ campaign_id: campaign.id, company_id: company.id, kind: 'visit' }] },
      200,
    );
    expect((await client.getCampaign(campaign.id)).touchpoints).toBe(1);
    // The company leaving the campaign takes its lead away.
    await client.ok('PATCH', `/companies/${company.id}`, { campaign_id: null }, 200);
    await waitFor(async () => ((await client.getCampaign(campaign.id)).leads === 0 ? true : undefined));
  });

  it("shows a rename on crm-core's companies and deals, and a deleted campaign keeps their link and its name", async () => {
    const owner = await signUpWithWorkspace(base, 'Ren');
    const client = api(base, owner);
    const campaign = await client.createCampaign({ name: 'Old name' });
    const company = await client.createCompany({ name: 'Linked', campaign_id: campaign.id });
    const deal = await client.ok<{ id: string }>(
      'POST',
      '/deals',
      { name: 'Linked deal', campaign_id: campaign.id },
      201,
    );
    await client.patchCampaign(campaign.id, { name: 'New name' });
    await waitFor(async () => {
      const [readCompany, readDeal] = await Promise.all([
        client.ok<{ campaign_name: string }>('GET', `/companies/${company.id}`, undefined, 200),
        client.ok<{ campaign_name: string }>('GET', `/deals/${deal.id}`, undefined, 200),
      ]);
      return readCompany.campaign_name === 'New name' && readDeal.campaign_name === 'New name' ? true : undefined;
    });
    expect((await client.call('DELETE', `/campaigns/${campaign.id}`)).status).toBe(204);
    expect((await client.call('GET', `/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await client.call('DELETE', `/campaigns/${campaign.id}`)).status).toBe(404);
    expect((await client.call('PATCH', `/campaigns/${campaign.id}`, { name: 'x' })).status).toBe(404);
    expect(await client.ok('GET', `/companies/${company.id}`, undefined, 200)).toMatchObject({
      campaign_id: campaign.id,
      campaign_name: 'New name',
    });
    // Nothing new can be credited to it.
    expectInvalid(await client.call('POST', '/companies', { name: 'Late', campaign_id: campaign.id }), 'campaign_id');
    expect((await client.ok<{ total: number }>('GET', '/campaigns', undefined, 200)).total).toBe(0);
  });

  it("answers 404 for another workspace's campaign on every operation, and audits each change", async () => {
    const owner = await signUpWithWorkspace(base, 'Aud');
    const stranger = await signUpWithWorkspace(base, 'Str');
    const client = api(base, owner);
    const campaign = await client.createCampaign({ name: 'Audited' });
    const theirs = api(base, stranger);
    const line = (
      await client.ok<{ data: Array<{ id: string }> }>('GET', `/campaigns/${campaign.id}/spend`, undefined, 200)
    ).data;
    expect(line).toEqual([]);
    for (const [method, path, body] of [
      ['GET', `/campaigns/${campaign.id}`, undefined],
      ['PATCH', `/campaigns/${campaign.id}`, { name: 'Mine' }],
      ['DELETE', `/campaigns/${campaign.id}`, undefined],
      ['GET', `/campaigns/${campaign.id}/spend`, undefined],
      ['POST', `/campaigns/${campaign.id}/spend`, { lines: [{ spent_on: '2027-01-01', amount: 1 }] }],
      ['DELETE', `/campaigns/${campaign.id}/spend/${campaign.id}`, undefined],
    ] as const) {
      const answer = await theirs.call(method, path, body);
      expect({ method, path, status: answer.status, code: answer.body?.error?.code }).toEqual({
        method,
        path,
        status: 404,
        code: 'not_found',
      });
    }
    expectInvalid(
      await theirs.call('POST', '/touchpoints', {
        touchpoints: [{ campaign_id: campaign.id, email: 'a@example.com', kind: 'visit' }],
      }),
      'touchpoints.0.campaign_id',
    );
    expect(await theirs.ok('GET', `/campaigns`, undefined, 200)).toEqual({ data: [], total: 0 });
    await client.patchCampaign(campaign.id, { status: 'active' });
    expect((await client.call('DELETE', `/campaigns/${campaign.id}`)).status).toBe(204);
    const summaries = await waitFor(async () => {
      const entries = await auditSummaries(base, owner, 'campaign');
      return entries.length >= 3 ? entries : undefined;
    });
    expect(summaries).toEqual([
      [campaign.id, 'Deleted campaign "Audited"'],
      [campaign.id, 'Updated campaign "Audited"'],
      [campaign.id, 'Created campaign "Audited"'],
    ]);
  });
});
