import { signUpWithWorkspace, type TestSystem } from '../support/system';
import { api, expectInvalid, startReportsSystem } from './reports-support';

// The read model, the catalogue, run and records, pipeline and summary, checked against a small
// workspace with known numbers.

let system: TestSystem;

beforeAll(async () => {
  system = await startReportsSystem();
});

afterAll(async () => {
  await system?.destroy();
});

const month = (offset = 0) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1)).toISOString().slice(0, 7);
};

describe('reports over a small workspace', () => {
  it('counts companies per stage, sums and groups them, and shows the records behind a row', async () => {
    const owner = await signUpWithWorkspace(system.url);
    const reports = api(system.url, owner);
    const stages = await reports.stages('company');
    const sources = await reports.sources();
    const a = await reports.company({
      name: 'Alpha',
      stage_id: stages.New,
      source_id: sources.Website,
      industry: 'Retail',
      owner_id: owner.user.id,
    });
    const b = await reports.company({ name: 'Beta', stage_id: stages.New, industry: 'Retail' });
    await reports.company({ name: 'Gamma', stage_id: stages.Qualified, industry: 'Software', employee_count: 50 });
    const d = await reports.company({ name: 'Delta', stage_id: null, employee_count: 10 });
    const gone = await reports.company({ name: 'Gone', stage_id: stages.Qualified, industry: 'Retail' });
    await reports.ok('DELETE', `/companies/${gone.id}`, undefined, 204);

    const pipeline = await reports.until<{
      data: Array<{ stage_id: string | null; stage: string; kind: string | null; companies: number }>;
    }>(
      'GET',
      '/reports/pipeline',
      undefined,
      (body) =>
        body.data.reduce((sum, row) => sum + row.companies, 0) === 4 &&
        body.data.find((row) => row.stage_id === stages.Qualified)?.companies === 1,
      'the pipeline report to count four live companies',
    );
    expect(pipeline.data).toEqual([
      { stage_id: stages.New, stage: 'New', kind: 'open', companies: 2 },
      { stage_id: stages.Contacted, stage: 'Contacted', kind: 'open', companies: 0 },
      { stage_id: stages.Qualified, stage: 'Qualified', kind: 'open', companies: 1 },
      { stage_id: stages.Customer, stage: 'Customer', kind: 'account', companies: 0 },
      { stage_id: null, stage: 'No stage', kind: null, companies: 1 },
    ]);

    // Tasks: one open and overdue, one done this month.
    await reports.ok(
      'POST',
      '/tasks',
      { title: 'Call back', due_at: '2020-01-01T09:00:00.000Z', target_type: 'company', target_id: a.id },
      201,
    );
    const done = await reports.ok<{ id: string }>(
      'POST',
      '/tasks',
      { title: 'Send brochure', target_type: 'company', target_id: b.id },
      201,
    );
    await reports.ok('PATCH', `/tasks/${done.id}`, { status: 'done' });

    const summary = await reports.until<Record<string, any>>(
      'GET',
      '/reports/summary',
      undefined,
      (body) => body.tasks.done_this_month === 1 && body.tasks.open === 1,
      'the summary to count the tasks',
    );
    expect(summary.by_stage.map((row: { companies: number }) => row.companies)).toEqual([2, 0, 1, 0, 1]);
    expect(summary.by_source).toEqual(
      expect.arrayContaining([
        { source_id: null, source: null, companies: 3 },
        { source_id: sources.Website, source: 'Website', companies: 1 },
      ]),
    );
    expect(summary.by_source).toHaveLength(2);
    expect(summary.by_owner).toEqual(
      expect.arrayContaining([{ owner_id: owner.user.id, owner_name: 'Ann', companies: 1 }]),
    );
    expect(summary.added_by_month).toHaveLength(12);
    expect(summary.added_by_month[11]).toEqual({ month: month(0), companies: 4 });
    expect(summary.added_by_month[0]).toEqual({ month: month(-11), companies: 0 });
    expect(summary.tasks).toEqual({ open: 1, overdue: 1, done_this_month: 1 });
    expect(summary.totals).toMatchObject({
      companies: 4,
      accounts: 0,
      open_deals: 0,
      open_deal_value: 0,
      other_currency: [],
    });

    const byIndustry = await reports.run({ object: 'company', group_by: ['industry'] });
    expect(byIndustry.status).toBe(200);
    expect(byIndustry.body).toEqual({
      object: 'company',
      columns: [
        { key: 'industry', label: 'Industry', type: 'string' },
        { key: 'count', label: 'Count', type: 'integer' },
      ],
      money: false,
      currency: null,
      rows: [
        { keys: ['Retail'], labels: ['Retail'], value: 2, other_currency: [] },
        { keys: [null], labels: ['Not set'], value: 1, other_currency: [] },
        { keys: ['Software'], labels: ['Software'], value: 1, other_currency: [] },
      ],
      truncated: false,
      chart: 'bar',
    });

    const employees = await reports.run({
      object: 'company',
      group_by: ['stage_id', 'created_at:month'],
      measure: 'sum:employee_count',
      chart: 'table',
    });
    expect(employees.status).toBe(200);
    expect(employees.body.rows).toEqual([
      { keys: [stages.Qualified, month(0)], labels: ['Qualified', expect.any(String)], value: 50, other_currency: [] },
      { keys: [null, month(0)], labels: ['Not set', expect.any(String)], value: 10, other_currency: [] },
      { keys: [stages.New, month(0)], labels: ['New', expect.any(String)], value: 0, other_currency: [] },
    ]);

    const filtered = await reports.run({
      object: 'company',
      measure: 'count',
      filters: [{ field: 'industry', values: ['Retail', null] }],
      date: { field: 'created_at', from: '2020-01-01', to: '2099-12-31' },
    });
    expect(filtered.body.rows).toEqual([{ keys: [], labels: [], value: 3, other_currency: [] }]);
    const outside = await reports.run({
      object: 'company',
      date: { field: 'created_at', from: '2020-01-01', to: '2020-12-31' },
    });
    expect(outside.body.rows).toEqual([]);

    const retail = await reports.ok<{ total: number; records: Array<Record<string, any>> }>(
      'POST',
      '/reports/records',
      { definition: { object: 'company', group_by: ['industry'] }, keys: ['Retail'] },
    );
    expect(retail.total).toBe(2);
    expect(retail.records.map((record) => record.id)).toEqual([b.id, a.id]);
    expect(retail.records[1]).toMatchObject({
      name: 'Alpha',
      stage_id: stages.New,
      stage_name: 'New',
      source_name: 'Website',
      owner_name: 'Ann',
    });
    const notSet = await reports.ok<{ total: number; records: Array<{ id: string }> }>('POST', '/reports/records', {
      definition: { object: 'company', group_by: ['industry'] },
      keys: [null],
    });
    expect(notSet).toEqual({ total: 1, records: [expect.objectContaining({ id: d.id })] });
  });

  it('keeps money in other currencies apart and lists each workspace custom field', async () => {
    const owner = await signUpWithWorkspace(system.url);
    const reports = api(system.url, owner);
    const first = await reports.deal({ value: 100.1, name: 'One' });
    const currency = first.currency;
    const foreign = currency === 'USD' ? 'EUR' : 'USD';
    await reports.deal({ value: 0.2, name: 'Two' });
    await reports.deal({ value: 300, currency: foreign, name: 'Three' });
    const field = await reports.ok<{ id: string; key: string }>(
      'POST',
      '/custom-fields',
      { object: 'deal', label: 'Seats', type: 'number' },
      201,
    );

    const run = await reports.until<Record<string, any>>(
      'POST',
      '/reports/run',
      { object: 'deal', group_by: ['status'], measure: 'sum:value' },
      (body) => body.rows[0]?.other_currency.length === 1 && body.rows[0]?.value === 100.3,
      'the deals to be summed',
    );
    expect(run).toMatchObject({
      money: true,
      currency,
      columns: [{ key: 'status' }, { key: 'sum:value', type: 'money' }],
    });
    expect(run.rows).toEqual([
      { keys: ['open'], labels: ['open'], value: 100.3, other_currency: [{ currency: foreign, value: 300 }] },
    ]);

    const fields = await reports.until<{ data: Array<Record<string, any>> }>(
      'GET',
      '/reports/fields',
      undefined,
      (body) =>
        body.data
          .find((item) => item.object === 'deal')
          ?.measures.some((measure: { key: string }) => measure.key === `sum:custom.${field.key}`),
      'the custom field to join the catalogue',
    );
    expect(fields.data.map((item) => item.object)).toEqual([
      'company',
      'contact',
      'deal',
      'activity',
      'task',
      'touchpoint',
      'spend',
    ]);
    const deal = fields.data.find((item) => item.object === 'deal')!;
    expect(deal.group_by).toEqual(
      expect.arrayContaining([
        { field: 'stage_id', label: 'Stage', type: 'id', references: 'stage' },
        { field: `custom.${field.key}`, label: 'Seats', type: 'number' },
      ]),
    );
    expect(deal.date_fields).toEqual(
      expect.arrayContaining([
        { field: 'closed_at', label: 'Closed', units: ['day', 'week', 'month', 'quarter', 'year'] },
      ]),
    );
    expect(deal.measures).toEqual(
      expect.arrayContaining([
        { key: 'sum:value', label: 'Sum of value', type: 'number', money: true },
        { key: 'count', label: 'Count', type: 'integer', money: false },
      ]),
    );

    // A saved report on the custom field answers 409 once the field is archived.
    const saved = await reports.ok<Record<string, any>>(
      'POST',
      '/reports/saved',
      {
        name: 'Seats by status',
        definition: { object: 'deal', group_by: ['status'], measure: `sum:custom.${field.key}` },
      },
      201,
    );
    expect(saved.definition).toEqual({
      object: 'deal',
      group_by: ['status'],
      measure: `sum:custom.${field.key}`,
      filters: [],
      chart: 'bar',
    });
    const before = await reports.ok<Record<string, any>>('GET', `/reports/saved/${saved.id}/run`, undefined);
    expect(before).toMatchObject({ name: 'Seats by status', rows: [{ keys: ['open'], value: 0 }] });
    await reports.ok('PATCH', `/custom-fields/${field.id}`, { archived: true });
    const after = await reports.until<Record<string, any>>(
      'GET',
      '/reports/fields',
      undefined,
      (body) => !JSON.stringify(body).includes(`custom.${field.key}`),
      'the archived field to leave the catalogue',
    );
    expect(after.data).toHaveLength(7);
    const archived = await reports.call('GET', `/reports/saved/${saved.id}/run`);
    expect({ status: archived.status, code: archived.body.error?.code }).toEqual({
      status: 409,
      code: 'report_field_unavailable',
    });
    expect(archived.body.error.message).toContain(`custom.${field.key}`);
  });

  it('refuses bad definitions with 400 naming the field', async () => {
    const owner = await signUpWithWorkspace(system.url);
    const reports = api(system.url, owner);
    expectInvalid(await reports.run({ object: 'company', group_by: ['colour'] }), 'group_by.0');
    expectInvalid(await reports.run({ object: 'company', group_by: ['created_at'] }), 'group_by.0');
    expectInvalid(await reports.run({ object: 'company', group_by: ['created_at:hour'] }), 'group_by.0');
    expectInvalid(await reports.run({ object: 'company', group_by: ['industry', 'owner_id', 'stage_id'] }), 'group_by');
    expectInvalid(await reports.run({ object: 'company', measure: 'sum:name' }), 'measure');
    expectInvalid(await reports.run({ object: 'deal', measure: 'avg:nothing' }), 'measure');
    expectInvalid(await reports.run({ object: 'planet' }), 'object');
    expectInvalid(
      await reports.run({ object: 'company', filters: [{ field: 'colour', values: ['red'] }] }),
      'filters.0.field',
    );
    expectInvalid(
      await reports.run({ object: 'company', filters: [{ field: 'industry', values: [] }] }),
      'filters.0.values',
    );
    expectInvalid(
      await reports.run({
        object: 'company',
        filters: Array.from({ length: 11 }, () => ({ field: 'industry', values: ['x'] })),
      }),
      'filters',
    );
    expectInvalid(
      await reports.run({ object: 'company', filters: [{ field: 'industry', values: ['x'.repeat(201)] }] }),
      'filters.0.values.0',
    );
    expectInvalid(await reports.run({ object: 'company', date: { field: 'industry' } }), 'date.field');
    expectInvalid(
      await reports.run({ object: 'company', date: { field: 'created_at', from: '2026-02-01', to: '2026-01-01' } }),
      'date.from',
    );
    expectInvalid(await reports.run({ object: 'company', group_by: ['x'.repeat(61)] }), 'group_by.0');
    expectInvalid(await reports.run({ object: 'company', colour: 'red' }), 'colour');
    expectInvalid(
      await reports.call('POST', '/reports/records', {
        definition: { object: 'company', group_by: ['industry'] },
        keys: [],
      }),
      'keys',
    );
    expectInvalid(
      await reports.call('POST', '/reports/records', {
        definition: { object: 'company', group_by: ['nope'] },
        keys: ['x'],
      }),
      'definition.group_by.0',
    );
    expectInvalid(
      await reports.call('POST', '/reports/saved', { name: 'x'.repeat(81), definition: { object: 'company' } }),
      'name',
    );
    expectInvalid(
      await reports.call('POST', '/reports/saved', {
        name: 'Fine',
        definition: { object: 'company', measure: 'max:name' },
      }),
      'definition.measure',
    );
    expectInvalid(await reports.call('GET', '/reports/sales?from=2026-05-01&to=2026-04-01'), 'from');
    expectInvalid(await reports.call('GET', '/reports/sales?owner=someone'), 'owner');
    expectInvalid(await reports.call('GET', '/reports/marketing?group=planet'), 'group');
    expectInvalid(await reports.call('GET', '/reports/marketing?model=middle'), 'model');
    expectInvalid(await reports.call('GET', '/reports/marketing?from=2026-13-01'), 'from');
  });

  it('shows a change in the next report by reading only the records changed since, not the whole workspace', async () => {
    const owner = await signUpWithWorkspace(system.url);
    const reports = api(system.url, owner);
    const stages = await reports.stages('deal');
    const kept = await reports.deal({ name: 'Kept', value: 100, stage_id: stages.Qualification });
    const gone = await reports.deal({ name: 'Gone', value: 40, stage_id: stages.Qualification });
    const byStage = { object: 'deal', group_by: ['stage_id'], measure: 'sum:value' };
    const valueIn = (body: { rows: Array<{ keys: string[]; value: number }> }, stageId: string) =>
      body.rows.find((row) => row.keys[0] === stageId)?.value;
    await reports.until(
      'POST',
      '/reports/run',
      byStage,
      (body: any) => valueIn(body, stages.Qualification) === 140,
      'both deals in the report',
    );

    // A deal changed in place, one added, one deleted: each reaches the next report.
    await reports.patchDeal(kept.id, { name: 'Kept, renamed', value: 250, stage_id: stages.Proposal });
    await reports.until(
      'POST',
      '/reports/run',
      byStage,
      (body: any) => valueIn(body, stages.Proposal) === 250 && valueIn(body, stages.Qualification) === 40,
      'the changed deal in the report',
    );
    const added = await reports.deal({ name: 'Added', value: 30, stage_id: stages.Proposal });
    await reports.until(
      'POST',
      '/reports/run',
      byStage,
      (body: any) => valueIn(body, stages.Proposal) === 280,
      'the added deal in the report',
    );
    await reports.ok('DELETE', `/deals/${gone.id}`, undefined, 204);
    const after = await reports.until(
      'POST',
      '/reports/run',
      byStage,
      (body: any) => valueIn(body, stages.Qualification) === undefined,
      'the deleted deal out of the report',
    );
    expect(after.rows).toEqual([expect.objectContaining({ keys: [stages.Proposal], value: 280 })]);
    const records = await reports.ok<{ total: number; records: Array<Record<string, unknown>> }>(
      'POST',
      '/reports/records',
      { definition: byStage, keys: [stages.Proposal] },
    );
    expect(records).toEqual({
      total: 2,
      records: [
        expect.objectContaining({ id: added.id, name: 'Added', value: 30 }),
        expect.objectContaining({ id: kept.id, name: 'Kept, renamed', value: 250, stage_name: 'Proposal' }),
      ],
    });
    expect(records.records[0]).not.toHaveProperty('seq');
    // With a filter the records walked are the filtered ones.
    const filtered = { ...byStage, filters: [{ field: 'stage_id', values: [stages.Proposal] }] };
    const inProposal = await reports.ok<{ total: number; records: Array<{ id: string }> }>('POST', '/reports/records', {
      definition: filtered,
      keys: [stages.Proposal],
    });
    expect({ total: inProposal.total, ids: inProposal.records.map((item) => item.id) }).toEqual({
      total: 2,
      ids: [added.id, kept.id],
    });
    expect(
      await reports.ok('POST', '/reports/records', { definition: filtered, keys: [stages.Qualification] }),
    ).toEqual({ total: 0, records: [] });

    // The stage history follows too: the funnel times the renamed deal's stay in Qualification (it
    // left); both live deals have reached it (the added one is past it), the deleted one is out.
    const sales = await reports.ok<{
      funnel: { stages: Array<{ stage_id: string; reached: number; average_days: number | null }> };
    }>('GET', '/reports/sales', undefined);
    const qualification = sales.funnel.stages.find((stage) => stage.stage_id === stages.Qualification)!;
    expect({ reached: qualification.reached, timed: qualification.average_days !== null }).toEqual({
      reached: 2,
      timed: true,
    });
  });

  it("counts only what the caller's workspace holds", async () => {
    const ann = await signUpWithWorkspace(system.url, 'Ann');
    const bob = await signUpWithWorkspace(system.url, 'Bob');
    const annApi = api(system.url, ann);
    const bobApi = api(system.url, bob);
    await annApi.company({ name: 'Ann One', industry: 'Retail' });
    await annApi.company({ name: 'Ann Two', industry: 'Retail' });
    await bobApi.company({ name: 'Bob One', industry: 'Retail' });
    await annApi.until(
      'POST',
      '/reports/run',
      { object: 'company', group_by: ['industry'] },
      (body: Record<string, any>) => body.rows[0]?.value === 2,
      "Ann's companies to show",
    );
    await bobApi.until(
      'POST',
      '/reports/run',
      { object: 'company', group_by: ['industry'] },
      (body: Record<string, any>) => body.rows[0]?.value === 1,
      "Bob's company to show",
    );
    const annPipeline = await annApi.ok<{ data: Array<{ companies: number }> }>('GET', '/reports/pipeline', undefined);
    expect(annPipeline.data.reduce((sum, row) => sum + row.companies, 0)).toBe(2);
    const annRecords = await annApi.ok<{ total: number }>('POST', '/reports/records', {
      definition: { object: 'company', group_by: ['industry'] },
      keys: ['Retail'],
    });
    expect(annRecords.total).toBe(2);
    const saved = await annApi.ok<{ id: string }>(
      'POST',
      '/reports/saved',
      { name: 'Mine', definition: { object: 'company' } },
      201,
    );
    for (const [method, path] of [
      ['GET', `/reports/saved/${saved.id}/run`],
      ['PATCH', `/reports/saved/${saved.id}`],
      ['PUT', `/reports/saved/${saved.id}/pin`],
      ['DELETE', `/reports/saved/${saved.id}/pin`],
      ['DELETE', `/reports/saved/${saved.id}`],
    ] as const) {
      const answer = await bobApi.call(method, path, method === 'PATCH' ? { name: 'Theirs' } : undefined);
      expect({ method, path, status: answer.status, code: answer.body?.error?.code }).toEqual({
        method,
        path,
        status: 404,
        code: 'not_found',
      });
    }
    const bobSaved = await bobApi.ok<{ data: unknown[] }>('GET', '/reports/saved', undefined);
    expect(bobSaved.data).toEqual([]);
    const summary = await bobApi.ok<Record<string, any>>('GET', '/reports/summary', undefined);
    expect(summary.totals.companies).toBe(1);
    const pipelines = await annApi.ok<{ data: Array<{ id: string; object: string }> }>('GET', '/pipelines', undefined);
    const annPipelineId = pipelines.data.find((item) => item.object === 'company')!.id;
    const other = await bobApi.call('GET', `/reports/summary?pipeline_id=${annPipelineId}`);
    expect({ status: other.status, code: other.body.error?.code }).toEqual({ status: 404, code: 'not_found' });
  });
});
