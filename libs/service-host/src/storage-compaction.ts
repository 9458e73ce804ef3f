import { jobId, jobModel, scheduleJob, type JobHandler, type JobRow } from '@crm/bus';
import { compactStorage, int, loadConfig, type Logger } from '@crm/kit';
import type { ClientSession, Connection } from 'mongoose';
import { commit } from './unit-of-work';
import type { ServiceContext } from './service-context';

// Overwritten and deleted values stay in a store's files until it is compacted: on the embedded
// store a compaction writes a new snapshot of the whole store (every workspace) and deletes the
// old journals; on MongoDB `compact` rewrites a collection. Doing that for every erasure would
// rewrite every tenant's data each time, so a service asks for it instead (an erasure, once its
// records changed), and one durable job per service runs the compaction for every request made
// before it: at most once per interval, and within one interval of any request. A request joins
// the job waiting to run; one made while the job runs schedules the next run an interval later,
// since the running one may have read the store before the request's change.

export const STORAGE_COMPACTION_JOB = 'storage.compact';
const JOB_KEY = 'store';
export const STORAGE_COMPACTION_INTERVAL_SETTING = 'STORAGE_COMPACTION_INTERVAL_MS';
export const DEFAULT_STORAGE_COMPACTION_INTERVAL_MS = 10 * 60 * 1000;
// Whole days at most: a bound on how long erased values may stay on disk.
const MAX_STORAGE_COMPACTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

// The interval from the service's settings, checked at start.
export function storageCompactionIntervalOf(env: NodeJS.ProcessEnv): number {
  return loadConfig(
    {
      [STORAGE_COMPACTION_INTERVAL_SETTING]: int({
        default: DEFAULT_STORAGE_COMPACTION_INTERVAL_MS,
        min: 0,
        max: MAX_STORAGE_COMPACTION_INTERVAL_MS,
      }),
    },
    env,
  )[STORAGE_COMPACTION_INTERVAL_SETTING];
}

interface CompactionPayload {
  collections: string[];
}

const collectionsOf = (job: Pick<JobRow, 'payload'> | null): string[] => {
  const collections = (job?.payload as Partial<CompactionPayload> | undefined)?.collections;
  return Array.isArray(collections) ? collections.filter((name): name is string => typeof name === 'string') : [];
};

// In the caller's transaction: the compaction exists if and only if the change commits, and
// runs after it. `now` is for tests.
export async function requestCompactionIn(
  connection: Connection,
  session: ClientSession,
  collections: readonly string[],
  intervalMs: number,
  now: Date = new Date(),
): Promise<void> {
  const jobs = jobModel(connection);
  const _id = jobId(STORAGE_COMPACTION_JOB, JOB_KEY);
  const existing = await jobs.findOne({ _id }).session(session).lean<JobRow>().exec();
  const waiting =
    existing !== null &&
    existing.status === 'pending' &&
    (existing.lease_until === null || existing.lease_until <= now);
  if (waiting) {
    // It has not started: it will read the store after this change. A worker claiming it in the
    // meantime makes this write conflict, and the transaction runs again and sees the claim.
    await jobs.updateOne(
      { _id, revision: existing.revision },
      { $addToSet: { 'payload.collections': { $each: [...collections] } } },
      { session },
    );
    return;
  }
  // None yet, one running (it may have read the store before this change), or one parked.
  const merged = [...new Set([...collectionsOf(existing), ...collections])];
  await scheduleJob(
    connection,
    {
      name: STORAGE_COMPACTION_JOB,
      key: JOB_KEY,
      runAt: new Date(now.getTime() + intervalMs),
      workspace_id: null,
      payload: { collections: merged },
    },
    session,
  );
}

// Asks for the store's compaction once the caller's change is committed (call it after the
// change, or pass the change's transaction).
export async function requestStorageCompaction(
  context: ServiceContext,
  collections: readonly string[],
  session?: ClientSession,
): Promise<void> {
  const intervalMs = storageCompactionIntervalOf(context.env);
  if (session) {
    await requestCompactionIn(context.connection, session, collections, intervalMs);
    return;
  }
  await commit(context, (unit) => requestCompactionIn(context.connection, unit.transaction, collections, intervalMs));
}

export function storageCompactionHandler(connection: Connection, logger: Logger): JobHandler {
  return async (job) => {
    await compactStorage(connection, collectionsOf(job), logger);
  };
}
