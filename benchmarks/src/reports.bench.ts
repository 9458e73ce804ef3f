import { acrossWorkspaces, newId } from '@crm/kit';
import { compileReport, withDefaults } from '@crm/reports/dist/engine/report-definition';
import { reportRecords } from '@crm/reports/dist/engine/report-records';
import { runReport } from '@crm/reports/dist/engine/report-run';
import { marketingReport } from '@crm/reports/dist/fixed/marketing-report';
import { summaryReport } from '@crm/reports/dist/fixed/pipeline-summary';
import { salesReport } from '@crm/reports/dist/fixed/sales-report';
import { rebuildReadModel } from '@crm/reports/dist/read-model/read-model-rebuild';
import { revisionModel } from '@crm/reports/dist/read-model/read-model.model';
import { workspaceData, workspaceReads } from '@crm/reports/dist/read-model/workspace-data';
import { runWithContext } from '@crm/kit';
import { startSystem } from '@crm/all-in-one';
import { apiCaller } from './load';
import { runBenchmark } from './benchmark-run';
import { companyRecord } from './seed-records';

// reports at CRM scale on the embedded store: one workspace with 100,000 companies and 100,000
// deals (plus touchpoints and spend for marketing) seeded into crm-core's and marketing's own
// collections, then reports' read model rebuilt from them over gRPC (the full rebuild, timed),
// then each report asked through the gateway one request at a time. Printed: the first answer
// after the rebuild (the workspace loaded whole from the read model), the answer right after one
// deal is changed through the API (only the changed records read), and the answers while nothing
// changes (the kept workspace reused). Figures only, never assertions.
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100_000);
const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);
const TOUCHPOINTS = Number(process.env.BENCH_TOUCHPOINTS ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const BATCH = 5_000;

const WORDS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', 'Tyrell', 'Cyberdyne'];
const INDUSTRIES = ['Retail', 'Software', 'Finance', 'Health', null];

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length];

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

