import { spawn } from 'node:child_process';
import * as path from 'node:path';
import * as readline from 'node:readline';
import { mongo } from 'mongoose';
import { DataDirectoryLockedError, openEmbeddedMongo } from '../index';
import { cleanUp, openClient, temporaryDataDir, type Loose } from './test-store';

const FIXTURE = path.join(__dirname, 'fixtures', 'crash-writer.js');

afterEach(cleanUp);

interface Acknowledged {
  readonly inserts: string[];
  readonly transactions: string[];
  // The module the writer ran: the TypeScript sources, not a build.
  readonly source: string;
}

// Runs the writer until it has acknowledged enough, then kills it with SIGKILL.
async function runAndKill(dataDir: string, whileRunning?: () => Promise<void>): Promise<Acknowledged> {
  const child = spawn(process.execPath, [FIXTURE, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const acknowledged = { inserts: [] as string[], transactions: [] as string[], source: '' };
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let ranCheck = false;
    const lines = readline.createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const [kind, value] = line.split(' ');
      if (kind === 'ack' && value) acknowledged.inserts.push(value);
      if (kind === 'txn' && value) acknowledged.transactions.push(value);
      if (kind === 'ready' && value) acknowledged.source = value;
      if (kind === 'ready' && whileRunning && !ranCheck) {
        ranCheck = true;
        whileRunning().catch(reject);
      }
      if (acknowledged.inserts.length >= 400 && acknowledged.transactions.length >= 5) {
        child.kill('SIGKILL');
        lines.close();
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`writer exited early (code ${String(code)}): ${stderr}`));
    });
  });
  await exited;
  return acknowledged;
}

describe('crash safety (SIGKILL while writing)', () => {
  it('keeps every acknowledged write and whole transactions only, and reopens cleanly', async () => {
    const dataDir = temporaryDataDir();
    let lockError: unknown;
    const acknowledged = await runAndKill(dataDir, async () => {
      // While the writer runs, the data directory is locked for everybody else.
      lockError = await openEmbeddedMongo({ dataDir }).then(
        async (client) => {
          await client.close();
          return undefined;
        },
        (error: unknown) => error,
      );
    });
    expect(lockError).toBeInstanceOf(DataDirectoryLockedError);
    expect(acknowledged.source).toBe(path.join(__dirname, '..', 'index.ts'));

    const client = await openClient({ dataDir, dbName: 'crash' });
    const events = client.db().collection<Loose>('events');
    const stored = await events.find({}, { projection: { _id: 1 } }).toArray();
    const storedIds = new Set(stored.map((document) => String(document._id)));
    const missing = acknowledged.inserts.filter((id) => !storedIds.has(id));
    expect(missing).toEqual([]);
    expect(storedIds.size).toBeGreaterThanOrEqual(acknowledged.inserts.length);
    expect(await events.findOne({ _id: new mongo.ObjectId(acknowledged.inserts[0]) })).toMatchObject({
      payload: 'x'.repeat(200),
      at: expect.any(Date),
    });

    const parts = await client
      .db()
      .collection<Loose>('transfers')
      .aggregate([{ $group: { _id: '$group', parts: { $sum: 1 } } }])
      .toArray();
    const partsByGroup = new Map(parts.map((group) => [String(group._id), Number(group.parts)]));
    for (const count of partsByGroup.values()) expect(count).toBe(3);
    for (const group of acknowledged.transactions) expect(partsByGroup.get(group)).toBe(3);

    // The store accepts writes after the crash and keeps the unique index it had.
    await expect(events.insertOne({ sequence: 0 })).rejects.toMatchObject({ code: 11000 });
    await events.insertOne({ sequence: -1 });
    expect(await events.countDocuments({ sequence: -1 })).toBe(1);
  });
});
