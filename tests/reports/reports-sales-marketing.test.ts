import { signUpWithWorkspace, type TestSystem } from '../support/system';
import { api, startReportsSystem } from './reports-support';

// Sales and marketing reports over workspaces with known numbers, every figure hand-computed.
// New workspaces start on the Standard plan (the complimentary period), which the marketing
// report, campaigns and touchpoints need.

let system: TestSystem;

beforeAll(async () => {
  system = await startReportsSystem();
});

afterAll(async () => {
  await system?.destroy();
});

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

describe('GET /reports/sales', () => {
  it('reports revenue, win rate, forecast, people, sources, the funnel, lost reasons and activity', async () => {
    const owner = await signUpWithWorkspace(system.url);
    const reports = api(system.url, owner);
    const stages = await reports.stages('deal');
    const sources = await reports.sources();
    const company = await reports.company({ name: 'Buyer' });
    const me = owner.user.id as string;
    // d1 goes Qualification → Proposal → Won; d2 is lost for Price; d3 stays open; d4 is won in another currency.
    const d1 = await reports.deal({ name: 'd1', value: 1000, owner_id: me, source_id: sources.Referral });
    const currency = d1.currency;
    const foreign = currency === 'USD' ? 'EUR' : 'USD';
    await reports.patchDeal(d1.id, { stage_id: stages.Proposal });
    await reports.patchDeal(d1.id, { stage_id: stages.Won });
    const d2 = await reports.deal({ name: 'd2', value: 500, owner_id: me });
    await reports.patchDeal(d2.id, { stage_id: stages.Lost, lost_reason: 'Price' });
    await reports.deal({ name: 'd3', value: 200, owner_id: me });
    const d4 = await reports.deal({ name: 'd4', value: 300, currency: foreign, owner_id: me });
    await reports.patchDeal(d4.id, { stage_id: stages.Won });
    // Activity: a note, a call and a task done.
    await reports.ok(
      'POST',
      '/activities',
      { type: 'note', body: 'Met the buyer', target_type: 'company', target_id: company.id },
      201,
    );
    await reports.ok(
      'POST',
      '/activities',
      { type: 'call', outcome: 'connected', target_type: 'company', target_id: company.id },
      201,
    );
    const task = await reports.ok<{ id: string }>(
      'POST',
      '/tasks',
      { title: 'Follow up', target_type: 'company', target_id: company.id, assignee_id: me },
      201,
    );
    await reports.ok('PATCH', `/tasks/${task.id}`, { status: 'done' });

    const sales = await reports.until<Record<string, any>>(
      'GET',
      '/reports/sales',
      undefined,
      (body) =>
        body.revenue.deals === 2 &&
        body.lost.deals === 1 &&
        body.forecast.open_deals === 1 &&
        body.activity[0]?.tasks_done === 1 &&
        body.activity[0]?.calls === 1,
      'the sales report to see every deal and activity',
    );
    expect(sales.currency).toBe(currency);
    expect(sales.owner_id).toBeNull();
    expect(sales.revenue).toEqual({
      amount: 1000,
      deals: 2,
      other_currency: [{ currency: foreign, amount: 300, deals: 1 }],
    });
    expect(sales.lost).toEqual({ amount: 500, deals: 1, other_currency: [] });
    expect(sales.win_rate).toBe(0.6667);
    expect(sales.average_cycle_days).toBeGreaterThanOrEqual(0);
    expect(sales.average_cycle_days).toBeLessThan(1);
    // d3 is open at Qualification (10%).
    expect(sales.forecast).toEqual({ open_deals: 1, open: 200, weighted: 20, other_currency: [] });
    expect(sales.people).toEqual([
      {
        owner_id: me,
        owner_name: 'Ann',
        won_deals: 2,
        lost_deals: 1,
        revenue: 1000,
        win_rate: 0.6667,
        open_deals: 1,
        open_value: 200,
      },
    ]);
    expect(sales.sources).toEqual([
      { source_id: sources.Referral, source: 'Referral', created_deals: 1, won_deals: 1, revenue: 1000 },
      { source_id: null, source: null, created_deals: 3, won_deals: 1, revenue: 0 },
    ]);
    expect(
      sales.funnel.stages.map((stage: Record<string, unknown>) => [stage.stage, stage.reached, stage.conversion]),
    ).toEqual([
      ['Qualification', 4, null],
      ['Needs analysis', 2, 0.5],
      ['Proposal', 2, 1],
      ['Negotiation', 2, 1],
      ['Won', 2, 1],
    ]);
    expect(sales.lost_reasons).toEqual([{ reason: 'Price', deals: 1, amount: 500 }]);
    expect(sales.activity).toEqual([{ user_id: me, name: 'Ann', notes: 1, calls: 1, meetings: 0, tasks_done: 1 }]);

    const mine = await reports.ok<Record<string, any>>('GET', '/reports/sales?owner=me', undefined);
    expect(mine.owner_id).toBe(me);
    expect(mine.revenue.amount).toBe(1000);
    const nobody = await reports.ok<Record<string, any>>('GET', `/reports/sales?owner=${company.id}`, undefined);
    expect({
      revenue: nobody.revenue.deals,
      open: nobody.forecast.open_deals,
      people: nobody.people,
      activity: nobody.activity,
    }).toEqual({ revenue: 0, open: 0, people: [], activity: [] });
    const past = await reports.ok<Record<string, any>>(
      'GET',
      '/reports/sales?from=2020-01-01&to=2020-12-31',
      undefined,
    );
    expect({
      period: past.period,
      won: past.revenue.deals,
      winRate: past.win_rate,
      open: past.forecast.open_deals,
    }).toEqual({ period: { from: '2020-01-01', to: '2020-12-31' }, won: 0, winRate: null, open: 1 });
  });
});

