import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jobModel, JobWorker, type JobRow, type RunningJob } from '@crm/bus';
import { connectDatabase, createLogger } from '@crm/kit';
import { waitFor } from '@crm/testing';
import type { Connection } from 'mongoose';
import {
  DEFAULT_STORAGE_COMPACTION_INTERVAL_MS,
  requestCompactionIn,
  STORAGE_COMPACTION_JOB,
  storageCompactionHandler,
  storageCompactionIntervalOf,
} from '../storage-compaction';

const INTERVAL_MS = 60_000;
const logger = createLogger('compaction-test', 'silent');

describe('storage compaction on request', () => {
  let dataDir: string;
  let connection: Connection;
  let clock: Date;
  let runs: string[][];
  let worker: JobWorker;
  let hold: Promise<void> | undefined;

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'compaction-'));
    connection = await connectDatabase({ service: 'compaction-test', dataDir });
    clock = new Date('2026-11-27T00:00:00.000Z');
    runs = [];
    hold = undefined;
    const compact = storageCompactionHandler(connection, logger);
    worker = new JobWorker({
      connection,
      logger,
      now: () => clock,
      handlers: {
        [STORAGE_COMPACTION_JOB]: async (job: RunningJob) => {
          runs.push([...(job.payload.collections as string[])].sort());
          await hold;
          await compact(job);
        },
      },
    });
  });

  afterEach(async () => {
    await worker.stop();
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const at = (ms: number) => new Date(Date.parse('2026-11-27T00:00:00.000Z') + ms);
  const request = (collections: string[], now: Date) =>
    connection.transaction((session) => requestCompactionIn(connection, session, collections, INTERVAL_MS, now));
  const theJob = () => jobModel(connection).findOne({ name: STORAGE_COMPACTION_JOB }).lean<JobRow>().exec();
  const journals = () => readdirSync(join(dataDir, 'compaction-test')).filter((name) => name.startsWith('journal-'));

  it('runs one compaction for every request made before it, one interval after the first', async () => {
    await request(['contacts'], at(0));
    await request(['outbox', 'contacts'], at(10_000));
    await request(['activities'], at(59_000));
    expect(await jobModel(connection).countDocuments({ name: STORAGE_COMPACTION_JOB })).toBe(1);
    expect((await theJob())!.run_at).toEqual(at(INTERVAL_MS));

    clock = at(INTERVAL_MS - 1);
    expect(await worker.runDue()).toBe(0);
    const before = journals();
    clock = at(INTERVAL_MS);
    expect(await worker.runDue()).toBe(1);
    expect(runs).toEqual([['activities', 'contacts', 'outbox']]);
    // The store was rewritten (a new journal), and nothing is left to run.
    expect(journals()).not.toEqual(before);
    expect(await theJob()).toBeNull();
  });

  it('runs again one interval later for a request made while it ran, not before', async () => {
    await request(['contacts'], at(0));
    let release = () => undefined as void;
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    clock = at(INTERVAL_MS);
    const running = worker.runDue(1);
    await waitFor(() => runs.length === 1, 'the compaction running');
    // The running compaction may have read the store before this change: the request needs a run of its own.
    await request(['tasks'], at(INTERVAL_MS + 5_000));
    release();
    expect(await running).toBe(1);
    const next = await theJob();
    expect(next).toMatchObject({
      status: 'pending',
      run_at: at(2 * INTERVAL_MS + 5_000),
      payload: { collections: ['contacts', 'tasks'] },
    });
    clock = at(2 * INTERVAL_MS + 4_999);
    expect(await worker.runDue()).toBe(0);
    clock = at(2 * INTERVAL_MS + 5_000);
    expect(await worker.runDue()).toBe(1);
    expect(runs).toHaveLength(2);
    expect(await theJob()).toBeNull();
  });

  it('takes its interval from STORAGE_COMPACTION_INTERVAL_MS, refusing what is not a duration', () => {
    expect(storageCompactionIntervalOf({})).toBe(DEFAULT_STORAGE_COMPACTION_INTERVAL_MS);
    expect(storageCompactionIntervalOf({ STORAGE_COMPACTION_INTERVAL_MS: '0' })).toBe(0);
    expect(storageCompactionIntervalOf({ STORAGE_COMPACTION_INTERVAL_MS: '300000' })).toBe(300_000);
    for (const bad of ['soon', '-1', '1.5', '86400001']) {
      expect(() => storageCompactionIntervalOf({ STORAGE_COMPACTION_INTERVAL_MS: bad })).toThrow(
        /STORAGE_COMPACTION_INTERVAL_MS/,
      );
    }
  });
});
