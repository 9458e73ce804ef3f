import { startSystem } from '@crm/all-in-one';
import { loadOptionsFromEnv, settleStores } from './load';
import { runBenchmark } from './benchmark-run';
import { plansOf } from './query-plans';
import {
  companyByDomain,
  companyRow,
  catalogueOf,
  contactRow,
  importRows,
  measureScenarios,
  openWorkspace,
  perSecond,
  printScenarios,
  waitForCompaniesAndContacts,
  type Scenario,
} from './api-seed';

// crm-core at CRM scale on the embedded store: one workspace with 100,000 companies and
// 200,000 contacts, read through the gateway as `npm start` serves it. Load comes from
// autocannon in a separate process. Each scenario also prints the plan of the queries its
// request ran (captured from mongoose and explained on the same store), so the indexes that
// make it fast are visible; the same mongoose indexes serve it on MongoDB.
//
// Seeded as a customer fills the system: POST /import/companies, 10,000 rows a request, each row
// with one contact; contacts beyond one a company come in further rows naming a company again
// (duplicates=update adds the row's contact to it), so contact i is at company i mod
// BENCH_COMPANIES. Then the run waits until search, the reports, the audit log and the event feed
// show the last company and search the last contact (asked through the API), so the reads are
// measured at rest. (The timeline's copy of each contact's company has no sign in the API; its
// queries are left out of the plans.) A third of the companies are the caller's and the rest
// unassigned (an owner must be a member of the workspace).
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200_000);
// One client shows the latency of a request alone; a few show it under concurrent load.
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const LOAD = loadOptionsFromEnv({ seconds: 8, warmupSeconds: 2 });
// BENCH_ONLY=<text> measures only the scenarios whose label contains it (seeding is the same).
const ONLY = process.env.BENCH_ONLY;

runBenchmark('crm-core', async ({ dataDir, stopAtEnd }) => {
  const unlimited = { perTokenPerMinute: 1e9, publicPerMinute: 1e9 };
  // As `npm start` runs it: the gateway on its own thread.
  const system = stopAtEnd(
    await startSystem({ port: 0, dataDir, logLevel: 'error', rateLimits: unlimited, gatewayThread: true }),
  );
  const connection = system.services['crm-core'].context.connection;
  const workspace = await openWorkspace(system.url, 'crm-core');
  const { call, token } = workspace;
  const catalogue = await catalogueOf(workspace);

  const memoryBefore = process.memoryUsage();
  const imported = await importRows(workspace, { to: Math.max(COMPANIES, CONTACTS) }, (index) => ({
    ...companyRow(index % COMPANIES, catalogue, workspace.userId),
    ...(index < CONTACTS
      ? {
          contact: {
            ...contactRow(index),
            owner_id: index % 2 === 0 ? workspace.userId : null,
            lawful_basis: 'legitimate_interest',
          },
        }
      : {}),
  }));
  const answered = performance.now();
  const last = await companyByDomain(
    workspace,
    companyRow(COMPANIES - 1, catalogue, workspace.userId).domain as string,
  );
  const caughtUp = await waitForCompaniesAndContacts(
    workspace,
    last,
    last.name,
    contactRow(CONTACTS - 1).email,
    answered,
  );
  global.gc?.();
  const memoryAfter = process.memoryUsage();
  const indexes = (
    connection.getClient() as unknown as {
      store: { indexStats(): { keys: number; leaves: number; keyBytes: number; bufferBytes: number } };
    }
  ).store.indexStats();
  const settleSeconds = await settleStores(system);

  // The 100th page of 25 by cursor, walked as a client would.
  let cursorPath = '/companies?limit=25';
  for (let page = 1; page < 100; page += 1) {
    const answer = await call<{ next_cursor: string | null }>('GET', cursorPath, undefined, token);
    cursorPath = `/companies?limit=25&cursor=${encodeURIComponent(answer.next_cursor!)}`;
  }
  let contactCursorPath = '/contacts?limit=25';
  for (let page = 1; page < 100; page += 1) {
    const answer = await call<{ next_cursor: string | null }>('GET', contactCursorPath, undefined, token);
    contactCursorPath = `/contacts?limit=25&cursor=${encodeURIComponent(answer.next_cursor!)}`;
  }
  const middle = await companyByDomain(
    workspace,
    companyRow(Math.floor(COMPANIES / 2), catalogue, workspace.userId).domain as string,
  );
  const scenarios: Scenario[] = [
    { label: 'GET /companies/{id}', path: `/companies/${middle.id}`, target: 'p99 ≤ 5 ms' },
    {
      label: 'first page of 25, filtered and sorted',
      path: '/companies?limit=25&kind=lead&owner=me&sort=name_asc',
      target: 'p99 ≤ 20 ms',
    },
    { label: '100th cursor page of 25', path: cursorPath, target: 'p99 ≤ 20 ms' },
    { label: 'GET /companies/counts', path: '/companies/counts', target: '≤ 20 ms' },
    { label: 'offset=99975', path: `/companies?limit=25&offset=${Math.max(0, COMPANIES - 25)}`, target: '≤ 100 ms' },
    { label: 'q prefix search', path: '/companies?limit=25&q=globex%20ser', target: '≤ 50 ms' },
    { label: 'contacts: first page of 25', path: '/contacts?limit=25', target: '' },
    { label: 'contacts: 100th cursor page of 25', path: contactCursorPath, target: '' },
    { label: 'contacts: q prefix search', path: '/contacts?limit=25&q=ada.smith', target: '' },
  ];

  const rows = await measureScenarios(
    system.url,
    token,
    scenarios.filter((candidate) => ONLY === undefined || candidate.label.includes(ONLY)),
    { load: LOAD, concurrency: CONCURRENCY, plans: (request) => plansOf(connection, request) },
  );

  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  console.log(
    `${imported.companies} companies and ${imported.contacts} contacts in one workspace, imported through the API in ${imported.seconds.toFixed(1)} s (${perSecond(Math.max(COMPANIES, CONTACTS), imported.seconds)} rows) on the embedded store, ` +
      `every projection caught up ${caughtUp === null ? 'not within the timeout' : `${caughtUp.toFixed(1)} s after the last answer`}, then its snapshot written in ${settleSeconds.toFixed(1)} s before measuring`,
  );
  console.log(
    `memory of the system process after seeding: rss ${mib(memoryAfter.rss)} (+${mib(memoryAfter.rss - memoryBefore.rss)}), ` +
      `heap used ${mib(memoryAfter.heapUsed)} (+${mib(memoryAfter.heapUsed - memoryBefore.heapUsed)})`,
  );
  console.log(
    `crm-core's index keys: ${indexes.keys} keys in ${indexes.leaves} leaves, ${mib(indexes.keyBytes)} of key bytes in ${mib(indexes.bufferBytes)} of buffers outside the heap`,
  );
  printScenarios(rows, LOAD);
});
