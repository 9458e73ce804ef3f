// What a change costs the embedded store, as the services' writes and the outbox relay use it: per
// round, in transactions, companies inserted with their outbox rows (a company-sized event each),
// the rows claimed, read whole and deleted as the relay does, then the companies replaced by a
// bulk write. Prints the CPU time and the bytes allocated per row (a company and its outbox row),
// and where they were allocated. The bytes come from V8's sampling heap profiler with collected
// objects kept: unlike time, they hardly move with what else the machine does, so two builds can
// be compared on a busy machine. Prints figures; nothing here passes or fails on time.
// Run after building: node scripts/run-bench.mjs write-path
// BENCH_WRITE_ROUNDS (40): rounds measured, after 5 to warm up; BENCH_WRITE_BATCH (500): rows a round.
import * as fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import type { mongo } from 'mongoose';
import { openEmbeddedMongo, type EmbeddedMongoClient } from '../index';

const ROUNDS = Number(process.env.BENCH_WRITE_ROUNDS ?? 40);
const BATCH = Number(process.env.BENCH_WRITE_BATCH ?? 500);
const WARM_UP_ROUNDS = 5;
// One sample per this many bytes allocated, on average.
const SAMPLING_BYTES = 8 * 1024;
const WORKSPACE = 'ws_bench';

// Documents keyed by string ids, as the services' are.
type Row = mongo.Document & { _id: string };

// An event as a service records it: the envelope with the company's public state (the outbox
// keeps it serialized, with its type and time beside it).
function event(index: number): mongo.Document {
  const at = new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString();
  return {
    id: `0192e0a4-${String(index).padStart(4, '0').slice(-4)}-7000-8000-${String(index).padStart(12, '0')}`,
    type: 'crm.company.created',
    version: 1,
    workspace_id: WORKSPACE,
    actor: { type: 'agent', id: 'key_bench', label: 'Bench integration' },
    occurred_at: at.replace('Z', '000Z'),
    data: {
      id: `co_${index}`,
      version: 1,
      name: `Acme N${index} Ltd`,
      domain: `acme-n${index}.example`,
      phone: '+44 20 7946 0000',
      address: { line1: `${index} High Street`, city: 'London', postcode: 'EC1 1AB', country: null },
      industry: 'Retail',
      owner_id: null,
      stage_id: 'stage_new',
      custom_fields: {},
      tags: [],
      created_at: at,
      updated_at: at,
    },
  };
}

function company(index: number): Row {
  const at = new Date(Date.UTC(2026, 0, 1) + index * 1000);
  return {
    _id: `co_${index}`,
    workspace_id: WORKSPACE,
    name: `Acme N${index} Ltd`,
    name_lower: `acme n${index} ltd`,
    domain: `acme-n${index}.example`,
    phone: '+44 20 7946 0000',
    address: { line1: `${index} High Street`, city: 'London' },
    industry: 'Retail',
    owner_id: null,
    stage_id: 'stage_new',
    version: 1,
    deleted_at: null,
    created_at: at,
    updated_at: at,
  };
}

// The fields of an outbox row waiting for the relay (libs/bus/src/outbox.ts), besides its event,
// workspace and times.
const PENDING = {
  status: 'pending',
  attempts: 0,
  claimed_until: null,
  claim_token: null,
  last_error: null,
  sent_at: null,
};

