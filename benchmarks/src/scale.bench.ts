import { cpus } from 'node:os';
import { startChildSystem, type ChildSystem, type HeapFigures, type ThreadTimes } from './child-system';
import {
  CATCHUP_TIMEOUT_S,
  catchUp,
  CompanyFeed,
  FeedReader,
  POLL_MS,
  printCatchUp,
  probesFor,
  until,
  type Call,
  type CatchUp,
  type Company,
  type Probe,
  type ProbeContext,
} from './catch-up';
import {
  apiCaller,
  failedAnswers,
  loadOptionsFromEnv,
  measureRequest,
  runLoad,
  type Figures,
  type LoadFigures,
  type LoadRequest,
} from './load';
import { runBenchmark } from './benchmark-run';
import { printCensus, storeCensus } from './store-census';

// What a customer pays for, at scale: the CPU time the system spends on one created company until
// every part of the product shows it, how long an import of SCALE rows takes and how long until
// search, the reports, the audit log, the event feed and marketing all know its last row, how
// reads answer while that catch-up runs (and how the system's threads share the cores meanwhile),
// and how reads and writes answer once it is done.
//
// Everything goes through the HTTP API, as a customer's integration would: the system is started
// as `npm start` starts it (node, its options, deploy/all-in-one/dist/main.js) in a child process
// with every consumer running, seeded through the API (never straight into the collections, which
// would skip the outbox, the bus and every projection), and probed through the API (never by
// reading a database). So the figures include the work the events cause behind each write, which a
// benchmark that seeds the store and measures one service leaves out. Its CPU time and memory are
// read from /proc/<pid> of the child. Load comes from autocannon in a further process (load.ts).
// Last come the bulk paths: 200 ids in one bulk request, a merge, an erasure, and deleting the
// stage nearly every company is in with move_to, while another workspace writes (fair share).
// At the end, on the embedded store, each service's store is read once the system has stopped:
// documents and bytes per collection, which is what the resident memory holds.
// Benchmarks print figures; they never pass or fail on time.
//
// BENCH_SCALE_WRITES (2000): companies created one request each (POST /companies, 4 connections),
//   after as many into another workspace to warm the system up.
// BENCH_SCALE_ROWS (100000): companies imported (POST /import/companies, 10,000 rows a request,
//   every 5th with a contact).
// BENCH_SECONDS (10), BENCH_WARMUP_SECONDS (2): each read measurement after the catch-up and its
//   warm-up.
// BENCH_SCALE_READ_WINDOWS (8): the most windows of reads (2 s each) during the catch-up.
// BENCH_CATCHUP_TIMEOUT_S (1800): how long a catch-up is waited for before the probes still
//   behind are named and the run goes on.
// AMQP_URL, MONGO_URL: passed to the system when set here, so the same run measures RabbitMQ and
// MongoDB instead of the in-process bus and the embedded store.
const WRITES = Number(process.env.BENCH_SCALE_WRITES ?? 2_000);
const ROWS = Number(process.env.BENCH_SCALE_ROWS ?? 100_000);
const LOAD = loadOptionsFromEnv({ seconds: 10, warmupSeconds: 2 });
const IMPORT_BATCH = 10_000;
// How long the system is left without requests after the catch-up before its memory is read again:
// V8 shrinks an idle heap to what it holds (its memory reducer, a few collections over the first
// minute or so), and what a quiet system holds is what it keeps between a customer's bursts.
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 90);
const WRITE_CONNECTIONS = 4;

const WORDS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Wonka', 'Tyrell', 'Cyberdyne'];
const INDUSTRIES = ['Retail', 'Software', 'Finance', 'Health', 'Logistics'];
// The word the reads search for: in the name of one imported company in WORDS.length.
const SEARCH_WORD = 'Globex';

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length];
const now = () => performance.now();
const secondsSince = (start: number) => (now() - start) / 1000;

// ---------------------------------------------------------------------------------------------
// What the run creates.

interface ImportResult {
  created: number;
  updated: number;
  skipped: number;
  contacts: number;
  errors: Array<{ index: number; field: string | null; message: string }>;
}