describe('GET /reports/marketing', () => {
  it('attributes deals by first touch, last touch and equal shares, with spend, leads, CAC, ROI and ROAS', async () => {
    const owner = await signUpWithWorkspace(system.url);
    const reports = api(system.url, owner);
    const sources = await reports.sources();
    const c1 = await reports.ok<{ id: string }>('POST', '/campaigns', { name: 'C1', source_id: sources.Website }, 201);
    const c2 = await reports.ok<{ id: string }>('POST', '/campaigns', { name: 'C2', source_id: sources.Referral }, 201);
    const c3 = await reports.ok<{ id: string }>('POST', '/campaigns', { name: 'C3' }, 201);
    const spentOn = daysAgo(5).slice(0, 10);
    await reports.ok('POST', `/campaigns/${c1.id}/spend`, {
      lines: [
        { spent_on: spentOn, amount: 60 },
        { spent_on: spentOn, amount: 40 },
      ],
    });
    await reports.ok('POST', `/campaigns/${c2.id}/spend`, { lines: [{ spent_on: spentOn, amount: 50 }] });
    const person = await reports.contact({ first_name: 'Xena' });
    const buyer = await reports.company({ name: 'Y Ltd', campaign_id: c2.id });
    // Xena met C1, then C2, then C3; Y Ltd met C1 before it came in through C2.
    await reports.ok('POST', '/touchpoints', {
      touchpoints: [
        { campaign_id: c1.id, contact_id: person.id, kind: 'ad_click', occurred_at: daysAgo(30) },
        { campaign_id: c2.id, contact_id: person.id, kind: 'email_click', occurred_at: daysAgo(20) },
        { campaign_id: c3.id, contact_id: person.id, kind: 'visit', occurred_at: daysAgo(10) },
        { campaign_id: c1.id, company_id: buyer.id, kind: 'event', occurred_at: daysAgo(40) },
      ],
    });
    const stages = await reports.stages('deal');
    const won = await reports.deal({ name: 'Won one', value: 90, contact_id: person.id });
    const currency = won.currency;
    const foreign = currency === 'USD' ? 'EUR' : 'USD';
    await reports.patchDeal(won.id, { stage_id: stages.Won });
    await reports.deal({ name: 'Open one', value: 100.01, company_id: buyer.id });
    const abroad = await reports.deal({ name: 'Abroad', value: 500, currency: foreign, contact_id: person.id });
    await reports.patchDeal(abroad.id, { stage_id: stages.Won });

    const first = await reports.until<Record<string, any>>(
      'GET',
      '/reports/marketing',
      undefined,
      (body) =>
        body.totals.deals === 2 &&
        body.totals.revenue === 90 &&
        body.totals.spend === 150 &&
        body.other_currency.length === 1 &&
        body.other_currency[0].revenue === 500,
      'the marketing report to see the spend, touches and deals',
    );
    expect(first).toMatchObject({ currency, group: 'campaign', model: 'first' });
    const row = (body: Record<string, any>, key: string | null) =>
      body.rows.find((candidate: { key: string | null }) => candidate.key === key);
    expect(row(first, c1.id)).toEqual({
      key: c1.id,
      label: 'C1',
      spend: 100,
      leads: 0,
      deals: 2,
      won_deals: 1,
      pipeline: 100.01,
      revenue: 90,
      cac: 100,
      roi: -0.1,
      roas: 0.9,
    });
    expect(row(first, c2.id)).toEqual({
      key: c2.id,
      label: 'C2',
      spend: 50,
      leads: 1,
      deals: 0,
      won_deals: 0,
      pipeline: 0,
      revenue: 0,
      cac: null,
      roi: -1,
      roas: 0,
    });
    expect(row(first, c3.id)).toEqual({
      key: c3.id,
      label: 'C3',
      spend: 0,
      leads: 0,
      deals: 0,
      won_deals: 0,
      pipeline: 0,
      revenue: 0,
      cac: null,
      roi: null,
      roas: null,
    });
    expect(first.rows).toHaveLength(3);
    expect(first.totals).toEqual({
      spend: 150,
      leads: 1,
      deals: 2,
      won_deals: 1,
      pipeline: 100.01,
      revenue: 90,
      cac: 150,
      roi: -0.4,
      roas: 0.6,
    });
    expect(first.other_currency).toEqual([{ currency: foreign, spend: 0, deals: 1, pipeline: 0, revenue: 500 }]);
    const spendMonth = first.by_month.find((entry: { month: string }) => entry.month === spentOn.slice(0, 7));
    expect(spendMonth.spend).toBe(150);
    expect(first.by_month.reduce((sum: number, entry: { revenue: number }) => sum + entry.revenue, 0)).toBe(90);
    expect(first.by_month.length).toBeGreaterThanOrEqual(12);

    const last = await reports.ok<Record<string, any>>('GET', '/reports/marketing?model=last', undefined);
    expect(row(last, c1.id)).toEqual({
      key: c1.id,
      label: 'C1',
      spend: 100,
      leads: 0,
      deals: 0,
      won_deals: 0,
      pipeline: 0,
      revenue: 0,
      cac: null,
      roi: -1,
      roas: 0,
    });
    expect(row(last, c2.id)).toEqual({
      key: c2.id,
      label: 'C2',
      spend: 50,
      leads: 1,
      deals: 1,
      won_deals: 0,
      pipeline: 100.01,
      revenue: 0,
      cac: null,
      roi: -1,
      roas: 0,
    });
    expect(row(last, c3.id)).toEqual({
      key: c3.id,
      label: 'C3',
      spend: 0,
      leads: 0,
      deals: 1,
      won_deals: 1,
      pipeline: 0,
      revenue: 90,
      cac: null,
      roi: null,
      roas: null,
    });

    const linear = await reports.ok<Record<string, any>>('GET', '/reports/marketing?model=linear', undefined);
    expect(row(linear, c1.id)).toEqual({
      key: c1.id,
      label: 'C1',
      spend: 100,
      leads: 0,
      deals: 0.8333,
      won_deals: 0.3333,
      pipeline: 50.01,
      revenue: 30,
      cac: 300,
      roi: -0.7,
      roas: 0.3,
    });
    expect(row(linear, c2.id)).toEqual({
      key: c2.id,
      label: 'C2',
      spend: 50,
      leads: 1,
      deals: 0.8333,
      won_deals: 0.3333,
      pipeline: 50,
      revenue: 30,
      cac: 150,
      roi: -0.4,
      roas: 0.6,
    });
    expect(row(linear, c3.id)).toEqual({
      key: c3.id,
      label: 'C3',
      spend: 0,
      leads: 0,
      deals: 0.3333,
      won_deals: 0.3333,
      pipeline: 0,
      revenue: 30,
      cac: null,
      roi: null,
      roas: null,
    });
    // Shares of one deal add up to its value.
    expect(linear.totals).toMatchObject({ deals: 2, won_deals: 1, pipeline: 100.01, revenue: 90 });

    const bySource = await reports.ok<Record<string, any>>('GET', '/reports/marketing?group=source', undefined);
    expect(row(bySource, sources.Website)).toMatchObject({ label: 'Website', spend: 100, deals: 2, revenue: 90 });
    expect(row(bySource, sources.Referral)).toMatchObject({ label: 'Referral', spend: 50, leads: 1 });
    const byChannel = await reports.ok<Record<string, any>>(
      'GET',
      '/reports/marketing?group=channel&model=last',
      undefined,
    );
    expect(row(byChannel, null)).toMatchObject({ label: 'No channel', revenue: 90, spend: 0 });
    expect(row(byChannel, 'referral')).toMatchObject({ pipeline: 100.01, spend: 50 });

    const one = await reports.ok<Record<string, any>>(
      `GET`,
      `/reports/marketing?campaign_id=${c2.id}&model=linear`,
      undefined,
    );
    expect(one.rows).toEqual([
      {
        key: c2.id,
        label: 'C2',
        spend: 50,
        leads: 1,
        deals: 0.8333,
        won_deals: 0.3333,
        pipeline: 50,
        revenue: 30,
        cac: 150,
        roi: -0.4,
        roas: 0.6,
      },
    ]);

    const past = await reports.ok<Record<string, any>>(
      'GET',
      '/reports/marketing?from=2020-01-01&to=2020-03-31',
      undefined,
    );
    expect(past.period).toEqual({ from: '2020-01-01', to: '2020-03-31' });
    expect(past.by_month.map((entry: { month: string }) => entry.month)).toEqual(['2020-01', '2020-02', '2020-03']);
    expect(past.totals).toEqual({
      spend: 0,
      leads: 0,
      deals: 0,
      won_deals: 0,
      pipeline: 0,
      revenue: 0,
      cac: null,
      roi: null,
      roas: null,
    });
  });
});

// The reports of the Standard plan on Free: tests/billing/plan-gating.test.ts.
