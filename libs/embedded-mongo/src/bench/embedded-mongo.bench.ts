// Figures for the embedded MongoDB store at CRM scale: 100k company-sized documents in one
// workspace, listed, paged, counted and grouped through ordered indexes; memory held, reopen time
// and durable insert throughput. Prints figures; nothing here passes or fails on time.
// Run after building: node libs/embedded-mongo/dist/bench/embedded-mongo.bench.js
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import mongoose, { mongo } from 'mongoose';
import { openEmbeddedMongo, type EmbeddedMongoClient } from '../index';

const COMPANIES = 100_000;
const SEQUENTIAL_INSERTS = 1_000;
const CONCURRENT_INSERTS = 20_000;
const IN_FLIGHT = 100;
const LOOKUPS = 20_000;
const PAGE_SIZE = 25;
const PAGE_RUNS = 300;
const WORKSPACE = 'ws_bench';

interface Row {
  readonly metric: string;
  readonly value: string;
  readonly unit: string;
}

const rows: Row[] = [];
const plans: string[] = [];

function record(metric: string, value: number, unit: string, digits = 0): void {
  rows.push({
    metric,
    value: value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }),
    unit,
  });
  process.stderr.write(`  ${metric}: done\n`);
}

// A forced collection makes the memory figures comparable between runs. `npm run bench` passes
// --expose-gc; run directly, the flag is switched on here.
const collectGarbage: () => void = (() => {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return exposed as () => void;
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as unknown;
  return typeof gc === 'function' ? (gc as () => void) : () => undefined;
})();

function memory(): { rss: number; heapUsed: number } {
  collectGarbage();
  collectGarbage();
  const usage = process.memoryUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed };
}

function elapsedMs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function percentile(sortedMicros: number[], fraction: number): number {
  const index = Math.min(sortedMicros.length - 1, Math.floor(sortedMicros.length * fraction));
  return sortedMicros[index];
}

const INDUSTRIES = ['Software', 'Manufacturing', 'Retail', 'Healthcare', 'Finance', 'Logistics'];
const CITIES = ['Oslo', 'Berlin', 'Lisbon', 'Austin', 'Toronto', 'Nairobi', 'Osaka'];

function company(i: number): mongo.Document {
  const now = new Date(Date.UTC(2024, 0, 1) + i * 60_000);
  return {
    _id: new mongo.ObjectId(),
    workspace_id: WORKSPACE,
    name: `Company ${i} Holdings`,
    domain: `company-${i}.example.com`,
    website: `https://company-${i}.example.com`,
    phone: `+1 555 ${String(i % 10_000).padStart(4, '0')}`,
    email: `contact@company-${i}.example.com`,
    industry: INDUSTRIES[i % INDUSTRIES.length],
    description: 'Makes and sells things to other companies in several markets.',
    employees: (i * 37) % 5_000,
    annual_revenue: ((i * 7919) % 100_000) * 1_000,
    address: {
      street: `${i % 500} Main Street`,
      city: CITIES[i % CITIES.length],
      postal_code: String(10_000 + (i % 89_999)),
      country: 'US',
    },
    sic_codes: [String(1000 + (i % 8000)), String(2000 + (i % 7000)), String(3000 + (i % 6000))],
    custom: { tier: i % 3 === 0 ? 'gold' : 'silver', score: i % 100, segment: `segment-${i % 12}`, renewal: now },
    owner_id: `user_${i % 200}`,
    lead_source: i % 2 === 0 ? 'web' : 'referral',
    tags: ['customer', `region-${i % 5}`],
    archived: false,
    created_at: now,
    updated_at: now,
  };
}

async function durableInserts(client: EmbeddedMongoClient): Promise<void> {
  const events = client.db('bench').collection('events');
  let start = process.hrtime.bigint();
  for (let i = 0; i < SEQUENTIAL_INSERTS; i++) await events.insertOne({ kind: 'sequential', i, at: new Date() });
  const sequentialMs = elapsedMs(start);
  record('inserts/s, sequential (each awaited, fsync each)', (SEQUENTIAL_INSERTS / sequentialMs) * 1000, 'ops/s');

  const syncsBefore = client.store.journalStatistics().syncs;
  start = process.hrtime.bigint();
  for (let done = 0; done < CONCURRENT_INSERTS; done += IN_FLIGHT) {
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, (_, j) =>
        events.insertOne({ kind: 'concurrent', i: done + j, at: new Date() }),
      ),
    );
  }
  const concurrentMs = elapsedMs(start);
  const syncs = client.store.journalStatistics().syncs - syncsBefore;
  record(`inserts/s, ${IN_FLIGHT} in flight (group commit)`, (CONCURRENT_INSERTS / concurrentMs) * 1000, 'ops/s');
  record('  writes per fsync in that run', CONCURRENT_INSERTS / Math.max(1, syncs), 'writes', 1);
}

