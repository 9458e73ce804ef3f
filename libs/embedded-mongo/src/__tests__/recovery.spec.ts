import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataDirectoryLockedError, openEmbeddedMongo } from '../index';
import { JournalCorruptedError, scanFrames } from '../journal';
import { repairDataDirectory } from '../repair';
import { cleanUp, journalFiles, openClient, temporaryDataDir, type Loose } from './test-store';

afterEach(cleanUp);

// A directory whose journal holds five single-insert records.
async function journalWithFiveRecords(): Promise<{ dataDir: string; journal: string; offsets: number[] }> {
  const dataDir = temporaryDataDir();
  const client = await openClient({ dataDir });
  const items = client.db().collection<Loose>('items');
  for (let i = 1; i <= 5; i++) await items.insertOne({ _id: i });
  await client.close();
  const journal = journalFiles(dataDir).pop() as string;
  const offsets: number[] = [];
  let offset = 0;
  for (const payload of scanFrames(fs.readFileSync(journal)).payloads) {
    offsets.push(offset);
    offset += 8 + payload.length;
  }
  return { dataDir, journal, offsets };
}

describe('journal damage before the end', () => {
  it('stops start-up with the file, the offset and the repair command, and the repair keeps what precedes the damage', async () => {
    const { dataDir, journal, offsets } = await journalWithFiveRecords();
    expect(offsets).toHaveLength(5);
    // Damage the third record; the fourth and fifth stay intact.
    const bytes = fs.readFileSync(journal);
    const third = offsets[2];
    bytes[third + 10] = bytes[third + 10] ^ 0xff;
    fs.writeFileSync(journal, bytes);

    const error = await openEmbeddedMongo({ dataDir }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JournalCorruptedError);
    expect(error).toMatchObject({ file: journal, offset: third });
    expect((error as Error).message).toContain(`node libs/embedded-mongo/dist/repair.js ${dataDir}`);
    // Start-up failed without touching the file.
    expect(fs.readFileSync(journal)).toEqual(bytes);

    const lines: string[] = [];
    const dryRun = repairDataDirectory(dataDir, { dryRun: true, log: (line) => lines.push(line) });
    expect(dryRun).toMatchObject({ damaged: true, file: journal, offset: third, droppedRecords: 2 });
    expect(lines.join('\n')).toContain('2 intact records (acknowledged writes that will be lost)');
    expect(fs.readFileSync(journal)).toEqual(bytes);

    repairDataDirectory(dataDir, { log: () => undefined });
    expect(fs.statSync(journal).size).toBe(third);
    const reopened = await openClient({ dataDir });
    expect((await reopened.db().collection<Loose>('items').find().toArray()).map((item) => item._id)).toEqual([1, 2]);
  });

  it('still drops a torn last record on its own', async () => {
    const { dataDir, journal, offsets } = await journalWithFiveRecords();
    const bytes = fs.readFileSync(journal);
    fs.writeFileSync(journal, bytes.subarray(0, offsets[4] + 5));
    const reopened = await openClient({ dataDir });
    expect(await reopened.db().collection<Loose>('items').countDocuments()).toBe(4);
  });
});

describe('data directory lock', () => {
  function writeLock(dataDir: string, owner: { instance: string; host: string; pid: number }, ageMs: number): void {
    const lockPath = path.join(dataDir, 'LOCK');
    fs.writeFileSync(lockPath, JSON.stringify(owner));
    const beat = new Date(Date.now() - ageMs);
    fs.utimesSync(lockPath, beat, beat);
  }

  it('does not take a live lock that carries its own pid (two containers, both pid 1)', async () => {
    const dataDir = temporaryDataDir();
    writeLock(dataDir, { instance: 'other-container', host: os.hostname(), pid: process.pid }, 0);
    await expect(openEmbeddedMongo({ dataDir })).rejects.toBeInstanceOf(DataDirectoryLockedError);
    writeLock(dataDir, { instance: 'other-host', host: 'elsewhere', pid: 1 }, 0);
    await expect(openEmbeddedMongo({ dataDir })).rejects.toThrow(/process 1 on host elsewhere/);
  });

  it('takes over a lock whose heartbeat stopped', async () => {
    const dataDir = temporaryDataDir();
    writeLock(dataDir, { instance: 'crashed', host: 'elsewhere', pid: 1 }, 60_000);
    const client = await openClient({ dataDir });
    expect(client.store.isOpen).toBe(true);
    const owner = JSON.parse(fs.readFileSync(path.join(dataDir, 'LOCK'), 'utf8')) as {
      host: string;
      pid: number;
      instance: string;
    };
    expect(owner).toMatchObject({ host: os.hostname(), pid: process.pid });
    expect(owner.instance).not.toBe('crashed');
  });
});
