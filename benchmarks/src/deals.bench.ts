import { startSystem } from '@crm/all-in-one';
import { loadOptionsFromEnv, settleStores } from './load';
import { runBenchmark } from './benchmark-run';
import {
  companyByDomain,
  importRows,
  measureScenarios,
  openWorkspace,
  perSecond,
  pick,
  printScenarios,
  reportCounts,
  sendEach,
  waitFor,
  waitForCatchUp,
  type Scenario,
  type Stage,
} from './api-seed';

// Deals at CRM scale on the embedded store: one workspace with deals across the seeded deal
// pipeline, read through the gateway as `npm start` serves it, with load from autocannon in a
// separate process.
//
// Seeded as a customer fills the system: the companies through POST /import/companies, then each
// deal with POST /deals (the contract has no bulk endpoint for deals) over BENCH_SEED_CONNECTIONS
// concurrent connections, the running totals kept by those writes. The run waits, asking through
// the API, until search, the reports, the audit log and the event feed show the companies, and
// after the deals until the reports count them all. Deals are created now: those in a won or lost stage closed now (the API sets
// closed_at), so the month and the quarter hold every closed deal.
//
// BENCH_DEALS (10000): one request each costs what a customer pays: 31 deals a second over 8
// connections on a 2-core machine shared with other work (load average 8), so 100,000 would take
// the best part of an hour; 10,000 (200 on each company) seed in about five minutes and still give
// the lists, their sums and the forecast a range to read. The size names what the figures are for.
const DEALS = Number(process.env.BENCH_DEALS ?? 10_000);
const COMPANIES = 50;
const SEED_CONNECTIONS = Number(process.env.BENCH_SEED_CONNECTIONS ?? 8);
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
// BENCH_ONLY=<text> measures only the scenarios whose label contains it (seeding is the same).
const ONLY = process.env.BENCH_ONLY;
const LOAD = loadOptionsFromEnv({ seconds: 8, warmupSeconds: 2 });

runBenchmark('deals', async ({ dataDir, stopAtEnd }) => {
  const unlimited = { perTokenPerMinute: 1e9, publicPerMinute: 1e9 };
  const system = stopAtEnd(
    await startSystem({ port: 0, dataDir, logLevel: 'error', rateLimits: unlimited, gatewayThread: true }),
  );
  const workspace = await openWorkspace(system.url, 'deals');
  const { call, token } = workspace;
  const stages = (await call<{ data: Stage[] }>('GET', '/pipeline-stages', undefined, token)).data.filter(
    (stage) => stage.object === 'deal',
  );
  const domainOf = (index: number) => `customer${index}.example`;
  await importRows(workspace, { to: COMPANIES }, (index) => ({ name: `Customer ${index}`, domain: domainOf(index) }));
  const companies = await Promise.all(
    Array.from({ length: COMPANIES }, (_, index) => companyByDomain(workspace, domainOf(index))),
  );
  await waitForCatchUp(workspace, companies[COMPANIES - 1], `Customer ${COMPANIES - 1}`, performance.now());
  const companyIds = companies.map((company) => company.id);

  const now = Date.now();
  const seeded = await sendEach(workspace, DEALS, SEED_CONNECTIONS, (index) => {
    const stage = pick(stages, index * 7);
    const closeDate = new Date(now + (index % 365) * 86_400_000).toISOString().slice(0, 10);
    return {
      path: '/deals',
      body: {
        name: `Deal ${index} for ${pick(['Acme', 'Globex', 'Initech', 'Hooli'], index)}`,
        company_id: pick(companyIds, index),
        value: ((index * 7919) % 5_000_000) / 100,
        // One deal in twenty in another currency: reported apart, never added.
        currency: index % 20 === 0 ? 'EUR' : 'GBP',
        stage_id: stage.id,
        probability: index % 10 === 0 ? 50 : null,
        expected_close: index % 4 === 0 ? null : closeDate,
        ...(stage.kind === 'lost' ? { lost_reason: 'Price' } : {}),
        owner_id: index % 2 === 0 ? workspace.userId : null,
      },
    };
  });
  const answered = performance.now();
  const caughtUp = await waitFor(`${DEALS} deals`, [reportCounts(workspace, 'deal', 'stage_id', DEALS)], answered);
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
      label: `GET /deals?company_id=… (sums grouped over its ${Math.ceil(DEALS / COMPANIES)} deals)`,
      path: `/deals?company_id=${companyIds[3]}`,
      target: 'p99 ≤ 50 ms',
    },
    { label: 'GET /deals?q=deal 12 (prefix)', path: '/deals?q=deal%2012', target: 'p99 ≤ 50 ms' },
    { label: 'GET /deals/forecast', path: '/deals/forecast', target: '≤ 100 ms' },
    { label: 'GET /deals/forecast?owner=me', path: '/deals/forecast?owner=me', target: '≤ 100 ms' },
  ];
  const rows = await measureScenarios(
    system.url,
    token,
    scenarios.filter((candidate) => ONLY === undefined || candidate.label.includes(ONLY)),
    { load: LOAD, concurrency: CONCURRENCY },
  );

  console.log(
    `${DEALS} deals in one workspace (${COMPANIES} companies, 1 in 20 in EUR), created through the API in ${seeded.seconds.toFixed(1)} s ` +
      `(${perSecond(DEALS, seeded.seconds)} over ${SEED_CONNECTIONS} connections) on the embedded store, the reports caught up ` +
      `${caughtUp === null ? 'not within the timeout' : `${caughtUp.toFixed(1)} s after the last answer`}, then its snapshot written in ${settleSeconds.toFixed(1)} s before measuring`,
  );
  printScenarios(rows, LOAD);
});