async function collections(client: EmbeddedMongoClient) {
  const db = client.db('bench');
  // The outbox's indexes (libs/bus/src/outbox.ts) and a companies collection's.
  const outbox = db.collection<Row>('outbox');
  await outbox.createIndex({ status: 1, claimed_until: 1, created_at: 1, _id: 1 });
  await outbox.createIndex({ status: 1, claimed_until: 1, available_at: 1, created_at: 1 });
  await outbox.createIndex({ status: 1, sent_at: 1 });
  await outbox.createIndex({ status: 1, created_at: 1 });
  await outbox.createIndex({ workspace_id: 1, status: 1, claimed_until: 1, created_at: 1, _id: 1 });
  const companies = db.collection<Row>('companies');
  await companies.createIndex({ workspace_id: 1, created_at: -1, _id: -1 });
  await companies.createIndex({ workspace_id: 1, name_lower: 1, _id: 1 });
  await companies.createIndex({ workspace_id: 1, domain: 1 });
  await companies.createIndex({ workspace_id: 1, updated_at: -1, _id: -1 });
  await companies.createIndex({ workspace_id: 1, owner_id: 1, created_at: -1 });
  await companies.createIndex({ workspace_id: 1, stage_id: 1, name_lower: 1 });
  return { outbox, companies };
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'write-path-bench-'));
  const client = await openEmbeddedMongo({ dataDir, dbName: 'bench' });
  const session = new Session();
  session.connect();
  try {
    const { outbox, companies } = await collections(client);
    let next = 0;
    const round = async (): Promise<void> => {
      const now = new Date();
      const rows: Row[] = [];
      const documents: Row[] = [];
      for (let count = 0; count < BATCH; count++, next++) {
        const envelope = event(next);
        rows.push({
          _id: `event_${next}`,
          body: JSON.stringify(envelope),
          type: envelope.type,
          occurred_at: envelope.occurred_at,
          workspace_id: WORKSPACE,
          ...PENDING,
          available_at: now,
          created_at: now,
        });
        documents.push(company(next));
      }
      const write = client.startSession();
      await write.withTransaction(async () => {
        await companies.insertMany(documents, { session: write });
        await outbox.insertMany(rows, { session: write });
      });
      await write.endSession();
      // The relay, on an outbox of its own: free rows in order, then those rows whole, then gone.
      const free = await outbox
        .find({ status: 'pending', claimed_until: null, available_at: { $lte: now } })
        .sort({ created_at: 1, _id: 1 })
        .limit(BATCH)
        .project<Pick<Row, '_id' | 'attempts' | 'workspace_id'>>({ _id: 1, attempts: 1, workspace_id: 1 })
        .toArray();
      const ours = { _id: { $in: free.map((row) => row._id) }, claim_token: null };
      const claimed = await outbox.find(ours).sort({ created_at: 1, _id: 1 }).toArray();
      if (claimed.length !== BATCH) throw new Error(`claimed ${claimed.length} rows of ${BATCH}`);
      await outbox.deleteMany(ours);
      const update = client.startSession();
      await update.withTransaction(async () => {
        await companies.bulkWrite(
          documents.map((document) => ({
            replaceOne: {
              filter: { _id: document._id, version: { $lt: 2 } },
              replacement: { ...document, version: 2, name: `${document.name} Group`, updated_at: new Date() },
            },
          })),
          { session: update },
        );
      });
      await update.endSession();
    };
    for (let warm = 0; warm < WARM_UP_ROUNDS; warm++) await round();
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: SAMPLING_BYTES,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let measured = 0; measured < ROUNDS; measured++) await round();
    const wallMs = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const rows = ROUNDS * BATCH;
    const byFunction = new Map<string, number>();
    let total = 0;
    const visit = (node: (typeof profile)['head']): void => {
      total += node.selfSize;
      const frame = node.callFrame;
      const where = frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : '(native)';
      const name = `${frame.functionName || '(anonymous)'} ${where}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + node.selfSize);
      for (const child of node.children) visit(child);
    };
    visit(profile.head);
    console.log(`\nembedded-mongo write path (node ${process.version}, ${os.cpus().length} cpu, ${os.platform()})`);
    console.log(
      `${rows.toLocaleString('en-US')} rows in ${ROUNDS} rounds of ${BATCH}: a company inserted, its outbox row ` +
        'inserted, claimed, read and deleted, the company replaced',
    );
    console.log(`  CPU per row          ${(((cpu.user + cpu.system) / 1000 / rows) * 1000).toFixed(1)} µs`);
    console.log(`  wall time per row    ${((wallMs / rows) * 1000).toFixed(1)} µs`);
    console.log(
      `  allocated per row    ${(total / rows / 1024).toFixed(1)} KiB (sampled every ${SAMPLING_BYTES / 1024} KiB)`,
    );
    console.log('  where, the largest:');
    for (const [name, bytes] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 12))
      console.log(`    ${((100 * bytes) / total).toFixed(1).padStart(5)}%  ${name}`);
  } finally {
    session.disconnect();
    await client.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
