import {
  catchUp,
  CATCHUP_TIMEOUT_S,
  CompanyFeed,
  printCatchUp,
  probesFor,
  type Call,
  type Company,
  type Probe,
} from './catch-up';
import { apiCaller, formatFigures, measure, type Figures, type LoadOptions } from './load';

// A benchmark's workspace filled the way a customer fills it: through the API, with every
// consumer and projection of the running system at work, never straight into the collections
// (which would skip the outbox, the bus and every projection: what the customer pays for is what
// is measured). Then the scenario loop most benchmarks share and its printing.

export interface Workspace {
  readonly call: Call;
  // The member who signed up: reads that ask for "mine" (owner=me) are theirs.
  readonly token: string;
  readonly userId: string;
  readonly workspaceId: string;
  // The integration's key the records are written with, as a customer's script writes them.
  readonly apiKey: string;
}

// A customer signs up, names the workspace and gives its integration an API key.
export async function openWorkspace(url: string, name: string): Promise<Workspace> {
  const call = apiCaller(url);
  const { token, user } = await call<{ token: string; user: { id: string } }>('POST', '/auth/sign-up', {
    email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-bench@example.com`,
    password: 'correct horse battery',
    name: 'Bench',
  });
  const { workspace_id: workspaceId } = await call<{ workspace_id: string }>(
    'POST',
    '/onboarding',
    { workspace_name: `${name} bench` },
    token,
  );
  const { key: apiKey } = await call<{ key: string }>(
    'POST',
    '/api-keys',
    { name: `${name} bench integration`, kind: 'integration', role: 'Agent (read & write)' },
    token,
  );
  return { call, token, userId: user.id, workspaceId, apiKey };
}

export const WORDS = [
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
export const KINDS = ['Ltd', 'plc', 'Group', 'Holdings', 'Partners', 'Services'];
export const FIRST = ['Ada', 'Ben', 'Cara', 'Dev', 'Ella', 'Finn', 'Gita', 'Hugo', 'Isla', 'Jack', 'Kofi', 'Lena'];
export const LAST = ['Smith', 'Jones', 'Patel', 'Brown', 'Khan', 'Evans', 'Wilson', 'Taylor', 'Davies', 'Okafor'];

export const pick = <T>(items: readonly T[], index: number): T => items[index % items.length];

export interface Stage {
  id: string;
  pipeline_id: string;
  kind: string;
  object: string;
  probability: number | null;
}

// What the rows refer to: the stages and lead sources onboarding made, and a "Tier" custom field.
export interface Catalogue {
  stages: Stage[];
  sources: Array<{ id: string }>;
  tierKey: string;
}

export async function catalogueOf(workspace: Workspace): Promise<Catalogue> {
  const { call, token } = workspace;
  const stages = (await call<{ data: Stage[] }>('GET', '/pipeline-stages', undefined, token)).data;
  const sources = (await call<{ data: Array<{ id: string }> }>('GET', '/lead-sources', undefined, token)).data;
  const tier = await call<{ key: string }>(
    'POST',
    '/custom-fields',
    { object: 'company', label: 'Tier', type: 'select', options: ['gold', 'silver', 'bronze'] },
    token,
  );
  return { stages, sources, tierKey: tier.key };
}

// Company `index` as crm-core's and the export's benchmarks import it: a name of a word, a kind
// and the index, its own domain, a postcode, a stage, a source and a tier spread over the others;
// a third the caller's, the rest unassigned.
export function companyRow(index: number, catalogue: Catalogue, ownerId: string): Record<string, unknown> {
  const companyStages = catalogue.stages.filter((stage) => stage.object === 'company');
  const domain = `${pick(WORDS, index).toLowerCase()}${index}.example`;
  return {
    name: `${pick(WORDS, index)} ${pick(KINDS, index * 3)} ${index}`,
    website: `https://${domain}`,
    domain,
    address: { city: 'London', postcode: `SW${index % 20} ${index % 9}AB` },
    employee_count: index % 500,
    account_number: `AC${index}`,
    owner_id: index % 3 === 0 ? ownerId : null,
    stage_id: pick(companyStages, index * 7).id,
    source_id: pick(catalogue.sources, index).id,
    custom: { [catalogue.tierKey]: pick(['gold', 'silver', 'bronze'], index) },
  };
}

// Contact `index`: a unique name and email.
export function contactRow(index: number): { first_name: string; last_name: string; email: string } {
  const first = pick(FIRST, index);
  const last = `${pick(LAST, index * 5)}${index}`;
  return { first_name: first, last_name: last, email: `${first}.${last}@example.com`.toLowerCase() };
}

export const secondsSince = (started: number): number => (performance.now() - started) / 1000;

interface ImportResult {
  created: number;
  contacts: number;
  errors: Array<{ index: number; field: string | null; message: string }>;
}

// Rows per POST /import/companies: the most one request takes (docs/api/crm-api.md).
const IMPORT_BATCH = 10_000;

export interface Imported {
  companies: number;
  contacts: number;
  seconds: number;
}

// Rows from..to-1 of `row` through POST /import/companies, 10,000 a request one after another as a
// script sends them. With duplicates=update (the default) a row naming a company an earlier row
// made (the same domain) adds its contact to that company, which is how a company gets a second
// contact; duplicates=create makes a company of every row, even of a name another has.
export async function importRows(
  workspace: Workspace,
  range: { from?: number; to: number },
  row: (index: number) => Record<string, unknown>,
  duplicates: 'update' | 'create' = 'update',
): Promise<Imported> {
  const started = performance.now();
  const imported = { companies: 0, contacts: 0 };
  for (let from = range.from ?? 0; from < range.to; from += IMPORT_BATCH) {
    const rows = Array.from({ length: Math.min(IMPORT_BATCH, range.to - from) }, (_, offset) => row(from + offset));
    const result = await workspace.call<ImportResult>(
      'POST',
      '/import/companies',
      { rows, duplicates },
      workspace.apiKey,
    );
    if (result.errors.length > 0)
      throw new Error(
        `import of rows ${from}..${from + rows.length - 1}: ${JSON.stringify(result.errors.slice(0, 5))}`,
      );
    imported.companies += result.created;
    imported.contacts += result.contacts;
  }
  return { ...imported, seconds: secondsSince(started) };
}

// The company of `domain`, as a client finds it.
export async function companyByDomain(workspace: Workspace, domain: string): Promise<Company> {
  const found = await workspace.call<{ data: Company[] }>(
    'GET',
    `/companies?q=${encodeURIComponent(domain)}&limit=5`,
    undefined,
    workspace.apiKey,
  );
  const company = found.data.find((candidate) => candidate.domain === domain);
  if (!company) throw new Error(`GET /companies?q=${domain} does not find the company`);
  return company;
}

// Until search, the reports, the audit log and the event feed show the newest company (`last`,
// found again by `searchFor`) and every company of the workspace, asked through the API as
// catch-up.ts asks for the scale benchmark, so the figures are measured with the system at rest,
// not competing with the events the seeding caused. (Marketing's probes are left out: they record
// a touchpoint.) Asked right after the import: the audit log probe reads its newest page, which
// later writes would fill. Prints each part's time from `started`; answers the seconds until all.
export async function waitForCatchUp(
  workspace: Workspace,
  last: Company,
  searchFor: string,
  started: number,
): Promise<number | null> {
  const { call, apiKey, token } = workspace;
  const { total } = await call<{ total: number }>('GET', '/companies?limit=1&offset=0', undefined, apiKey);
  const context = { call, apiKey, ownerToken: token, campaignId: '', feed: new CompanyFeed(call, token) };
  const probes = probesFor(context, last, { q: searchFor, label: searchFor }, total).filter(
    (probe) => !probe.name.startsWith('marketing'),
  );
  return waitFor(`${total} companies`, probes, started);
}

// Until every probe is true; prints each one's time from `started`, answers the seconds until all.
export async function waitFor(what: string, probes: Probe[], started: number): Promise<number | null> {
  const result = await catchUp(probes, started, CATCHUP_TIMEOUT_S);
  console.log(`${what} caught up, from the last seeding request's answer:`);
  printCatchUp(result, probes);
  return result.overall;
}

// True once GET /search finds the last contact seeded (found by its email), so search's projection
// and its duplicate groups have every contact's event behind them.
export async function contactFound(workspace: Workspace, email: string): Promise<Probe> {
  const { call, apiKey } = workspace;
  const found = await call<{ data: Array<{ id: string; email: string | null }> }>(
    'GET',
    `/contacts?q=${encodeURIComponent(email)}&limit=5`,
    undefined,
    apiKey,
  );
  const contact = found.data.find((candidate) => candidate.email === email);
  if (!contact) throw new Error(`GET /contacts?q=${email} does not find the contact`);
  return {
    name: `search: GET /search?q=<the last contact's email> finds it`,
    async check() {
      const result = await call<{ data: Array<{ id: string }> }>(
        'GET',
        `/search?q=${encodeURIComponent(email)}`,
        undefined,
        apiKey,
      );
      return result.data.some((hit) => hit.id === contact.id);
    },
  };
}

// The company catch-up, then until search finds the contact of `lastEmail`; the seconds until both.
export async function waitForCompaniesAndContacts(
  workspace: Workspace,
  last: Company,
  searchFor: string,
  lastEmail: string,
  started: number,
): Promise<number | null> {
  const companies = await waitForCatchUp(workspace, last, searchFor, started);
  const contacts = await waitFor('contacts', [await contactFound(workspace, lastEmail)], started);
  return companies === null || contacts === null ? null : Math.max(companies, contacts);
}

// True once reports' read model counts `count` records of `object` or more (POST /reports/run
// grouped by `groupBy`, each row's value the count of its group; the system adds timeline entries
// of its own).
export function reportCounts(workspace: Workspace, object: string, groupBy: string, count: number): Probe {
  let counted = -1;
  return {
    name: `reports: POST /reports/run counts ${count} ${object === 'activity' ? 'activities' : `${object}s`}`,
    async check() {
      const result = await workspace.call<{ rows: Array<{ value: number }> }>(
        'POST',
        '/reports/run',
        { object, group_by: [groupBy] },
        workspace.token,
      );
      counted = result.rows.reduce((sum, row) => sum + row.value, 0);
      return counted >= count;
    },
    behind: () => `it counts ${counted}`,
  };
}

// Every item of a list, walked by cursor 50 at a time as a client would.
export async function listAll<T>(workspace: Workspace, path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: T[]; next_cursor: string | null } = await workspace.call(
      'GET',
      `${path}?limit=50${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      undefined,
      workspace.apiKey,
    );
    items.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

export interface Created {
  ids: string[];
  seconds: number;
}

// `count` requests as `request` makes them for an index (a POST unless it says; null sends
// nothing), over `connections` concurrent connections as a customer's integration with a small
// pool sends them; the id each answer names, in index order. Anything but a 2xx stops the run.
export async function sendEach(
  workspace: Workspace,
  count: number,
  connections: number,
  request: (index: number) => { method?: string; path: string; body: unknown } | null,
): Promise<Created> {
  const started = performance.now();
  const ids: string[] = new Array<string>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      const sent = request(index);
      if (sent === null) continue;
      const answer = await workspace.call<{ id: string }>(
        sent.method ?? 'POST',
        sent.path,
        sent.body,
        workspace.apiKey,
      );
      ids[index] = answer.id;
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, count) }, worker));
  return { ids, seconds: secondsSince(started) };
}

export const perSecond = (count: number, seconds: number): string =>
  `${(count / Math.max(seconds, 1e-3)).toFixed(0)}/s`;

export interface Scenario {
  label: string;
  path: string;
  target: string;
}

export interface ScenarioFigures {
  scenario: Scenario;
  figures: Array<[number, Figures]>;
  plans: string[];
}

// Each scenario's GET measured with autocannon at each connection count, as `token`'s member;
// `plans` (when given) first captures the plans of the queries its request runs.
export async function measureScenarios(
  url: string,
  token: string,
  scenarios: Scenario[],
  options: { load: LoadOptions; concurrency: number[]; plans?: (request: () => Promise<unknown>) => Promise<string[]> },
): Promise<ScenarioFigures[]> {
  const call = apiCaller(url);
  const rows: ScenarioFigures[] = [];
  for (const scenario of scenarios) {
    const request = () => call('GET', scenario.path, undefined, token);
    const plans = options.plans ? await options.plans(request) : (await request(), []);
    const figures: Array<[number, Figures]> = [];
    for (const connections of options.concurrency)
      figures.push([
        connections,
        await measure(`${url}${scenario.path}`, { authorization: `Bearer ${token}` }, { ...options.load, connections }),
      ]);
    rows.push({ scenario, figures, plans });
  }
  return rows;
}

export function printScenarios(rows: ScenarioFigures[], load: LoadOptions): void {
  console.log(
    `${load.seconds} s per figure after ${load.warmupSeconds} s warm-up, through the gateway; load from autocannon in a separate process`,
  );
  for (const { scenario, figures, plans } of rows) {
    console.log(`${scenario.label}${scenario.target ? ` (target ${scenario.target})` : ''}`);
    for (const [connections, figure] of figures)
      console.log(`  ${String(connections).padStart(2)} connection(s) ${formatFigures(figure)}`);
    for (const plan of plans) console.log(`  plan: ${plan}`);
  }
}
