import { acrossWorkspaces, newId } from '@crm/kit';
import { startSystem } from '@crm/all-in-one';
import { apiCaller, formatFigures, loadOptionsFromEnv, measure, settleStores, type Figures } from './load';
import { runBenchmark } from './benchmark-run';
import { plansOf } from './query-plans';
import { companyRecord, contactRecord } from './seed-records';

// crm-core at CRM scale on the embedded store: one workspace with 100,000 companies and
// 200,000 contacts, read through the gateway as `npm start` serves it. Load comes from
// autocannon in a separate process. Each scenario also prints the plan of the queries its
// request ran (captured from mongoose and explained on the same store), so the indexes that
// make it fast are visible; the same mongoose indexes serve it on MongoDB.
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200_000);
const BATCH = 5_000;
// One client shows the latency of a request alone; a few show it under concurrent load.
const CONCURRENCY = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const LOAD = loadOptionsFromEnv({ seconds: 8, warmupSeconds: 2 });
// BENCH_ONLY=<text> measures only the scenarios whose label contains it (seeding is the same).
const ONLY = process.env.BENCH_ONLY;

const WORDS = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark',
  'Wayne',
  'Wonka',
  'Tyrell',
  'Cyberdyne',
  'Soylent',
  'Vandelay',
];
const KINDS = ['Ltd', 'plc', 'Group', 'Holdings', 'Partners', 'Services'];
const FIRST = ['Ada', 'Ben', 'Cara', 'Dev', 'Ella', 'Finn', 'Gita', 'Hugo', 'Isla', 'Jack', 'Kofi', 'Lena'];
const LAST = ['Smith', 'Jones', 'Patel', 'Brown', 'Khan', 'Evans', 'Wilson', 'Taylor', 'Davies', 'Okafor'];

interface Scenario {
  label: string;
  path: string;
  target: string;
}

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length];
}

