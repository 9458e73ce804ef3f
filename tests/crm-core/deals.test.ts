import { request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { companiesApi, createCampaign, expectRefusal } from './companies-support';
import { dealsApi, salesStages } from './deals-support';
import { addMemberTo } from './references-support';

// Deals as a client meets them through the gateway: defaults, every field's rule and limit,
// stage moves that close and reopen, events in the audit log, and tenancy.
const system = sharedTestSystem();
const base = system.url;

describe('deals', () => {
  it('creates a deal with the defaults: first stage of the default deal pipeline, workspace currency, the company campaign', async () => {
    const owner = await signUpWithWorkspace(base, 'Dora');
    const api = dealsApi(base, owner);
    const company = await companiesApi(base, owner).create({ name: 'Initech' });
    const stages = await salesStages(api);
    const deal = await api.create({ name: '  Initech renewal  ', company_id: company.id, value: 1250.5 });
    expect(deal).toEqual({
      id: expect.any(String),
      name: 'Initech renewal',
      company_id: company.id,
      company_name: 'Initech',
      contact_id: null,
      contact_name: null,
      value: 1250.5,
      currency: 'GBP',
      pipeline_id: stages.Qualification.pipeline_id,
      stage_id: stages.Qualification.id,
      stage_name: 'Qualification',
      stage_kind: 'open',
      probability: 10,
      expected_close: null,
      status: 'open',
      closed_at: null,
      lost_reason: null,
      owner_id: null,
      owner_name: null,
      source_id: null,
      campaign_id: null,
      campaign_name: null,
      custom: {},
      created_at: expect.any(String),
      updated_at: deal.created_at,
    });
    expect(await api.get(deal.id)).toEqual(deal);
    // A company brought in by a campaign passes it on.
    const campaignId = await createCampaign(base, owner, 'Spring launch');
    await companiesApi(base, owner).patch(company.id, { campaign_id: campaignId });
    expect((await api.create({ name: 'Via campaign', company_id: company.id })).campaign_id).toBe(campaignId);
    expect(
      (await api.create({ name: 'Not via campaign', company_id: company.id, campaign_id: null })).campaign_id,
    ).toBeNull();
  });

  // A workspace with no copy of its settings in crm-core yet: crm-core's service spec, deal settings.
  it('follows a change of the workspace currency for the deals made after it', async () => {
    const owner = await signUpWithWorkspace(base, 'Cyd');
    const api = dealsApi(base, owner);
    expect((await api.create({ name: 'Pound deal' })).currency).toBe('GBP');
    expect(
      (await request(base, 'PATCH', '/workspace', { token: owner.token, body: { settings: { currency: 'CHF' } } }))
        .status,
    ).toBe(200);
    await waitFor(
      async () => (await api.create({ name: 'Swiss deal' })).currency === 'CHF' || undefined,
      'a new deal in the new currency',
    );
    expect((await api.create({ name: 'Second Swiss deal' })).currency).toBe('CHF');
  });

  it('takes every writable field, joins the names, and keeps its own probability over the stage', async () => {
    const owner = await signUpWithWorkspace(base, 'Eli');
    const api = dealsApi(base, owner);
    const companies = companiesApi(base, owner);
    const company = await companies.create({ name: 'Hooli' });
    const contact = (
      await request(base, 'POST', '/contacts', {
        token: owner.token,
        body: { first_name: 'Gavin', last_name: 'Belson', company_id: company.id },
      })
    ).body;
    const source = (await companies.sources())[1];
    const stages = await salesStages(api);
    const field = await request(base, 'POST', '/custom-fields', {
      token: owner.token,
      body: { object: 'deal', label: 'Seats', type: 'number' },
    });
    expect(field.status).toBe(201);
    const deal = await api.create({
      name: 'Hooli expansion',
      company_id: company.id,
      contact_id: contact.id,
      value: 0.1,
      currency: 'eur',
      stage_id: stages.Proposal.id,
      probability: 45,
      expected_close: '2026-12-31',
      lost_reason: null,
      owner_id: owner.user.id,
      source_id: source.id,
      custom: { seats: 12, note: 'x', gone: null },
    });
    expect(deal).toMatchObject({
      contact_name: 'Gavin Belson',
      value: 0.1,
      currency: 'EUR',
      stage_name: 'Proposal',
      probability: 45,
      expected_close: '2026-12-31',
      owner_id: owner.user.id,
      owner_name: owner.user.name,
      source_id: source.id,
      custom: { seats: 12, note: 'x' },
    });
    // A uuid in upper case is the same id.
    expect(
      (await api.patch(deal.id, { company_id: company.id.toUpperCase(), stage_id: stages.Proposal.id.toUpperCase() }))
        .company_id,
    ).toBe(company.id);
    // Back to the stage's probability.
    expect((await api.patch(deal.id, { probability: null })).probability).toBe(60);
    // A rename of the company, the contact and the stage shows on the next read.
    await companies.patch(company.id, { name: 'Hooli XYZ' });
    await request(base, 'PATCH', `/contacts/${contact.id}`, { token: owner.token, body: { last_name: 'B.' } });
    await request(base, 'PATCH', `/pipeline-stages/${stages.Proposal.id}`, {
      token: owner.token,
      body: { name: 'Offer' },
    });
    expect(await api.get(deal.id)).toMatchObject({
      company_name: 'Hooli XYZ',
      contact_name: 'Gavin B.',
      stage_name: 'Offer',
    });
  });

  it('refuses every field out of its limits, naming it, and writes nothing', async () => {
    const owner = await signUpWithWorkspace(base, 'Fay');
    const api = dealsApi(base, owner);
    const companies = companiesApi(base, owner);
    const companyStage = (await companies.companyStages())[0];
    const binned = await companies.create({ name: 'Binned Ltd' });
    expect((await companies.call('DELETE', `/companies/${binned.id}`)).status).toBe(204);
    const field = await request(base, 'POST', '/custom-fields', {
      token: owner.token,
      body: { object: 'deal', label: 'Seats', type: 'number' },
    });
    expect(field.status).toBe(201);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: undefined }, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ value: -1 }, 'value'],
      [{ value: 1_000_000_000_000.01 }, 'value'],
      [{ value: 0.001 }, 'value'],
      [{ value: '10' }, 'value'],
      [{ currency: 'EU' }, 'currency'],
      [{ currency: 'EURO' }, 'currency'],
      [{ currency: 'E1R' }, 'currency'],
      [{ probability: 101 }, 'probability'],
      [{ probability: 5.5 }, 'probability'],
      [{ expected_close: '2026-02-30' }, 'expected_close'],
      [{ expected_close: '2026-12-31T00:00:00Z' }, 'expected_close'],
      [{ lost_reason: 'x'.repeat(501) }, 'lost_reason'],
      [{ stage_id: companyStage.id }, 'stage_id'],
      [{ stage_id: '00000000-0000-4000-8000-000000000000' }, 'stage_id'],
      [{ company_id: binned.id }, 'company_id'],
      [{ company_id: '00000000-0000-4000-8000-000000000000' }, 'company_id'],
      [{ contact_id: '00000000-0000-4000-8000-000000000000' }, 'contact_id'],
      [{ owner_id: '00000000-0000-4000-8000-000000000000' }, 'owner_id'],
      [{ source_id: '00000000-0000-4000-8000-000000000000' }, 'source_id'],
      [{ campaign_id: '00000000-0000-4000-8000-000000000000' }, 'campaign_id'],
      [{ custom: { seats: 'many' } }, 'custom.seats'],
      [{ status: 'won' }, 'status'],
      [{ closed_at: null }, 'closed_at'],
      [{ pipeline_id: companyStage.pipeline_id }, 'pipeline_id'],
      [{ stage_name: 'x' }, 'stage_name'],
      [{ id: '00000000-0000-4000-8000-000000000000' }, 'id'],
      [{ colour: 'red' }, 'colour'],
    ];
    for (const [fields, named] of cases) {
      const answer = await api.call('POST', '/deals', { name: 'Refused', ...fields });
      expectRefusal(answer, named);
    }
    const deal = await api.create({ name: 'Kept', value: 5 });
    for (const [fields, named] of cases.filter(([fields]) => !('name' in fields && fields.name === undefined))) {
      expectRefusal(await api.call('PATCH', `/deals/${deal.id}`, fields), named);
    }
    expect(await api.get(deal.id)).toEqual(deal);
    expect((await api.list()).total).toBe(1);
    // The limits themselves are accepted.
    const edge = await api.create({
      name: 'x'.repeat(200),
      value: 1_000_000_000_000,
      probability: 0,
      lost_reason: 'y'.repeat(500),
      expected_close: '2028-02-29',
    });
    expect(edge).toMatchObject({ value: 1_000_000_000_000, probability: 0, expected_close: '2028-02-29' });
  });

  it('closes a deal moved to a won or lost stage and reopens it moved back to an open stage', async () => {
    const owner = await signUpWithWorkspace(base, 'Gus');
    const api = dealsApi(base, owner);
    const stages = await salesStages(api);
    const deal = await api.create({ name: 'Moving deal', value: 100 });
    const won = await api.patch(deal.id, { stage_id: stages.Won.id });
    expect(won).toMatchObject({ status: 'won', stage_kind: 'won', probability: 100, closed_at: expect.any(String) });
    expect(Date.parse(won.closed_at!)).toBeGreaterThanOrEqual(Date.parse(deal.created_at));
    const lost = await api.patch(deal.id, { stage_id: stages.Lost.id, lost_reason: 'Budget cut' });
    expect(lost).toMatchObject({
      status: 'lost',
      probability: 0,
      lost_reason: 'Budget cut',
      closed_at: expect.any(String),
    });
    const reopened = await api.patch(deal.id, { stage_id: stages.Negotiation.id });
    // Reopened: closed_at cleared; the lost reason stays as history until the client clears it.
    expect(reopened).toMatchObject({ status: 'open', closed_at: null, probability: 80, lost_reason: 'Budget cut' });
    // Created straight in a won stage, it is closed from the start.
    expect(await api.create({ name: 'Signed', stage_id: stages.Won.id })).toMatchObject({
      status: 'won',
      closed_at: expect.any(String),
    });
    // A deal of another pipeline's stage moves pipeline with it.
    const pipeline = await request(base, 'POST', '/pipelines', {
      token: owner.token,
      body: { name: 'Renewals', object: 'deal' },
    });
    expect(pipeline.status).toBe(201);
    const moved = await api.patch(deal.id, { stage_id: pipeline.body.stages[0].id });
    expect(moved).toMatchObject({ pipeline_id: pipeline.body.id, stage_id: pipeline.body.stages[0].id });
  });

  it('checks an owner with identity at the time of the request and names the field', async () => {
    const owner = await signUpWithWorkspace(base, 'Hal');
    const api = dealsApi(base, owner);
    const colleague = await addMemberTo(system, owner, 'Ivy');
    const deal = await api.create({ name: 'Owned', owner_id: colleague.userId });
    expect(deal).toMatchObject({ owner_id: colleague.userId, owner_name: 'Ivy' });
    const mine = await api.list({ owner: 'me' });
    expect(mine.total).toBe(0);
    expect(
      (await dealsApi(base, { token: colleague.token }).list({ owner: 'me' })).data.map((item) => item.id),
    ).toEqual([deal.id]);
  });

  it('publishes each change once with its version and lands it in the audit log', async () => {
    const owner = await signUpWithWorkspace(base, 'Jan');
    const api = dealsApi(base, owner);
    const stages = await salesStages(api);
    const deal = await api.create({ name: 'Audited deal' });
    await api.patch(deal.id, { value: 10 });
    await api.patch(deal.id, { value: 10 });
    await api.patch(deal.id, { stage_id: stages.Won.id });
    expect((await api.call('DELETE', `/deals/${deal.id}`)).status).toBe(204);
    expect((await api.call('GET', `/deals/${deal.id}`)).status).toBe(404);
    expect((await api.call('DELETE', `/deals/${deal.id}`)).status).toBe(404);
    const summaries = await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log?source=record', { token: owner.token });
      const entries = (log.body.data as Array<{ object_type: string; object_id: string; summary: string }>).filter(
        (entry) => entry.object_type === 'deal',
      );
      return entries.length >= 4 ? entries.map((entry) => [entry.object_id, entry.summary]) : undefined;
    });
    expect(summaries).toEqual([
      [deal.id, 'Deleted deal "Audited deal"'],
      [deal.id, 'Won deal "Audited deal"'],
      [deal.id, 'Updated deal "Audited deal"'],
      [deal.id, 'Created deal "Audited deal"'],
    ]);
  });

  it('keeps workspaces apart: another workspace’s deal is 404 and its company and stage ids are 400', async () => {
    const a = await signUpWithWorkspace(base, 'Kim');
    const b = await signUpWithWorkspace(base, 'Lou');
    const apiA = dealsApi(base, a);
    const apiB = dealsApi(base, b);
    const companyA = await companiesApi(base, a).create({ name: 'A Ltd' });
    const stageA = (await salesStages(apiA)).Proposal;
    const dealA = await apiA.create({ name: 'A deal', company_id: companyA.id });
    expect((await apiB.call('GET', `/deals/${dealA.id}`)).status).toBe(404);
    expect((await apiB.call('PATCH', `/deals/${dealA.id}`, { name: 'Stolen' })).status).toBe(404);
    expect((await apiB.call('DELETE', `/deals/${dealA.id}`)).status).toBe(404);
    expectRefusal(await apiB.call('POST', '/deals', { name: 'B', company_id: companyA.id }), 'company_id');
    expectRefusal(await apiB.call('POST', '/deals', { name: 'B', stage_id: stageA.id }), 'stage_id');
    expect((await apiB.list()).total).toBe(0);
    expect((await apiB.list({ company_id: companyA.id })).data).toEqual([]);
    expect(await apiA.get(dealA.id)).toEqual(dealA);
  });
});
