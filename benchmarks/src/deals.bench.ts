import { acrossWorkspaces, minorAmount, newId } from '@crm/kit';
import { rebuildDealTotals } from '@crm/crm-core/dist/sales/deals/deal-totals-upkeep';
import { startSystem } from '@crm/all-in-one';
import { apiCaller, formatFigures, loadOptionsFromEnv, measure, settleStores, type Figures } from './load';
import { runBenchmark } from './benchmark-run';

// Deals at CRM scale on the embedded store: one workspace with 100,000 deals across the seeded
// deal pipeline, read through the gateway as `npm start` serves it, with load from autocannon in
// a separate process. The deals are written straight to the store (as the service writes them)
// and the running totals are then rebuilt from them, as an import would.
const DEALS = Number(process.env.BENCH_DEALS ?? 100_000);
const COMPANIES = 50;
const BATCH = 5_000;
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
// BENCH_ONLY=<text> measures only the scenarios whose label contains it (seeding is the same).
const ONLY = process.env.BENCH_ONLY;
const LOAD = loadOptionsFromEnv({ seconds: 8, warmupSeconds: 2 });

interface Scenario {
  label: string;
  path: string;
  target: string;
}

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length];
}

runBenchmark('deals', async ({ dataDir, stopAtEnd }) => {
  const unlimited = { perTokenPerMinute: 1e9, publicPerMinute: 1e9 };
  const system = stopAtEnd(
    await startSystem({ port: 0, dataDir, logLevel: 'error', rateLimits: unlimited, gatewayThread: true }),
  );
  const call = apiCaller(system.url);
  const crmCore = system.services['crm-core'].context;
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
    await call<{ data: Array<{ id: string; pipeline_id: string; kind: 'open' | 'won' | 'lost'; object: string }> }>(
      'GET',
      '/pipeline-stages',
      undefined,
      token,
    )
  ).data.filter((stage) => stage.object === 'deal');
  const companyIds: string[] = [];
  for (let index = 0; index < COMPANIES; index += 1) {
    companyIds.push((await call<{ id: string }>('POST', '/companies', { name: `Customer ${index}` }, token)).id);
  }

  const seedStarted = Date.now();
  const deals = crmCore.connection.collection('deals');
  const now = Date.now();
  for (let start = 0; start < DEALS; start += BATCH) {
    const batch: Array<Record<string, unknown>> = [];
    for (let index = start; index < Math.min(DEALS, start + BATCH); index += 1) {
      const stage = pick(stages, index * 7);
      const created = new Date(now - (DEALS - index) * 5 * 60_000).toISOString();
      // Closed deals closed within the last 200 days, so the month and the quarter hold some.
      const closedAt = stage.kind === 'open' ? null : new Date(now - (index % 200) * 86_400_000).toISOString();
      const name = `Deal ${index} for ${pick(['Acme', 'Globex', 'Initech', 'Hooli'], index)}`;
      const { minor, high, low } = minorAmount(((index * 7919) % 5_000_000) / 100, 'value');
      batch.push({
        _id: newId(),
        version: 1,
        workspace_id: workspaceId,
        name,
        name_folded: name.toLowerCase(),
        company_id: pick(companyIds, index),
        contact_id: null,
        value_minor: minor,
        value_high: high,
        value_low: low,
        // One deal in twenty in another currency: reported apart, never added.
        currency: index % 20 === 0 ? 'EUR' : 'GBP',
        pipeline_id: stage.pipeline_id,
        stage_id: stage.id,
        probability: index % 10 === 0 ? 50 : null,
        expected_close: index % 4 === 0 ? null : new Date(now + (index % 365) * 86_400_000).toISOString().slice(0, 10),
        close_key:
          index % 4 === 0 ? '9999-12-31' : new Date(now + (index % 365) * 86_400_000).toISOString().slice(0, 10),
        status: stage.kind,
        closed_at: closedAt,
        lost_reason: stage.kind === 'lost' ? 'Price' : null,
        owner_id: index % 2 === 0 ? user.id : null,
        source_id: null,
        campaign_id: null,
        custom: {},
        created_at: created,
        updated_at: created,
      });
    }
    await acrossWorkspaces('benchmark seeds one workspace', () => deals.insertMany(batch));
  }
  await acrossWorkspaces('benchmark rebuilds the running totals of its workspace', () =>
    rebuildDealTotals(crmCore, workspaceId),
  );
  const seedSeconds = (Date.now() - seedStarted) / 1000;
  const settleSeconds = await settleStores(system);

  const open = stages.find((stage) => stage.kind === 'open')!;
  const scenarios: Scenario[] = [
    { label: 'GET /deals (newest first, total and sums)', path: '/deals', target: 'p99 ≤ 50 ms' },
    {
      label: 'GET /deals?status=open&sort=value_desc',
      path: '/deals?status=open&sort=value_desc',
      target: 'p99 ≤ 50 ms',
    },
    { label: 'GET /deals?stage_id=…&owner=me', path: `/deals?stage_id=${open.id}&owner=me`, target: 'p99 ≤ 50 ms' },
    {
      label: 'GET /deals?company_id=… (sums grouped over its 2,000 deals)',
      path: `/deals?company_id=${companyIds[3]}`,
      target: 'p99 ≤ 50 ms',
    },
    { label: 'GET /deals?q=deal 12 (prefix)', path: '/deals?q=deal%2012', target: 'p99 ≤ 50 ms' },
    { label: 'GET /deals/forecast', path: '/deals/forecast', target: '≤ 100 ms' },
    { label: 'GET /deals/forecast?owner=me', path: '/deals/forecast?owner=me', target: '≤ 100 ms' },
  ];
  const rows: Array<{ scenario: Scenario; figures: Array<[number, Figures]> }> = [];
  for (const scenario of scenarios.filter((candidate) => ONLY === undefined || candidate.label.includes(ONLY))) {
    await call('GET', scenario.path, undefined, token);
    const figures: Array<[number, Figures]> = [];
    for (const connections of CONCURRENCY) {
      figures.push([
        connections,
        await measure(`${system.url}${scenario.path}`, { authorization: `Bearer ${token}` }, { ...LOAD, connections }),
      ]);
    }
    rows.push({ scenario, figures });
  }

  console.log(
    `${DEALS} deals in one workspace (${COMPANIES} companies, 1 in 20 in EUR), seeded with their running totals in ${seedSeconds.toFixed(1)} s on the embedded store, then its snapshot written in ${settleSeconds.toFixed(1)} s before measuring`,
  );
  console.log(
    `${LOAD.seconds} s per figure after ${LOAD.warmupSeconds} s warm-up, through the gateway; load from autocannon in a separate process`,
  );
  for (const row of rows) {
    console.log(`${row.scenario.label} (target ${row.scenario.target})`);
    for (const [connections, figures] of row.figures)
      console.log(`  ${String(connections).padStart(2)} connection(s) ${formatFigures(figures)}`);
  }
});