runBenchmark('crm-core', async ({ dataDir, stopAtEnd }) => {
  const unlimited = { perTokenPerMinute: 1e9, publicPerMinute: 1e9 };
  // As `npm start` runs it: the gateway on its own thread.
  const system = stopAtEnd(
    await startSystem({ port: 0, dataDir, logLevel: 'error', rateLimits: unlimited, gatewayThread: true }),
  );
  const call = apiCaller(system.url);
  const connection = system.services['crm-core'].context.connection;
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
    await call<{ data: Array<{ id: string; pipeline_id: string; kind: string; object: string }> }>(
      'GET',
      '/pipeline-stages',
      undefined,
      token,
    )
  ).data.filter((stage) => stage.object === 'company');
  const sources = (await call<{ data: Array<{ id: string }> }>('GET', '/lead-sources', undefined, token)).data;

  const memoryBefore = process.memoryUsage();
  const seedStarted = Date.now();
  const companyIds: string[] = [];
  const companies = connection.collection('companies');
  for (let start = 0; start < COMPANIES; start += BATCH) {
    const batch: Array<Record<string, unknown>> = [];
    for (let index = start; index < Math.min(COMPANIES, start + BATCH); index += 1) {
      const stage = pick(stages, index * 7);
      const name = `${pick(WORDS, index)} ${pick(KINDS, index * 3)} ${index}`;
      const domain = `${pick(WORDS, index).toLowerCase()}${index}.example`;
      const postcode = `SW${index % 20} ${index % 9}AB`;
      const at = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
      const id = newId();
      companyIds.push(id);
      const address = { city: 'London', postcode };
      const accountNumber = `AC${index}`;
      batch.push(
        companyRecord(workspaceId, at, {
          _id: id,
          name,
          website: `https://${domain}`,
          domain,
          address,
          employee_count: index % 500,
          account_number: accountNumber,
          // A third each: the caller's, unassigned, and another member's.
          owner_id: index % 3 === 0 ? user.id : index % 3 === 1 ? null : newId(),
          stage_id: stage.id,
          pipeline_id: stage.pipeline_id,
          is_account: stage.kind === 'account',
          source_id: pick(sources, index).id,
          custom: { tier: pick(['gold', 'silver', 'bronze'], index) },
        }),
      );
    }
    await acrossWorkspaces('benchmark seeds one workspace', () => companies.insertMany(batch));
  }
  const contacts = connection.collection('contacts');
  for (let start = 0; start < CONTACTS; start += BATCH) {
    const batch: Array<Record<string, unknown>> = [];
    for (let index = start; index < Math.min(CONTACTS, start + BATCH); index += 1) {
      const first = pick(FIRST, index);
      const last = `${pick(LAST, index * 5)}${index}`;
      const email = `${first}.${last}@example.com`.toLowerCase();
      const at = new Date(Date.UTC(2025, 0, 1) + index * 30_000).toISOString();
      batch.push(
        contactRecord(workspaceId, at, {
          company_id: pick(companyIds, index),
          owner_id: index % 2 === 0 ? user.id : null,
          first_name: first,
          last_name: last,
          email,
          lawful_basis: 'legitimate_interest',
        }),
      );
    }
    await acrossWorkspaces('benchmark seeds one workspace', () => contacts.insertMany(batch));
  }
  global.gc?.();
  const memoryAfter = process.memoryUsage();
  const indexes = (
    connection.getClient() as unknown as {
      store: { indexStats(): { keys: number; leaves: number; keyBytes: number; bufferBytes: number } };
    }
  ).store.indexStats();
  const seedSeconds = (Date.now() - seedStarted) / 1000;
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
  const middle = companyIds[Math.floor(COMPANIES / 2)];
  const scenarios: Scenario[] = [
    { label: 'GET /companies/{id}', path: `/companies/${middle}`, target: 'p99 ≤ 5 ms' },
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

  const rows: Array<{ scenario: Scenario; figures: Array<[number, Figures]>; plans: string[] }> = [];
  for (const scenario of scenarios.filter((candidate) => ONLY === undefined || candidate.label.includes(ONLY))) {
    const plans = await plansOf(connection, () => call('GET', scenario.path, undefined, token));
    const figures: Array<[number, Figures]> = [];
    for (const connections of CONCURRENCY) {
      figures.push([
        connections,
        await measure(`${system.url}${scenario.path}`, { authorization: `Bearer ${token}` }, { ...LOAD, connections }),
      ]);
    }
    rows.push({ scenario, figures, plans });
  }

  const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
  console.log(
    `${COMPANIES} companies and ${CONTACTS} contacts in one workspace, seeded in ${seedSeconds.toFixed(1)} s on the embedded store, then its snapshot written in ${settleSeconds.toFixed(1)} s before measuring`,
  );
  console.log(
    `memory of the system process after seeding: rss ${mib(memoryAfter.rss)} (+${mib(memoryAfter.rss - memoryBefore.rss)}), ` +
      `heap used ${mib(memoryAfter.heapUsed)} (+${mib(memoryAfter.heapUsed - memoryBefore.heapUsed)})`,
  );
  console.log(
    `crm-core's index keys: ${indexes.keys} keys in ${indexes.leaves} leaves, ${mib(indexes.keyBytes)} of key bytes in ${mib(indexes.bufferBytes)} of buffers outside the heap`,
  );
  console.log(
    `${LOAD.seconds} s per figure after ${LOAD.warmupSeconds} s warm-up, through the gateway; load from autocannon in a separate process`,
  );
  for (const row of rows) {
    console.log(`${row.scenario.label}${row.scenario.target ? ` (target ${row.scenario.target})` : ''}`);
    for (const [connections, figures] of row.figures)
      console.log(`  ${String(connections).padStart(2)} connection(s) ${formatFigures(figures)}`);
    for (const plan of row.plans) console.log(`  plan: ${plan}`);
  }
});
