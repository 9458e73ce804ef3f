import { request, signUpWithWorkspace, sharedTestSystem, waitFor } from '../support/system';
import { companiesApi, expectRefusal } from './companies-support';
import { dealsApi, salesStages } from './deals-support';
import { addMemberTo } from './references-support';

// The deals list: every filter, the four sorts, offset paging with total, and value and weighted
// summed exactly over the whole filtered set in the workspace currency only.
const system = sharedTestSystem();
const base = system.url;

const ids = (deals: Array<{ id: string }>) => deals.map((deal) => deal.id);

describe('deals list', () => {
  it('sums value and weighted exactly over the filtered set, not the page, and never adds another currency', async () => {
    const owner = await signUpWithWorkspace(base, 'Max');
    const api = dealsApi(base, owner);
    const stages = await salesStages(api);
    // 0.1 + 0.2 is 0.3, not 0.30000000000000004; the stage's probability (10) weighs a deal without its own.
    await api.create({ name: 'A', value: 0.1 });
    await api.create({ name: 'B', value: 0.2 });
    await api.create({ name: 'C', value: 33.33, probability: 33, stage_id: stages.Proposal.id });
    await api.create({ name: 'D', value: 1_000_000_000_000, probability: 50 });
    await api.create({ name: 'E', value: 999_999_999_999.99, probability: 100 });
    await api.create({ name: 'Euro', value: 500, currency: 'EUR', probability: 50 });
    await api.create({ name: 'Euro 2', value: 0.05, currency: 'EUR' });
    const page = await api.list({ limit: '2', offset: '1' });
    expect(page.data).toHaveLength(2);
    expect(page).toMatchObject({
      total: 7,
      currency: 'GBP',
      value: 2_000_000_000_033.62,
      other_currencies: [{ currency: 'EUR', count: 2, value: 500.05, weighted: 250.005 }],
    });
    // 0.1×10% + 0.2×10% + 33.33×33% + 10^12×50% + 999999999999.99×100% = 1499999999999.99 + 0.03 + 10.9989
    expect(page.weighted).toBe(1_500_000_000_011.0188);
    const small = await api.list({ q: 'a' });
    expect(small).toMatchObject({ total: 1, value: 0.1, weighted: 0.01 });
    const twoSmall = await api.list({ sort: 'value_desc', offset: '4', limit: '3' });
    expect(twoSmall.data.map((deal) => deal.name)).toEqual(['B', 'A', 'Euro 2']);
    // Every page of the same filter reports the same sums.
    const pages = await Promise.all(['0', '3', '6', '7'].map((offset) => api.list({ limit: '3', offset })));
    for (const each of pages)
      expect({ total: each.total, value: each.value, weighted: each.weighted }).toEqual({
        total: 7,
        value: page.value,
        weighted: page.weighted,
      });
    expect(pages.flatMap((each) => each.data).length).toBe(7);
    expect(new Set(pages.flatMap((each) => ids(each.data))).size).toBe(7);
    expect(pages[3].data).toEqual([]);
  });

  it('keeps the running totals right through every kind of change: they agree with the deals summed one by one', async () => {
    const owner = await signUpWithWorkspace(base, 'Ros');
    const api = dealsApi(base, owner);
    const stages = await salesStages(api);
    const companies = companiesApi(base, owner);
    const [survivor, source] = [await companies.create({ name: 'Keep' }), await companies.create({ name: 'Go' })];
    const a = await api.create({ name: 'T one', value: 10.1, company_id: source.id });
    const b = await api.create({ name: 'T two', value: 20.2, probability: 30, owner_id: owner.user.id });
    const c = await api.create({ name: 'T three', value: 5, currency: 'USD', stage_id: stages.Won.id });
    const d = await api.create({ name: 'T four', value: 7.77, stage_id: stages.Proposal.id });
    await api.patch(a.id, { value: 11.11, probability: 90 });
    await api.patch(b.id, { stage_id: stages.Lost.id, owner_id: null });
    await api.patch(c.id, { currency: 'GBP', stage_id: stages.Negotiation.id });
    expect((await api.call('DELETE', `/deals/${d.id}`)).status).toBe(204);
    await request(base, 'PATCH', `/pipeline-stages/${stages.Negotiation.id}`, {
      token: owner.token,
      body: { probability: 55 },
    });
    expect((await companies.call('POST', `/companies/${survivor.id}/merge`, { source_ids: [source.id] })).status).toBe(
      200,
    );
    await waitFor(async () => ((await api.get(a.id)).company_id === survivor.id ? true : undefined));
    // Without q the sums come from the running totals; q (matching every deal) sums the deals themselves.
    const queries: Array<Record<string, string>> = [
      {},
      { status: 'open' },
      { status: 'lost' },
      { owner: 'me' },
      { stage_id: stages.Negotiation.id },
      { pipeline_id: stages.Won.pipeline_id },
    ];
    for (const query of queries) {
      const kept = await api.list(query);
      const summed = await api.list({ ...query, q: 't' });
      expect({
        query,
        total: kept.total,
        value: kept.value,
        weighted: kept.weighted,
        other: kept.other_currencies,
      }).toEqual({
        query,
        total: summed.total,
        value: summed.value,
        weighted: summed.weighted,
        other: summed.other_currencies,
      });
    }
    // 11.11 at 90% + 20.2 lost at 30% + 5 at the stage's 55%.
    expect(await api.list()).toMatchObject({ total: 3, value: 36.31, weighted: 18.809, other_currencies: [] });
  });

  it('filters by pipeline, stage, company, campaign, owner, custom, status and name prefix, alone and combined', async () => {
    const owner = await signUpWithWorkspace(base, 'Ned');
    const api = dealsApi(base, owner);
    const stages = await salesStages(api);
    const colleague = await addMemberTo(system, owner, 'Ola');
    const companies = companiesApi(base, owner);
    const acme = await companies.create({ name: 'Acme' });
    const other = await companies.create({ name: 'Other' });
    const pipeline = await request(base, 'POST', '/pipelines', {
      token: owner.token,
      body: { name: 'Renewals', object: 'deal' },
    });
    expect(pipeline.status).toBe(201);
    const renewalStage = pipeline.body.stages[0].id as string;
    const alpha = await api.create({
      name: 'Alpha one',
      company_id: acme.id,
      owner_id: owner.user.id,
      custom: { tier: 'gold' },
    });
    const beta = await api.create({
      name: 'beta two',
      company_id: other.id,
      owner_id: colleague.userId,
      stage_id: stages.Won.id,
    });
    const gamma = await api.create({ name: 'ALPHA three', stage_id: renewalStage, custom: { tier: 'silver' } });
    const delta = await api.create({
      name: 'Delta',
      company_id: acme.id,
      stage_id: stages.Lost.id,
      owner_id: owner.user.id,
    });
    const cases: Array<[Record<string, string>, string[]]> = [
      [{}, [delta.id, gamma.id, beta.id, alpha.id]],
      [{ pipeline_id: stages.Won.pipeline_id }, [delta.id, beta.id, alpha.id]],
      [{ pipeline_id: pipeline.body.id }, [gamma.id]],
      [{ stage_id: stages.Won.id }, [beta.id]],
      [{ company_id: acme.id }, [delta.id, alpha.id]],
      [{ owner: 'me' }, [delta.id, alpha.id]],
      [{ owner: colleague.userId }, [beta.id]],
      [{ custom: JSON.stringify({ tier: 'gold' }) }, [alpha.id]],
      [{ custom: JSON.stringify({ tier: null }) }, [delta.id, beta.id]],
      [{ status: 'open' }, [gamma.id, alpha.id]],
      [{ status: 'won' }, [beta.id]],
      [{ status: 'lost' }, [delta.id]],
      [{ q: 'alpha' }, [gamma.id, alpha.id]],
      [{ q: 'ALPHA T' }, [gamma.id]],
      [{ q: 'two' }, []],
      [{ company_id: acme.id, status: 'open', owner: 'me', q: 'al' }, [alpha.id]],
      [{ campaign_id: '00000000-0000-4000-8000-000000000000' }, []],
    ];
    for (const [query, expected] of cases) {
      const page = await api.list(query);
      expect({ query, ids: ids(page.data), total: page.total }).toEqual({
        query,
        ids: expected,
        total: expected.length,
      });
    }
    expectRefusal(await api.call('GET', '/deals?custom=%7B%22a.b%22%3A1%7D'), 'custom');
    expectRefusal(await api.call('GET', '/deals?owner=someone'), 'owner');
    expectRefusal(await api.call('GET', '/deals?status=closed'), 'status');
    expectRefusal(await api.call('GET', `/deals?q=${'x'.repeat(101)}`), 'q');
    expectRefusal(await api.call('GET', '/deals?limit=101'), 'limit');
    expectRefusal(await api.call('GET', '/deals?limit=0'), 'limit');
    expectRefusal(await api.call('GET', '/deals?offset=-1'), 'offset');
    expectRefusal(await api.call('GET', '/deals?offset=100001'), 'offset');
    expectRefusal(await api.call('GET', '/deals?sort=name_asc'), 'sort');
    expectRefusal(await api.call('GET', '/deals?deleted=true'), 'deleted');
  });

  it('sorts by expected close (undated last), value, creation and last change', async () => {
    const owner = await signUpWithWorkspace(base, 'Pia');
    const api = dealsApi(base, owner);
    const first = await api.create({ name: 'First', value: 20, expected_close: '2027-03-01' });
    const second = await api.create({ name: 'Second', value: 300 });
    const third = await api.create({ name: 'Third', value: 20, expected_close: '2026-12-01' });
    await waitFor(async () => Date.now() > Date.parse(third.updated_at) + 2 || undefined);
    await api.patch(first.id, { name: 'First again' });
    const order = async (sort: string) => ids((await api.list({ sort })).data);
    expect(await order('close_asc')).toEqual([third.id, first.id, second.id]);
    expect(await order('value_desc')).toEqual([second.id, ...[first.id, third.id].sort().reverse()]);
    expect(await order('created_desc')).toEqual([third.id, second.id, first.id]);
    expect(await order('updated_desc')).toEqual([first.id, third.id, second.id]);
    expect((await api.list({ limit: '1', offset: '1', sort: 'close_asc' })).data.map((deal) => deal.id)).toEqual([
      first.id,
    ]);
  });

  it('reads 50 deals a page by default', async () => {
    const owner = await signUpWithWorkspace(base, 'Quin');
    const api = dealsApi(base, owner);
    for (let index = 0; index < 52; index += 1) await api.create({ name: `Deal ${index}`, value: 1 });
    const page = await api.list();
    expect({ length: page.data.length, total: page.total, value: page.value }).toEqual({
      length: 50,
      total: 52,
      value: 52,
    });
  });
});
