import { acrossWorkspaces, newId } from '@crm/kit';
import { EmbeddedSearchIndex } from '@crm/crm-core/dist/search/search/embedded-search-index';
import { loadIndex } from '@crm/crm-core/dist/search/search/search-projection';
import { startSystem, type RunningSystem } from '@crm/all-in-one';
import { apiCaller, formatFigures, loadOptionsFromEnv, measure } from './load';
import { runBenchmark } from './benchmark-run';
import { companyRecord, contactRecord } from './seed-records';

// crm-core's search and duplicates at CRM scale on the embedded store: one workspace with
// 100,000 companies and 200,000 contacts (one company name in 50 repeated, so duplicate groups
// exist). Figures: the search projection built from the store at the first start, the embedded
// index loaded from the projection at a later start (what every start of `npm start` does), its
// memory, and GET /search and GET /duplicates through the gateway. The machine may be shared.
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200_000);
const BATCH = 5_000;
const LOAD = loadOptionsFromEnv({ seconds: 5, warmupSeconds: 1, connections: 4 });

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

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length];
const seconds = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

async function seed(system: RunningSystem, workspaceId: string): Promise<void> {
  const connection = system.services['crm-core'].context.connection;
  const companyIds: string[] = [];
  for (let start = 0; start < COMPANIES; start += BATCH) {
    const batch: Array<Record<string, unknown>> = [];
    for (let index = start; index < Math.min(COMPANIES, start + BATCH); index += 1) {
      // One name in 50 is another company's name again: duplicate groups.
      const serial = index % 50 === 49 ? index - 1 : index;
      const name = `${pick(WORDS, serial)} ${pick(KINDS, serial * 3)} ${serial}`;
      const domain = `${pick(WORDS, index).toLowerCase()}${index}.example`;
      const address = { city: 'London', postcode: `SW${index % 20} ${index % 9}AB` };
      const accountNumber = `AC${index}`;
      const at = new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString();
      const id = newId();
      companyIds.push(id);
      batch.push(
        companyRecord(workspaceId, at, {
          _id: id,
          name,
          domain,
          phone: `+44 20 7946 ${String(index % 10000).padStart(4, '0')}`,
          address,
          account_number: accountNumber,
        }),
      );
    }
    await acrossWorkspaces('benchmark seeds one workspace', () => connection.collection('companies').insertMany(batch));
  }
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
          first_name: first,
          last_name: last,
          email,
        }),
      );
    }
    await acrossWorkspaces('benchmark seeds one workspace', () => connection.collection('contacts').insertMany(batch));
  }
}

runBenchmark('search', async ({ dataDir, stopAtEnd }) => {
  const options = { port: 0, dataDir, logLevel: 'error', rateLimits: { perTokenPerMinute: 1e9, publicPerMinute: 1e9 } };
  let system = stopAtEnd(await startSystem(options));
  const call = apiCaller(system.url);
  const { token } = await call<{ token: string }>('POST', '/auth/sign-up', {
    email: 'search-bench@example.com',
    password: 'correct horse battery',
    name: 'Bench',
  });
  const { workspace_id: workspaceId } = await call<{ workspace_id: string }>(
    'POST',
    '/onboarding',
    { workspace_name: 'Search bench' },
    token,
  );
  const seedStarted = process.hrtime.bigint();
  await seed(system, workspaceId);
  const seedSeconds = seconds(seedStarted);
  // Records written straight to the store published no events: the projection is empty, and
  // the next start builds it from the store, as a first start with existing records does.
  await acrossWorkspaces('benchmark empties the projection', () =>
    system.services['crm-core'].context.connection.collection('search_documents').deleteMany({}),
  );
  await system.stop();

  let started = process.hrtime.bigint();
  system = stopAtEnd(await startSystem(options));
  const firstStart = seconds(started);
  await system.stop();
  started = process.hrtime.bigint();
  system = stopAtEnd(await startSystem(options));
  const laterStart = seconds(started);

  // The load alone, and what the index holds in memory.
  global.gc?.();
  const before = process.memoryUsage();
  const index = new EmbeddedSearchIndex();
  started = process.hrtime.bigint();
  const loaded = await loadIndex(system.services['crm-core'].context.connection, index);
  const loadSeconds = seconds(started);
  global.gc?.();
  const after = process.memoryUsage();
  await index.close();

  const headers = { authorization: `Bearer ${token}` };
  const scenarios = [
    ['GET /search, a word (prefix) in many records', '/search?q=globex'],
    ['GET /search, two words', '/search?q=ada%20smith1'],
    ['GET /search, a typo', '/search?q=cyberdine%20services'],
    ['GET /search, an account number', '/search?q=AC51234'],
    ['GET /duplicates?object=company', '/duplicates?object=company'],
    ['GET /duplicates?object=contact', '/duplicates?object=contact'],
  ] as const;
  const figures: string[] = [];
  for (const [label, path] of scenarios)
    figures.push(`${label}\n  ${formatFigures(await measure(`${system.url}${path}`, headers, LOAD))}`);

  console.log(
    `${COMPANIES} companies and ${CONTACTS} contacts in one workspace, seeded in ${seedSeconds.toFixed(1)} s on the embedded store`,
  );
  console.log(
    `first start (projection built from the store, embedded index filled): ${firstStart.toFixed(1)} s for the whole system`,
  );
  console.log(
    `later start (embedded index loaded from the projection): ${laterStart.toFixed(1)} s for the whole system`,
  );
  console.log(
    `loading the embedded index alone: ${loaded} records in ${loadSeconds.toFixed(1)} s, heap +${mib(after.heapUsed - before.heapUsed)}, rss +${mib(after.rss - before.rss)}`,
  );
  console.log(
    `${LOAD.seconds} s per figure after ${LOAD.warmupSeconds} s warm-up, ${LOAD.connections} connections, through the gateway; load from autocannon in a separate process`,
  );
  for (const line of figures) console.log(line);
});