// Runs `operation` `runs` times and records p50 and p99 of the wall clock, and the median CPU
// time (which does not grow when other processes compete for the cores).
async function latency(label: string, runs: number, operation: () => Promise<unknown>): Promise<void> {
  const samples: number[] = [];
  const cpuSamples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    const cpuStart = process.cpuUsage();
    await operation();
    const cpu = process.cpuUsage(cpuStart);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
    cpuSamples.push((cpu.user + cpu.system) / 1000);
  }
  samples.sort((a, b) => a - b);
  cpuSamples.sort((a, b) => a - b);
  record(`${label} p50`, percentile(samples, 0.5), 'ms', 2);
  record(`${label} p99`, percentile(samples, 0.99), 'ms', 2);
  record('  CPU time p50', percentile(cpuSamples, 0.5), 'ms', 2);
}

interface ExplainFigures {
  readonly queryPlanner: { readonly winningPlan: mongo.Document };
  readonly executionStats: { readonly totalKeysExamined: number; readonly totalDocsExamined: number };
}

function describePlan(explain: ExplainFigures): string {
  let stage = explain.queryPlanner.winningPlan;
  const stages: string[] = [];
  for (;;) {
    stages.push(
      stage.stage === 'IXSCAN' ? `IXSCAN ${String(stage.indexName)} ${String(stage.direction)}` : String(stage.stage),
    );
    if (!stage.inputStage) break;
    stage = stage.inputStage as mongo.Document;
  }
  const stats = explain.executionStats;
  return `${stages.join(' <- ')}; keys ${stats.totalKeysExamined}, docs ${stats.totalDocsExamined}`;
}