// Row `index` of the import: a unique name (one word of WORDS, so a search finds one company in
// ten, and N<index>, so one finds exactly this one) and a unique domain; every 5th row a contact.
function importRow(index: number) {
  const word = pick(WORDS, index);
  const domain = `${word.toLowerCase()}-n${index}.example`;
  return {
    name: `${word} N${index} Ltd`,
    domain,
    phone: `+44 20 7946 ${String(index % 10_000).padStart(4, '0')}`,
    address: { line1: `${index} High Street`, city: 'London', postcode: `EC${index % 9} ${index % 10}AB` },
    industry: pick(INDUSTRIES, index),
    ...(index % 5 === 4
      ? {
          contact: {
            first_name: 'Ada',
            last_name: `Lovelace N${index}`,
            email: `ada.n${index}@${domain}`,
            job_title: 'Buyer',
          },
        }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// 6. Bulk paths at scale: one request that changes many records, and how long until the reports
// (and search) show it; while the biggest one drains, another workspace's write is timed to show
// that one workspace's backlog does not hold up the others (fair share in the relay).

interface Stage {
  id: string;
  pipeline_id: string;
  name: string;
  kind: string;
}

interface PipelineRow {
  stage_id: string | null;
  companies: number;
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number }> {
  const started = now();
  const value = await work();
  return { value, seconds: secondsSince(started) };
}

// Another workspace's reads while one long request of this one runs: one connection from this
// process, one request after another, as a colleague in another company clicks. What they wait
// for is what one workspace's bulk request costs the others.
interface Meanwhile {
  reads: number;
  p50: number;
  p99: number;
  max: number;
  failed: string[];
}

async function meanwhile<T>(
  read: () => Promise<unknown>,
  work: () => Promise<T>,
): Promise<{ value: T; seconds: number; reads: Meanwhile }> {
  let done = false;
  const times: number[] = [];
  const failed: string[] = [];
  const reading = (async () => {
    while (!done) {
      const started = now();
      try {
        await read();
      } catch (error) {
        failed.push((error as Error).message.slice(0, 160));
      }
      times.push(now() - started);
    }
  })();
  try {
    return { ...(await timed(work)), reads: summary(times, failed) };
  } finally {
    done = true;
    await reading;
  }
}

function summary(times: number[], failed: string[]): Meanwhile {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
  return { reads: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? 0, failed };
}

const meanwhileLine = (what: string, reads: Meanwhile) =>
  `meanwhile another workspace's ${what}, one connection: ${reads.reads} answered, p50 ${reads.p50.toFixed(0)} ms, ` +
  `p99 ${reads.p99.toFixed(0)} ms, max ${reads.max.toFixed(0)} ms, ${reads.failed.length} failed` +
  (reads.failed.length > 0 ? ` (first: ${reads.failed[0]})` : '');

const shown = (seconds: number | null) =>
  seconds === null ? `not within ${CATCHUP_TIMEOUT_S} s` : `${seconds.toFixed(2)} s`;

async function bulkPaths(options: { call: Call; apiKey: string; ownerToken: string; sys: ChildSystem }): Promise<void> {
  const { call, apiKey, ownerToken, sys } = options;
  const pipelineRows = async () =>
    (await call<{ data: PipelineRow[] }>('GET', '/reports/pipeline', undefined, apiKey)).data;
  const inStage = async (stageId: string) =>
    (await pipelineRows()).find((row) => row.stage_id === stageId)?.companies ?? 0;
  const reportTotal = async () => (await pipelineRows()).reduce((sum, row) => sum + row.companies, 0);
  const page = async (offset: number, limit: number) =>
    (
      await call<{ data: Array<Company & { stage_id: string }> }>(
        'GET',
        `/companies?limit=${limit}&offset=${offset}`,
        undefined,
        apiKey,
      )
    ).data;
  // The writes measured last are still reaching the reports: start once they are there.
  const companies = (await call<{ total: number }>('GET', '/companies?limit=1&offset=0', undefined, apiKey)).total;
  await until(async () => (await reportTotal()) === companies, now());
  const stages = (await call<{ data: Stage[] }>('GET', '/pipeline-stages', undefined, ownerToken)).data;
  const first = (await page(0, 1))[0];
  const home = stages.find((stage) => stage.id === first.stage_id)!;
  const other = stages.find((stage) => stage.pipeline_id === home.pipeline_id && stage.id !== home.id)!;
  const cpuBefore = sys.cpuMs();
  console.log(
    `\n6. bulk paths (${companies} companies, most of them in stage "${home.name}"), each from its request until GET /reports/pipeline shows it:`,
  );

  // 200 ids in one request.
  const ids: string[] = [];
  for (let offset = 1_000; ids.length < 200; offset += 50)
    ids.push(...(await page(offset, 50)).map((company) => company.id));
  const otherBefore = await inStage(other.id);
  const bulk = await timed(() =>
    call<{ updated: number }>('POST', '/companies/bulk', { ids, action: 'move_stage', stage_id: other.id }, apiKey),
  );
  const bulkShown = await until(async () => (await inStage(other.id)) === otherBefore + bulk.value.updated, now());
  console.log(
    `  POST /companies/bulk move_stage, 200 ids: answered in ${bulk.seconds.toFixed(3)} s (${bulk.value.updated} updated), reports show it ${shown(bulkShown)} later`,
  );

  // A merge of five companies into a sixth.
  const [survivor, ...sources] = (await page(2_000, 6)).map((company) => company.id);
  const totalBefore = await reportTotal();
  const merge = await timed(() =>
    call<{ merged: number }>('POST', `/companies/${survivor}/merge`, { source_ids: sources }, apiKey),
  );
  const mergeShown = await until(async () => (await reportTotal()) === totalBefore - merge.value.merged, now());
  console.log(
    `  POST /companies/{id}/merge of 5: answered in ${merge.seconds.toFixed(3)} s (${merge.value.merged} merged), reports show it ${shown(mergeShown)} later`,
  );

  // Another workspace, whose reads show what this workspace's bulk requests cost the others.
  const second = await call<{ token: string }>('POST', '/auth/sign-up', {
    email: 'scale-bench-other@example.com',
    password: 'correct horse battery',
    name: 'Other Tenant',
  });
  await call('POST', '/onboarding', { workspace_name: 'Other tenant' }, second.token);
  const otherCompany = await call<Company>('POST', '/companies', { name: 'Fair Share first' }, second.token);
  const otherRead = () => call('GET', `/companies/${otherCompany.id}`, undefined, second.token);

  // An erasure of an imported contact: one request of many store operations.
  const contact = (
    await call<{ data: Array<{ id: string; last_name: string }> }>('GET', '/contacts?limit=1', undefined, apiKey)
  ).data[0];
  if (contact) {
    const erase = await meanwhile(otherRead, () =>
      call<{ erased: boolean }>('POST', `/contacts/${contact.id}/erase`, { confirm: 'ERASE' }, ownerToken),
    );
    const gone = await until(
      async () =>
        !(
          await call<{ data: Array<{ id: string }> }>(
            'GET',
            `/search?q=${encodeURIComponent(contact.last_name)}`,
            undefined,
            apiKey,
          )
        ).data.some((hit) => hit.id === contact.id),
      now(),
    );
    console.log(
      `  POST /contacts/{id}/erase: answered in ${erase.seconds.toFixed(3)} s, search no longer finds the person ${shown(gone)} later`,
    );
    console.log(`    ${meanwhileLine('GET /companies/{id} while the erasure ran', erase.reads)}`);
  }

  // Deleting the stage nearly every company is in, moving them to a new stage: one request that
  // rewrites every one of them and publishes an event for each.
  const target = await call<Stage>(
    'POST',
    '/pipeline-stages',
    { pipeline_id: home.pipeline_id, name: 'Scale bench moved', kind: home.kind },
    ownerToken,
  );
  const moving = await inStage(home.id);
  // The timeline entry each move writes is an event of its own (crm.activity.recorded), recorded
  // as the timeline takes the move: the last consequence of the request to reach the event feed.
  const timelineEvents = new FeedReader(call, ownerToken, 'crm.activity.recorded');
  const recordedBefore = await timelineEvents.readToEnd();
  const stageDelete = await meanwhile(otherRead, () =>
    call('DELETE', `/pipeline-stages/${home.id}?move_to=${target.id}`, undefined, ownerToken),
  );
  const deleteAnswered = now();
  // Meanwhile, another workspace writes one company and looks for it.
  const otherName = `Fair Share ${Date.now()}`;
  const otherWrite = await timed(() => call<Company>('POST', '/companies', { name: otherName }, second.token));
  const otherFound = await until(
    async () =>
      (
        await call<{ data: Array<{ id: string }> }>(
          'GET',
          `/search?q=${encodeURIComponent(otherName)}`,
          undefined,
          second.token,
        )
      ).data.some((hit) => hit.id === otherWrite.value.id),
    deleteAnswered,
  );
  const movedShown = await until(async () => (await inStage(target.id)) === moving, deleteAnswered);
  const entriesShown = await until(
    async () => (await timelineEvents.readToEnd()) - recordedBefore >= moving,
    deleteAnswered,
  );
  console.log(
    `  DELETE /pipeline-stages/{id}?move_to= with ${moving} companies in it: answered in ${stageDelete.seconds.toFixed(2)} s, ` +
      `reports show every company moved ${shown(movedShown)} after the answer` +
      (movedShown === null
        ? ''
        : ` (${(moving / Math.max(0.001, movedShown)).toFixed(0)} companies/s, each a crm.company.updated)`),
  );
  console.log(
    `    and the event feed holds every move's timeline entry (crm.activity.recorded) ${shown(entriesShown)} after the answer` +
      ` (${timelineEvents.read - recordedBefore} read)`,
  );
  console.log(`    ${meanwhileLine('GET /companies/{id} while the deletion ran', stageDelete.reads)}`);
  console.log(
    `  meanwhile another workspace: POST /companies answered in ${otherWrite.seconds.toFixed(3)} s, its search finds it ${shown(otherFound)} after the stage deletion's answer` +
      ` (fair share: not behind the other workspace's ${moving} events)`,
  );
  console.log(
    `  system CPU for section 6: ${((sys.cpuMs() - cpuBefore) / 1000).toFixed(1)} s; memory now VmRSS ${mib(sys.memory().rssKiB)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// Figures.

const ms = (value: number) => value.toFixed(1).padStart(7);
const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;

// Where the resident memory is: each heap's objects, the room V8 keeps for them, and what its
// objects hold outside it (the embedded store's documents and index keys, in Buffers); the rest is
// code, stacks and the allocator's own (freed memory it has not given back).
function printHeaps(heaps: readonly HeapFigures[], rssKiB: number, indent: string): void {
  for (const heap of heaps)
    console.log(
      `${indent}${heap.label}: JavaScript heap ${mib(heap.usedBytes / 1024)} used of ${mib(heap.totalBytes / 1024)}, ` +
        `${mib(heap.externalBytes / 1024)} outside it (Buffers)`,
    );
  const counted = heaps.reduce((sum, heap) => sum + heap.totalBytes + heap.externalBytes, 0) / 1024;
  console.log(`${indent}the rest of VmRSS (code, stacks, the allocator's own): ${mib(rssKiB - counted)}`);
}

// A workspace as a customer opens one: the owner signs up and names it, its integration gets an
// API key; a campaign for marketing's probes. New workspaces are on the complimentary Standard
// plan, so marketing's operations are allowed.
async function openScaleWorkspace(call: Call, name: string) {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const { token: ownerToken } = await call<{ token: string }>('POST', '/auth/sign-up', {
    email: `${slug}-bench@example.com`,
    password: 'correct horse battery',
    name: `${name} Bench`,
  });
  await call('POST', '/onboarding', { workspace_name: `${name} bench` }, ownerToken);
  const { key: apiKey } = await call<{ key: string }>(
    'POST',
    '/api-keys',
    { name: `${name} bench integration`, kind: 'integration', role: 'Agent (read & write)' },
    ownerToken,
  );
  const { id: campaignId } = await call<{ id: string }>(
    'POST',
    '/campaigns',
    { name: `${name} bench campaign` },
    apiKey,
  );
  const auth = { authorization: `Bearer ${apiKey}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const probeContext: ProbeContext = { call, apiKey, ownerToken, campaignId, feed: new CompanyFeed(call, ownerToken) };
  return { apiKey, ownerToken, auth, json, probeContext };
}

type ScaleWorkspace = Awaited<ReturnType<typeof openScaleWorkspace>>;

const companyWrites = (url: string, headers: Record<string, string>): LoadRequest => ({
  url: `${url}/companies`,
  method: 'POST',
  headers,
  body: JSON.stringify({ name: 'Scale Write [<id>]' }),
  idReplacement: true,
});

interface Writes {
  figures: Awaited<ReturnType<typeof runLoad>>;
  created: number;
  target: Company;
  catchUp: CatchUp;
  probes: Probe[];
  // The system's CPU time from the first write until every part shows them.
  cpuMs: number;
}

// WRITES companies created in the workspace one request each, at WRITE_CONNECTIONS, then until
// every part shows them.
async function measureWrites(sys: ChildSystem, workspace: ScaleWorkspace, companiesBefore = 0): Promise<Writes> {
  const { call, apiKey } = workspace.probeContext;
  const cpuBefore = sys.cpuMs();
  const figures = await runLoad(companyWrites(sys.url, workspace.json), WRITE_CONNECTIONS, { amount: WRITES });
  const answered = now();
  const created = figures.statusCodes['201'] ?? 0;
  if (created === 0)
    throw new Error(
      `no company was created by POST /companies: ${failedAnswers(figures.statusCodes) || `${figures.errors} errors`}`,
    );
  const target = (await call<{ data: Company[] }>('GET', '/companies?limit=1', undefined, apiKey)).data[0];
  const probes = probesFor(
    workspace.probeContext,
    target,
    { q: target.name, label: '<its name>' },
    companiesBefore + created,
  );
  const caughtUp = await catchUp(probes, answered, CATCHUP_TIMEOUT_S);
  return { figures, created, target, catchUp: caughtUp, probes, cpuMs: sys.cpuMs() - cpuBefore };
}

function printWrites(label: string, writes: Writes, indent: string): void {
  const { figures, created } = writes;
  console.log(
    `${indent}${label}: ${figures.perSecond.toFixed(0)} req/s  p50 ${figures.p50.toFixed(1)} ms  p99 ${figures.p99.toFixed(1)} ms  ` +
      `(${created} created${figures.errors ? `, ${figures.errors} errors: ${failedAnswers(figures.statusCodes)}` : ''})  target ≥ 300/s, p99 ≤ 30 ms`,
  );
  console.log(`${indent}  caught up, from the last write's answer:`);
  printCatchUp(writes.catchUp, writes.probes, `${indent}    `);
  console.log(
    `${indent}  system CPU from the first write until caught up: ${(writes.cpuMs / 1000).toFixed(2)} s = ` +
      `${(writes.cpuMs / Math.max(1, created)).toFixed(2)} CPU ms per created company${writes.catchUp.overall === null ? ' (not caught up: a lower bound)' : ''}`,
  );
}

function figureLine(label: string, figures: Figures, target: string): string {
  const failed = failedAnswers(figures.statusCodes);
  return (
    `${label.padEnd(52)} ${figures.perSecond.toFixed(0).padStart(7)} ${ms(figures.p50)} ${ms(figures.p99)} ` +
    `${String(figures.errors).padStart(7)} ${figures.cpuMsPerRequest.toFixed(3).padStart(9)}` +
    `   ${target}` +
    (failed ? `   non-2xx: ${failed}` : '')
  );
}

const TABLE_HEADER = `${'scenario'.padEnd(52)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'errors'.padStart(7)} ${'CPU ms/r'.padStart(9)}   target`;

// Reads while the catch-up runs: windows of READ_WINDOW_SECONDS at four connections, the requests
// taking turns, until caught up or READ_WINDOWS windows (and at least one of each). One window moves
// by a factor of two between runs, as background slices and collections land in it or not: several
// say more. Their number is bounded, so the reads slow the catch-up measured beside them alike
// whatever BENCH_SECONDS is (16 s of reads by default).
const READ_WINDOW_SECONDS = 2;
const READ_WINDOWS = Number(process.env.BENCH_SCALE_READ_WINDOWS ?? 8);

async function readsWhileCatchingUp(requests: LoadRequest[], done: () => boolean): Promise<LoadFigures[][]> {
  const windows = requests.map((): LoadFigures[] => []);
  for (let turn = 0; (turn < READ_WINDOWS && !done()) || windows.some((taken) => taken.length === 0); turn++) {
    const index = turn % requests.length;
    windows[index].push(await runLoad(requests[index], 4, { seconds: READ_WINDOW_SECONDS }));
  }
  return windows;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const WINDOWS_HEADER = `${'scenario'.padEnd(52)} ${'windows'.padStart(7)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)}  ${'p99 range'.padEnd(11)} ${'errors'.padStart(6)}   target`;

// A scenario's windows in one line: the median of each figure, and the range of the windows' p99.
function windowsLine(label: string, windows: readonly LoadFigures[]): string {
  const p99s = windows.map((figures) => figures.p99);
  const perSecond = median(windows.map((figures) => figures.perSecond)).toFixed(0);
  const errors = windows.reduce((sum, figures) => sum + figures.errors, 0);
  const failed = windows.map((figures) => failedAnswers(figures.statusCodes)).filter(Boolean);
  const range = `${Math.min(...p99s)}–${Math.max(...p99s)}`;
  return (
    `${label.padEnd(52)} ${String(windows.length).padStart(7)} ${perSecond.padStart(7)} ` +
    `${ms(median(windows.map((figures) => figures.p50)))} ${ms(median(p99s))}  ${range.padEnd(11)} ` +
    `${String(errors).padStart(6)}   p99 ≤ 50 ms` +
    (failed.length > 0 ? `   non-2xx: ${failed.join(', ')}` : '')
  );
}

// How the system's threads shared the cores over an interval (Linux scheduler statistics): the
// time each ran and the time it was ready but waited for a core. The main thread answers crm-core's
// and identity's requests: what it waits, a read behind it waits too. Threads that ran less than a
// fiftieth of the interval are summed.
function printThreadShares(
  before: readonly ThreadTimes[],
  after: readonly ThreadTimes[],
  intervalMs: number,
  pid: number,
): void {
  if (after.length === 0) return;
  const start = new Map(before.map((thread) => [`${thread.pid}/${thread.tid}`, thread]));
  const shares = after
    .map((thread) => {
      const earlier = start.get(`${thread.pid}/${thread.tid}`);
      return {
        ...thread,
        ranMs: thread.runMs - (earlier?.runMs ?? 0),
        waitedMs: thread.waitMs - (earlier?.waitMs ?? 0),
      };
    })
    .sort((a, b) => b.ranMs - a.ranMs);
  const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
  const line = (name: string, ran: number, waited: number) =>
    `    ${name.padEnd(34)} ran ${seconds(ran).padStart(8)}, waited for a core ${seconds(waited).padStart(8)} (${((100 * waited) / Math.max(1, ran + waited)).toFixed(0)}% of its ready time)`;
  console.log(
    `  threads during the catch-up (${seconds(intervalMs)}, ${cpus().length} cores; the busiest, by time on a core):`,
  );
  const shown = shares.filter((thread) => thread.ranMs >= intervalMs / 50);
  for (const thread of shown) {
    // With one process per service, each process has threads (and a main thread) of its own.
    const of = thread.pid === pid ? '' : ` of process ${thread.pid}`;
    const nice = thread.nice === 0 ? '' : ` (nice ${thread.nice})`;
    const name = thread.tid === thread.pid ? `main thread${of}` : `thread ${thread.tid}${of}${nice}`;
    console.log(line(name, thread.ranMs, thread.waitedMs));
  }
  const rest = shares.filter((thread) => thread.ranMs < intervalMs / 50);
  if (rest.length > 0)
    console.log(
      line(
        `${rest.length} other threads together`,
        rest.reduce((sum, thread) => sum + thread.ranMs, 0),
        rest.reduce((sum, thread) => sum + thread.waitedMs, 0),
      ),
    );
}

runBenchmark('scale', async ({ dataDir, stopAtEnd }) => {
  const systemStarted = now();
  const sys = stopAtEnd(await startChildSystem(dataDir));
  const call = apiCaller(sys.url);
  const backing = [
    process.env.MONGO_URL ? 'MongoDB' : 'the embedded store',
    process.env.AMQP_URL ? 'RabbitMQ' : 'the in-process bus',
  ].join(' and ');
  console.log(
    `system: ${sys.label()} (pid ${sys.pid}) on ${backing}, listening after ${secondsSince(systemStarted).toFixed(1)} s at ${sys.url}`,
  );
  console.log(
    `sizes: ${WRITES} writes, ${ROWS} import rows, ${LOAD.seconds} s per read measurement after ${LOAD.warmupSeconds} s warm-up`,
  );

  const scale = await openScaleWorkspace(call, 'Scale');
  const { apiKey, ownerToken, auth, json, probeContext } = scale;
  const totalOf = async () =>
    (await call<{ total: number }>('GET', '/companies?limit=1&offset=0', undefined, apiKey)).total;
  const companiesBefore = await totalOf();
  const writeRequest = companyWrites(sys.url, json);

  // 1. The cost of one change: WRITES companies, one request each, then until every part shows
  // them. Measured on a warm system, as a customer meets it: first the same writes into a
  // workspace of their own (another tenant's, so the measured one is still empty), until every
  // part shows them; their figures are printed too: a just-started process runs code V8 has not
  // compiled yet. (So many writes, not so long: every write answered is one the probes count.)
  const warm = await openScaleWorkspace(call, 'Scale warm-up');
  const warmUp = await measureWrites(sys, warm);
  const measured = await measureWrites(sys, scale, companiesBefore);
  console.log(`\n1. cost of one change: ${WRITES} x POST /companies, ${WRITE_CONNECTIONS} connections`);
  printWrites('warm-up, into another workspace just after the start', warmUp, '  ');
  printWrites('measured', measured, '  ');
  const writeTarget = measured.target;
  let companies = companiesBefore + measured.created;

  // 2. The import: ROWS rows in requests of IMPORT_BATCH, one after another as a script sends them.
  const cpuBeforeImport = sys.cpuMs();
  const imported = { created: 0, contacts: 0, requestSeconds: [] as number[] };
  const importStarted = now();
  // Meanwhile the warm-up workspace reads one of its companies, over and over.
  const [neighbour] = (await call<{ data: Company[] }>('GET', '/companies?limit=1', undefined, warm.apiKey)).data;
  const { reads: readsDuringImport } = await meanwhile(
    () => call('GET', `/companies/${neighbour.id}`, undefined, warm.apiKey),
    async () => {
      for (let from = 0; from < ROWS; from += IMPORT_BATCH) {
        const rows = Array.from({ length: Math.min(IMPORT_BATCH, ROWS - from) }, (_, offset) =>
          importRow(from + offset),
        );
        const requestStarted = now();
        const result = await call<ImportResult>('POST', '/import/companies', { rows }, apiKey);
        imported.requestSeconds.push(secondsSince(requestStarted));
        if (result.errors.length > 0 || result.created !== rows.length) {
          throw new Error(
            `import of rows ${from}..${from + rows.length - 1}: created ${result.created}, skipped ${result.skipped}, errors ${JSON.stringify(result.errors.slice(0, 5))}`,
          );
        }
        imported.created += result.created;
        imported.contacts += result.contacts;
      }
    },
  );
  const lastAnswer = now();
  const importWall = (lastAnswer - importStarted) / 1000;
  companies += imported.created;

  // 3. From the last answer: the probes, and meanwhile reads as the customer's people make them,
  // for as long as the catch-up lasts; and how the system's threads shared the cores meanwhile.
  const threadsAtLastAnswer = sys.threads();
  let caughtUp = false;
  const duringCatchUp = readsWhileCatchingUp(
    [
      { url: `${sys.url}/companies/${writeTarget.id}`, headers: auth },
      { url: `${sys.url}/companies?limit=25&offset=0`, headers: auth },
    ],
    () => caughtUp,
  );
  const lastIndex = ROWS - 1;
  const lastDomain = importRow(lastIndex).domain;
  const found = await call<{ data: Company[] }>(
    'GET',
    `/companies?q=${encodeURIComponent(lastDomain)}&limit=5`,
    undefined,
    apiKey,
  );
  const importTarget = found.data.find((company) => company.domain === lastDomain);
  if (!importTarget) throw new Error(`GET /companies?q=${lastDomain} does not find the last imported company`);
  const importProbes = probesFor(probeContext, importTarget, { q: `N${lastIndex}`, label: `N${lastIndex}` }, companies);
  const importCatchUp = await catchUp(importProbes, lastAnswer, CATCHUP_TIMEOUT_S);
  caughtUp = true;
  const cpuImport = sys.cpuMs() - cpuBeforeImport;
  const afterCatchUp = sys.memory();
  const heapsCaughtUp = await sys.heaps();
  const threadsCaughtUp = sys.threads();
  const catchUpMs = now() - lastAnswer;
  const [readOneDuring, readPageDuring] = await duringCatchUp;

  const requestSum = imported.requestSeconds.reduce((sum, value) => sum + value, 0);
  console.log(
    `\n2. import: ${ROWS} rows in ${imported.requestSeconds.length} requests of up to ${IMPORT_BATCH} (every 5th with a contact), one after another`,
  );
  console.log(
    `  ${importWall.toFixed(2)} s from the first request to the last answer (requests ${requestSum.toFixed(2)} s together, ` +
      `${Math.min(...imported.requestSeconds).toFixed(2)}–${Math.max(...imported.requestSeconds).toFixed(2)} s each), ` +
      `${(ROWS / importWall).toFixed(0)} rows/s; created ${imported.created} companies and ${imported.contacts} contacts`,
  );
  console.log(`  ${meanwhileLine('GET /companies/{id} during the import', readsDuringImport)}`);
  console.log(`\n3. catch-up after the import, from the last answer (polling every ${POLL_MS} ms):`);
  printCatchUp(importCatchUp, importProbes, '  ');
  const importEvents = imported.created + imported.contacts;
  if (importCatchUp.overall !== null) {
    console.log(
      `  ${importEvents} events of the import (companies + contacts) / ${importCatchUp.overall.toFixed(2)} s = ${(importEvents / importCatchUp.overall).toFixed(0)} events/s`,
    );
  } else
    console.log(
      `  ${importEvents} events of the import (companies + contacts): not caught up within ${CATCHUP_TIMEOUT_S} s, no events/s`,
    );
  console.log(
    `  system CPU from the first import request until caught up (the reads below included): ${(cpuImport / 1000).toFixed(1)} s, ` +
      `${(cpuImport / Math.max(1, importEvents)).toFixed(2)} ms per event`,
  );
  console.log(`  system memory after catch-up: VmRSS ${mib(afterCatchUp.rssKiB)}, VmHWM ${mib(afterCatchUp.hwmKiB)}`);
  printHeaps(heapsCaughtUp, afterCatchUp.rssKiB, '    ');
  if (IDLE_SECONDS > 0) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
    const quiet = sys.memory();
    console.log(`  system memory after ${IDLE_SECONDS} s without requests: VmRSS ${mib(quiet.rssKiB)}`);
    printHeaps(await sys.heaps(), quiet.rssKiB, '    ');
  }

  console.log(
    `\n4. reads during catch-up, from the last import answer, 4 connections, in windows of ${READ_WINDOW_SECONDS} s taking turns until caught up or ${READ_WINDOWS} windows, no warm-up (each figure the median of its windows; p99: the median and the range of the windows' p99):`,
  );
  console.log(`  ${WINDOWS_HEADER}`);
  console.log(`  ${windowsLine('GET /companies/{id} (during catch-up)', readOneDuring)}`);
  console.log(`  ${windowsLine('GET /companies?limit=25&offset=0 (during catch-up)', readPageDuring)}`);
  printThreadShares(threadsAtLastAnswer, threadsCaughtUp, catchUpMs, sys.pid);

  // 4. Reads and writes once everything has caught up.
  const total = await totalOf();
  const lastPageOffset = Math.min(Math.max(0, total - 25), 100_000);
  const report = JSON.stringify({ object: 'company', group_by: ['stage_id'], measure: 'count' });
  const scenarios: Array<{ label: string; request: LoadRequest; target: string; connections: number[] }> = [
    {
      label: 'GET /companies/{id}',
      request: { url: `${sys.url}/companies/${importTarget.id}`, headers: auth },
      target: '≥ 1000/s, p99 ≤ 10 ms',
      connections: [1, 4],
    },
    {
      label: 'GET /companies?limit=25&offset=0 (with total)',
      request: { url: `${sys.url}/companies?limit=25&offset=0`, headers: auth },
      target: 'p99 ≤ 20 ms',
      connections: [1, 4],
    },
    {
      label: `GET /companies?limit=25&offset=${lastPageOffset}`,
      request: { url: `${sys.url}/companies?limit=25&offset=${lastPageOffset}`, headers: auth },
      target: 'p99 ≤ 20 ms',
      connections: [1, 4],
    },
    {
      label: `GET /companies?q=${SEARCH_WORD}`,
      request: { url: `${sys.url}/companies?q=${SEARCH_WORD}`, headers: auth },
      target: 'p99 ≤ 20 ms',
      connections: [1, 4],
    },
    {
      label: `GET /search?q=${SEARCH_WORD}`,
      request: { url: `${sys.url}/search?q=${SEARCH_WORD}`, headers: auth },
      target: 'p99 ≤ 25 ms',
      connections: [1, 4],
    },
    {
      label: 'GET /reports/pipeline',
      request: { url: `${sys.url}/reports/pipeline`, headers: auth },
      target: 'p99 ≤ 50 ms',
      connections: [1, 4],
    },
    {
      label: 'POST /reports/run (companies by stage)',
      request: { url: `${sys.url}/reports/run`, method: 'POST', headers: json, body: report },
      target: 'p99 ≤ 50 ms',
      connections: [1, 4],
    },
    {
      label: 'GET /me',
      request: { url: `${sys.url}/me`, headers: auth },
      target: '≥ 1500/s, p99 ≤ 25 ms (16 conns)',
      connections: [16],
    },
    // Last: the events of these writes are still being handled after they end.
    { label: 'POST /companies', request: writeRequest, target: '≥ 300/s, p99 ≤ 30 ms', connections: [1, 4] },
  ];
  // Each request answered once before it is measured: a refusal stops the run here, not in a table.
  for (const { request } of scenarios.slice(0, -1)) {
    await call(
      request.method ?? 'GET',
      request.url.slice(sys.url.length),
      request.body === undefined ? undefined : JSON.parse(request.body),
      apiKey,
    );
  }
  console.log(
    `\n5. after catch-up: ${LOAD.seconds} s each after ${LOAD.warmupSeconds} s warm-up; ${total} companies; CPU is the system's per request`,
  );
  console.log(`  ${'conns'.padStart(5)} ${TABLE_HEADER}`);
  for (const scenario of scenarios) {
    for (const connections of scenario.connections) {
      const figures = await measureRequest(scenario.request, { ...LOAD, connections }, () => sys.cpuMs());
      console.log(`  ${String(connections).padStart(5)} ${figureLine(scenario.label, figures, scenario.target)}`);
    }
  }
  await bulkPaths({ call, apiKey, ownerToken, sys });

  const atEnd = sys.memory();
  console.log(`\nsystem memory at the end: VmRSS ${mib(atEnd.rssKiB)}, VmHWM ${mib(atEnd.hwmKiB)}`);
  printHeaps(await sys.heaps(), atEnd.rssKiB, '  ');

  // 7. What that memory holds: the embedded store keeps every document in memory.
  if (!process.env.MONGO_URL) {
    await sys.stop();
    console.log(`\n7. what the stores hold at the end (each service's embedded store, read after the system stopped):`);
    printCensus(await storeCensus(dataDir));
  }
});
