import { acrossWorkspaces } from '@crm/kit';
import { EmbeddedSearchIndex } from '@crm/crm-core/dist/search/search/embedded-search-index';
import { loadIndex } from '@crm/crm-core/dist/search/search/search-projection';
import { startSystem } from '@crm/all-in-one';
import { formatFigures, loadOptionsFromEnv, measure } from './load';
import { runBenchmark } from './benchmark-run';
import {
  companyByDomain,
  contactRow,
  importRows,
  KINDS,
  openWorkspace,
  perSecond,
  pick,
  waitForCompaniesAndContacts,
  WORDS,
  type Imported,
  type Workspace,
} from './api-seed';

// crm-core's search and duplicates at CRM scale on the embedded store: one workspace with
// 100,000 companies and 200,000 contacts (one company name in 50 repeated, so duplicate groups
// exist). Figures: the search projection built from the store at the first start, the embedded
// index loaded from the projection at a later start (what every start of `npm start` does), its
// memory, and GET /search and GET /duplicates through the gateway. The machine may be shared.
//
// Seeded as a customer fills the system: POST /import/companies, 10,000 rows a request, each with
// one contact; first a row per company with duplicates=create (so a repeated name makes a company
// of its own), then the contacts beyond one a company in rows naming their company's domain again
// with duplicates=update (contact i is at company i mod BENCH_COMPANIES). Then the run waits until
// search, the reports, the audit log and the event feed show the last company and search the last
// contact, asked through the API. The projection the consumer kept is then emptied, so the next start builds it from the
// store as a first start over existing records does.
const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 100_000);
const CONTACTS = Number(process.env.BENCH_CONTACTS ?? 200_000);
const LOAD = loadOptionsFromEnv({ seconds: 5, warmupSeconds: 1, connections: 4 });

const seconds = (started: bigint) => Number(process.hrtime.bigint() - started) / 1e9;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

const domainOf = (index: number) => `${pick(WORDS, index).toLowerCase()}${index}.example`;

// Company `index % COMPANIES`, with contact `index` when there is one.
function row(index: number): Record<string, unknown> {
  const company = index % COMPANIES;
  // One name in 50 is another company's name again: duplicate groups.
  const serial = company % 50 === 49 ? company - 1 : company;
  return {
    name: `${pick(WORDS, serial)} ${pick(KINDS, serial * 3)} ${serial}`,
    domain: domainOf(company),
    phone: `+44 20 7946 ${String(company % 10000).padStart(4, '0')}`,
    address: { city: 'London', postcode: `SW${company % 20} ${company % 9}AB` },
    account_number: `AC${company}`,
    ...(index < CONTACTS ? { contact: contactRow(index) } : {}),
  };
}

async function seed(workspace: Workspace): Promise<Imported> {
  const companies = await importRows(workspace, { to: COMPANIES }, row, 'create');
  const more = await importRows(workspace, { from: COMPANIES, to: Math.max(COMPANIES, CONTACTS) }, row);
  return {
    companies: companies.companies + more.companies,
    contacts: companies.contacts + more.contacts,
    seconds: companies.seconds + more.seconds,
  };
}

runBenchmark('search', async ({ dataDir, stopAtEnd }) => {
  const options = { port: 0, dataDir, logLevel: 'error', rateLimits: { perTokenPerMinute: 1e9, publicPerMinute: 1e9 } };
  let system = stopAtEnd(await startSystem(options));
  const workspace = await openWorkspace(system.url, 'search');
  const { token } = workspace;
  const imported = await seed(workspace);
  const answered = performance.now();
  const last = await companyByDomain(workspace, domainOf(COMPANIES - 1));
  const caughtUp = await waitForCompaniesAndContacts(
    workspace,
    last,
    `AC${COMPANIES - 1}`,
    contactRow(CONTACTS - 1).email,
    answered,
  );
  // The projection emptied: the next start builds it from the store, as a first start with
  // existing records does.
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
    `${imported.companies} companies and ${imported.contacts} contacts in one workspace, imported through the API in ${imported.seconds.toFixed(1)} s (${perSecond(Math.max(COMPANIES, CONTACTS), imported.seconds)} rows) on the embedded store, ` +
      `every projection caught up ${caughtUp === null ? 'not within the timeout' : `${caughtUp.toFixed(1)} s after the last answer`}`,
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