// The list shapes of a CRM: a filtered, sorted first page, a deep keyset page, a count over an
// index range and a report-like $group.
async function listingFigures(companies: mongo.Collection): Promise<void> {
  const cutoff = new Date(Date.UTC(2024, 0, 1) + (COMPANIES - 10) * 60_000);
  const filter = { workspace_id: WORKSPACE, created_at: { $lt: cutoff } };
  const sort = { created_at: -1, _id: -1 } as const;
  const firstPage = (): Promise<mongo.Document[]> => companies.find(filter).sort(sort).limit(PAGE_SIZE).toArray();
  await latency(
    `first page of ${PAGE_SIZE}, {workspace, created_at < x} sorted by created_at desc`,
    PAGE_RUNS,
    firstPage,
  );
  const firstExplain = (await companies
    .find(filter)
    .sort(sort)
    .limit(PAGE_SIZE)
    .explain('executionStats')) as unknown as ExplainFigures;
  plans.push(`first page: ${describePlan(firstExplain)}`);

  // Walk to the 100th page once to find its cursor, then time that page.
  const pageAfter = (last: { created_at?: unknown; _id?: unknown } | undefined): mongo.Document => ({
    workspace_id: WORKSPACE,
    ...(last
      ? { $or: [{ created_at: { $lt: last.created_at } }, { created_at: last.created_at, _id: { $lt: last._id } }] }
      : {}),
  });
  let last: mongo.Document | undefined;
  for (let page = 1; page < 100; page++) {
    const documents = await companies.find(pageAfter(last)).sort(sort).limit(PAGE_SIZE).toArray();
    last = documents[documents.length - 1];
  }
  const hundredth = pageAfter(last);
  await latency('100th cursor page ($or keyset after created_at, _id)', PAGE_RUNS, () =>
    companies.find(hundredth).sort(sort).limit(PAGE_SIZE).toArray(),
  );
  const deepExplain = (await companies
    .find(hundredth)
    .sort(sort)
    .limit(PAGE_SIZE)
    .explain('executionStats')) as unknown as ExplainFigures;
  plans.push(`100th page: ${describePlan(deepExplain)}`);

  const byName = (): Promise<mongo.Document[]> =>
    companies.find({ workspace_id: WORKSPACE }).sort({ name: 1 }).limit(PAGE_SIZE).toArray();
  await latency(`first page of ${PAGE_SIZE} sorted by name`, PAGE_RUNS, byName);

  const half = new Date(Date.UTC(2024, 0, 1) + (COMPANIES / 2) * 60_000);
  await latency('countDocuments {workspace, created_at >= x} (50k keys)', 20, () =>
    companies.countDocuments({ workspace_id: WORKSPACE, created_at: { $gte: half } }),
  );
  await latency('countDocuments {workspace} (100k keys)', 20, () =>
    companies.countDocuments({ workspace_id: WORKSPACE }),
  );
  await latency('aggregate $match workspace + $group by industry (100k docs)', 5, () =>
    companies
      .aggregate([
        { $match: { workspace_id: WORKSPACE } },
        { $group: { _id: '$industry', companies: { $sum: 1 }, revenue: { $sum: '$annual_revenue' } } },
      ])
      .toArray(),
  );
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-mongo-bench-'));
  process.stderr.write(`embedded-mongo benchmark in ${dataDir}\n`);
  try {
    let client = await openEmbeddedMongo({ dataDir, dbName: 'crm' });
    const companies = client.db().collection('companies');
    await companies.createIndex({ domain: 1 }, { unique: true });
    await companies.createIndex({ workspace_id: 1, created_at: 1, _id: 1 });
    await companies.createIndex({ workspace_id: 1, name: 1 });

    const baseline = memory();
    let start = process.hrtime.bigint();
    for (let offset = 0; offset < COMPANIES; offset += 1000) {
      await companies.insertMany(Array.from({ length: 1000 }, (_, j) => company(offset + j)));
    }
    record(`load ${COMPANIES.toLocaleString('en-US')} companies (insertMany x1000)`, elapsedMs(start) / 1000, 's', 2);
    const loaded = memory();
    record(
      `rss delta holding ${COMPANIES.toLocaleString('en-US')} companies`,
      (loaded.rss - baseline.rss) / 1024 / 1024,
      'MiB',
      1,
    );
    record(
      `heapUsed delta holding ${COMPANIES.toLocaleString('en-US')} companies`,
      (loaded.heapUsed - baseline.heapUsed) / 1024 / 1024,
      'MiB',
      1,
    );
    record('  heap bytes per company', (loaded.heapUsed - baseline.heapUsed) / COMPANIES, 'B');

    const latencies: number[] = [];
    for (let i = 0; i < LOOKUPS; i++) {
      const domain = `company-${(i * 7919) % COMPANIES}.example.com`;
      const lookupStart = process.hrtime.bigint();
      const found = await companies.findOne({ domain });
      latencies.push(Number(process.hrtime.bigint() - lookupStart) / 1000);
      if (!found) throw new Error(`lookup missed ${domain}`);
    }
    latencies.sort((a, b) => a - b);
    record('indexed findOne({domain}) p50, driver API', percentile(latencies, 0.5), 'µs', 1);
    record('indexed findOne({domain}) p99, driver API', percentile(latencies, 0.99), 'µs', 1);

    const connection = mongoose.createConnection();
    connection.setClient(client);
    const Company = connection.model(
      'Company',
      new mongoose.Schema({ domain: String, name: String }, { strict: false }),
      'companies',
    );
    const modelLatencies: number[] = [];
    for (let i = 0; i < LOOKUPS / 4; i++) {
      const domain = `company-${(i * 104_729) % COMPANIES}.example.com`;
      const lookupStart = process.hrtime.bigint();
      await Company.findOne({ domain }).lean();
      modelLatencies.push(Number(process.hrtime.bigint() - lookupStart) / 1000);
    }
    modelLatencies.sort((a, b) => a - b);
    record('indexed findOne({domain}) p50, mongoose lean', percentile(modelLatencies, 0.5), 'µs', 1);
    record('indexed findOne({domain}) p99, mongoose lean', percentile(modelLatencies, 0.99), 'µs', 1);

    await listingFigures(companies);

    await latency(`unindexed countDocuments scan over ${COMPANIES.toLocaleString('en-US')} companies`, 3, () =>
      companies.countDocuments({ 'custom.score': 42, employees: { $gt: 100 } }),
    );

    await durableInserts(client);

    await client.close();
    collectGarbage();
    start = process.hrtime.bigint();
    const cpuBefore = process.cpuUsage();
    client = await openEmbeddedMongo({ dataDir, dbName: 'crm' });
    const cpu = process.cpuUsage(cpuBefore);
    record('reopen: load snapshot + replay journal (until usable)', elapsedMs(start) / 1000, 's', 2);
    // CPU time does not grow when other processes compete for the cores.
    record('  CPU time of that reopen', (cpu.user + cpu.system) / 1e6, 's', 2);
    collectGarbage();
    record(
      `  heap used holding ${COMPANIES.toLocaleString('en-US')} companies after it`,
      (memory().heapUsed - baseline.heapUsed) / 1024 / 1024,
      'MiB',
      1,
    );
    start = process.hrtime.bigint();
    await client.store.whenIdle();
    record('  then new snapshot written in the background', elapsedMs(start) / 1000, 's', 2);
    await client.close();
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const widths = [
    Math.max('metric'.length, ...rows.map((row) => row.metric.length)),
    Math.max('value'.length, ...rows.map((row) => row.value.length)),
  ];
  const line = (metric: string, value: string, unit: string): string =>
    `${metric.padEnd(widths[0])}  ${value.padStart(widths[1])}  ${unit}`;
  console.log(`\nembedded-mongo (node ${process.version}, ${os.cpus().length} cpu, ${os.platform()})`);
  console.log(line('metric', 'value', 'unit'));
  console.log(line('-'.repeat(widths[0]), '-'.repeat(widths[1]), '----'));
  for (const row of rows) console.log(line(row.metric, row.value, row.unit));
  console.log('\nplans (from explain):');
  for (const plan of plans) console.log(`  ${plan}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