runBenchmark('reports', async ({ dataDir, stopAtEnd }) => {
  const system = stopAtEnd(
    await startSystem({
      port: 0,
      dataDir,
      logLevel: 'error',
      rateLimits: { perTokenPerMinute: 1e9, publicPerMinute: 1e9 },
    }),
  );
  const call = apiCaller(system.url);
  const { token, user } = await call<{ token: string; user: { id: string } }>('POST', '/auth/sign-up', {
    email: 'bench@example.com',
    password: 'correct horse battery',
    name: 'Bench',
  });
  const { workspace_id: workspaceId } = await call<{ workspace_id: string }>(
    'POST',
    '/onboarding',
    { workspace_name: 'Bench' },
    token,
  );
  const stages = (
    await call<{
      data: Array<{ id: string; pipeline_id: string; kind: string; object: string; probability: number | null }>;
    }>('GET', '/pipeline-stages', undefined, token)
  ).data;
  const companyStages = stages.filter((stage) => stage.object === 'company');
  const dealStages = stages.filter((stage) => stage.object === 'deal');
  const sources = (await call<{ data: Array<{ id: string }> }>('GET', '/lead-sources', undefined, token)).data;
  const campaigns: string[] = [];
  for (const name of ['Spring', 'Summer', 'Autumn']) {
    const campaign = await call<{ id: string }>(
      'POST',
      '/campaigns',
      { name, source_id: pick(sources, campaigns.length).id },
      token,
    );
    campaigns.push(campaign.id);
    await call(
      'POST',
      `/campaigns/${campaign.id}/spend`,
      {
        lines: Array.from({ length: 12 }, (_, month) => ({
          spent_on: `2026-${String(month + 1).padStart(2, '0')}-01`,
          amount: 1000 + month,
        })),
      },
      token,
    );
  }
  const currency = (await call<{ currency: string }>('GET', '/deals?limit=1', undefined, token)).currency;
  const owners = [user.id, null, newId()];

  const seedStarted = Date.now();
  const crm = system.services['crm-core'].context.connection;
  const companyIds: string[] = [];
  for (let start = 0; start < COMPANIES; start += BATCH) {
    const batch: Array<Record<string, unknown>> = [];
    for (let index = start; index < Math.min(COMPANIES, start + BATCH); index += 1) {
      const stage = pick(companyStages, index * 7);
      const name = `${pick(WORDS, index)} ${index}`;
      const domain = `${pick(WORDS, index).toLowerCase()}${index}.example`;
      const at = new Date(Date.UTC(2025, 11, 1) + index * 300_000).toISOString();
      const id = newId();
      companyIds.push(id);
      const address = { city: 'London' };
      batch.push(
        companyRecord(workspaceId, at, {
          _id: id,
          name,
          domain,
          address,
          account_number: null,
          industry: pick(INDUSTRIES, index),
          employee_count: index % 500,
          owner_id: pick(owners, index),
          stage_id: stage.id,
          pipeline_id: stage.pipeline_id,
          is_account: stage.kind === 'account',
          source_id: pick(sources, index).id,
          campaign_id: index % 10 === 0 ? pick(campaigns, index) : null,
        }),
      );
    }
    await acrossWorkspaces('benchmark seeds one workspace', () => crm.collection('companies').insertMany(batch));
  }
  for (let start = 0; start < DEALS; start += BATCH) {
    const batch: Array<Record<string, unknown>> = [];
    for (let index = start; index < Math.min(DEALS, start + BATCH); index += 1) {
      const stage = pick(dealStages, index * 3);
      const minor = (index % 1000) * 100 + 50;
      const created = new Date(Date.UTC(2025, 11, 1) + index * 300_000).toISOString();
      const closed =
        stage.kind === 'won' || stage.kind === 'lost'
          ? new Date(Date.parse(created) + 86_400_000 * (index % 30)).toISOString()
          : null;
      batch.push({
        _id: newId(),
        version: 1,
        workspace_id: workspaceId,
        name: `Deal ${index}`,
        name_folded: `deal ${index}`,
        company_id: pick(companyIds, index),
        contact_id: null,
        value_minor: minor,
        value_high: Math.floor(minor / 10_000_000),
        value_low: minor % 10_000_000,
        currency: index % 20 === 0 ? 'USD' : currency,
        pipeline_id: stage.pipeline_id,
        stage_id: stage.id,
        probability: null,
        expected_close: null,
        close_key: '9999-12-31',
        status: stage.kind === 'won' ? 'won' : stage.kind === 'lost' ? 'lost' : 'open',
        closed_at: closed,
        lost_reason: stage.kind === 'lost' ? pick(['Price', 'Timing', 'Competitor'], index) : null,
        owner_id: pick(owners, index),
        source_id: pick(sources, index * 5).id,
        campaign_id: null,
        custom: {},
        created_at: created,
        updated_at: closed ?? created,
      });
    }
    await acrossWorkspaces('benchmark seeds one workspace', () => crm.collection('deals').insertMany(batch));
  }
  const marketing = system.services.marketing.context.connection;
  for (let start = 0; start < TOUCHPOINTS; start += BATCH) {
    const batch: Array<Record<string, unknown>> = [];
    for (let index = start; index < Math.min(TOUCHPOINTS, start + BATCH); index += 1) {
      const at = new Date(Date.UTC(2025, 10, 1) + index * 600_000).toISOString();
      batch.push({
        _id: newId(),
        version: 1,
        workspace_id: workspaceId,
        campaign_id: pick(campaigns, index),
        contact_id: null,
        company_id: pick(companyIds, index * 5),
        kind: 'visit',
        occurred_at: at,
        note: null,
        external_ref: null,
        actor_label: null,
        created_at: at,
      });
    }
    await acrossWorkspaces('benchmark seeds one workspace', () =>
      marketing.collection('touchpoints').insertMany(batch),
    );
  }
  const seedSeconds = (Date.now() - seedStarted) / 1000;

  const rebuildStarted = Date.now();
  const [rebuilt] = await rebuildReadModel(system.services.reports.context, [workspaceId]);
  const rebuildSeconds = (Date.now() - rebuildStarted) / 1000;

  const post = (path: string, body: unknown) => async () => call('POST', path, body, token);
  const get = (path: string) => async () => call('GET', path, undefined, token);
  const scenarios: Array<{ label: string; target: string; request: () => Promise<unknown> }> = [
    {
      label: 'POST /reports/run deals by stage and month, sum of value',
      target: '≤ 300 ms',
      request: post('/reports/run', {
        object: 'deal',
        group_by: ['stage_id', 'created_at:month'],
        measure: 'sum:value',
      }),
    },
    {
      label: 'POST /reports/run companies by owner and industry',
      target: '≤ 300 ms',
      request: post('/reports/run', { object: 'company', group_by: ['owner_id', 'industry'] }),
    },
    {
      label: 'POST /reports/records one row (100 newest)',
      target: '≤ 50 ms',
      request: post('/reports/records', {
        definition: { object: 'deal', group_by: ['stage_id'] },
        keys: [dealStages[0].id],
      }),
    },
    { label: 'GET /reports/summary', target: '≤ 300 ms', request: get('/reports/summary') },
    { label: 'GET /reports/pipeline', target: '', request: get('/reports/pipeline') },
    { label: 'GET /reports/sales', target: '≤ 500 ms', request: get('/reports/sales?from=2025-01-01&to=2026-12-31') },
    {
      label: 'GET /reports/marketing (linear)',
      target: '≤ 500 ms',
      request: get('/reports/marketing?from=2025-01-01&to=2026-12-31&model=linear'),
    },
  ];

  const time = async (request: () => Promise<unknown>) => {
    const started = process.hrtime.bigint();
    await request();
    return Number(process.hrtime.bigint() - started) / 1e6;
  };
  const lines: string[] = [];
  const reportsContext = system.services.reports.context;
  const { workspaceCache } = system.services.reports.runtime;
  const reads = workspaceReads(workspaceCache);
  // The first answer after the rebuild loads the workspace whole.
  const loadsBefore = reads.loads;
  const cold = await time(scenarios[0].request);
  const coldLoads = reads.loads - loadsBefore;

  // One deal changed through the API, then, once reports' consumer has written it (its change
  // number settled), the next report: it reads only the records stamped since.
  const sequence = () =>
    runWithContext({ request_id: 'bench', workspace_id: workspaceId }, () =>
      revisionModel(reportsContext.connection).findOne({ _id: workspaceId, workspace_id: workspaceId }).lean().exec(),
    );
  const deal = (await call<{ data: Array<{ id: string }> }>('GET', '/deals?limit=1', undefined, token)).data[0];
  const afterChange: number[] = [];
  const countsBefore = { ...reads };
  for (let run = 0; run < Math.min(RUNS, 10); run += 1) {
    const seqBefore = (await sequence())?.seq ?? 0;
    await call('PATCH', `/deals/${deal.id}`, { name: `Changed ${run}`, value: 1000 + run }, token);
    for (;;) {
      const row = await sequence();
      if (row && row.seq > seqBefore && row.settled === row.seq) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    afterChange.push(await time(scenarios[0].request));
  }
  const changeCounts = {
    loads: reads.loads - countsBefore.loads,
    refreshes: reads.refreshes - countsBefore.refreshes,
    changed: reads.changedRecords - countsBefore.changedRecords,
  };

  for (const scenario of scenarios) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) times.push(await time(scenario.request));
    lines.push(
      `${scenario.label.padEnd(60)} median ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms` +
        (scenario.target ? `  (target ${scenario.target})` : ''),
    );
  }

  // The same reports computed in the process over the loaded workspace, without HTTP, the
  // gateway or the revision check: what the grouping itself costs.
  const data = await runWithContext({ request_id: 'bench', workspace_id: workspaceId }, () =>
    workspaceData(workspaceCache, workspaceId),
  );
  const period = { from: '2025-01-01', to: '2026-12-31' };
  const inProcess: Array<[string, () => unknown]> = [
    [
      'run deals by stage and month, sum of value',
      () =>
        runReport(
          data,
          compileReport(
            data,
            withDefaults({ object: 'deal', group_by: ['stage_id', 'created_at:month'], measure: 'sum:value' }),
          ),
        ),
    ],
    [
      'run companies by owner and industry',
      () =>
        runReport(data, compileReport(data, withDefaults({ object: 'company', group_by: ['owner_id', 'industry'] }))),
    ],
    [
      'records one row',
      () =>
        reportRecords(data, compileReport(data, withDefaults({ object: 'deal', group_by: ['stage_id'] })), [
          dealStages[0].id,
        ]),
    ],
    ['summary', () => summaryReport(data, undefined)],
    ['sales', () => salesReport(data, period, null)],
    ['marketing (linear)', () => marketingReport(data, { ...period, group: 'campaign', model: 'linear' })],
  ];
  const computeLines: string[] = [];
  for (const [label, work] of inProcess) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = process.hrtime.bigint();
      work();
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    computeLines.push(
      `${label.padEnd(60)} median ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms`,
    );
  }

  console.log(
    `reports benchmark: ${COMPANIES} companies, ${DEALS} deals, ${TOUCHPOINTS} touchpoints, 36 spend lines in one workspace, embedded store`,
  );
  console.log(`seeded the owners' collections in ${seedSeconds.toFixed(1)} s`);
  console.log(
    `full rebuild of the read model over gRPC: ${rebuildSeconds.toFixed(1)} s (${rebuilt.applied} records applied)`,
  );
  console.log(
    `first report after the rebuild (the workspace loaded whole from the read model, ${coldLoads} load): ${cold.toFixed(0)} ms`,
  );
  console.log(
    `report right after one deal changed through the API (${afterChange.length} changes): median ${percentile(afterChange, 0.5).toFixed(1)} ms, max ${Math.max(...afterChange).toFixed(1)} ms ` +
      `(${changeCounts.loads} whole loads, ${changeCounts.refreshes} reads of changes, ${changeCounts.changed} changed records read)`,
  );
  console.log(`then ${RUNS} requests each, one at a time, through the gateway:`);
  for (const line of lines) console.log(`  ${line}`);
  console.log(`the same computed in the process over the loaded workspace (no HTTP, gateway or revision check):`);
  for (const line of computeLines) console.log(`  ${line}`);
});
