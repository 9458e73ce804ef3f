import { newId } from '@crm/kit';
import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';

export type JobStatus = 'pending' | 'parked';

// Durable work scheduled for a time, stored in the owning service's database and written in the
// same transaction as the change that schedules it. A system collection, not tenant-scoped: the
// job carries the workspace it works for, and the worker runs it in that workspace's context.
export interface JobRow {
  // `<name>:<key>` when scheduled with a key (one live job per name and key), else a UUID.
  _id: string;
  // The handler that runs it, e.g. `tasks.send_reminder`.
  name: string;
  key: string | null;
  workspace_id: string | null;
  payload: Record<string, unknown>;
  // pending: waits for run_at (first run or retry); parked: failed max_attempts times, kept
  // for an operator to inspect and retry.
  status: JobStatus;
  run_at: Date;
  // Runs started so far (a run whose worker died counts: its lease expired).
  attempts: number;
  max_attempts: number;
  // Lease of the worker running it; null when free.
  lease_until: Date | null;
  lease_token: string | null;
  // Bumped by every reschedule, so a run that started before it does not delete the new one.
  revision: number;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
}

export const JOBS_COLLECTION = 'jobs';
const JOB_MODEL = 'BusJob';
export const DEFAULT_JOB_MAX_ATTEMPTS = 10;

const jobSchema = new Schema<JobRow>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    key: { type: String, default: null },
    workspace_id: { type: String, default: null },
    payload: { type: Schema.Types.Mixed, required: true },
    status: { type: String, enum: ['pending', 'parked'], required: true },
    run_at: { type: Date, required: true },
    attempts: { type: Number, required: true },
    max_attempts: { type: Number, required: true },
    lease_until: { type: Date, default: null },
    lease_token: { type: String, default: null },
    revision: { type: Number, required: true },
    last_error: { type: String, default: null },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  // minimize: false keeps an empty payload `{}`.
  { collection: JOBS_COLLECTION, versionKey: false, minimize: false },
);
// "What is due": pending jobs by time; the worker's claim and the backlog counts use it.
jobSchema.index({ status: 1, run_at: 1 });
jobSchema.index({ status: 1, name: 1, run_at: 1 });

export function jobModel(connection: Connection): Model<JobRow> {
  const existing = connection.models[JOB_MODEL] as Model<JobRow> | undefined;
  return existing ?? connection.model<JobRow>(JOB_MODEL, jobSchema);
}

export interface NewJob {
  name: string;
  // Scheduling again with the same name and key replaces the job (new time and payload, attempts
  // reset), and cancelling by name and key removes it: e.g. a task reminder keyed by task id.
  key?: string;
  runAt: Date;
  workspace_id: string | null;
  payload?: Record<string, unknown>;
  maxAttempts?: number;
}

const JOB_NAME = /^[a-z][a-z0-9_-]*(\.[a-z][a-z0-9_-]*)*$/;

export const jobId = (name: string, key: string) => `${name}:${key}`;

function assertInTransaction(session: ClientSession, what: string): void {
  if (!session.inTransaction()) throw new Error(`${what} needs a session inside a transaction`);
}

// Writes the job inside the caller's transaction: it exists if and only if the change commits.
// Returns the job's id.
export async function scheduleJob(connection: Connection, job: NewJob, session: ClientSession): Promise<string> {
  assertInTransaction(session, 'scheduleJob');
  if (!JOB_NAME.test(job.name)) throw new Error(`job name "${job.name}" must be lower case words separated by dots`);
  if (Number.isNaN(job.runAt.getTime())) throw new Error('job runAt is not a valid date');
  const model = jobModel(connection);
  const now = new Date();
  const fields = {
    name: job.name,
    key: job.key ?? null,
    workspace_id: job.workspace_id,
    payload: job.payload ?? {},
    status: 'pending' as const,
    run_at: job.runAt,
    attempts: 0,
    max_attempts: job.maxAttempts ?? DEFAULT_JOB_MAX_ATTEMPTS,
    last_error: null,
    updated_at: now,
  };
  if (job.key === undefined) {
    const _id = newId();
    await model.create([{ _id, ...fields, lease_until: null, lease_token: null, revision: 0, created_at: now }], {
      session,
    });
    return _id;
  }
  // A lease held by a run in progress is kept: the new revision runs after it, never beside it.
  const _id = jobId(job.name, job.key);
  await model.updateOne(
    { _id },
    { $set: fields, $inc: { revision: 1 }, $setOnInsert: { lease_until: null, lease_token: null, created_at: now } },
    { upsert: true, session },
  );
  return _id;
}

// Removes a job (pending, running or parked) inside the caller's transaction; a run in progress
// finishes but is not retried. Returns whether there was one.
export async function cancelJob(
  connection: Connection,
  job: { name: string; key: string } | { id: string },
  session: ClientSession,
): Promise<boolean> {
  assertInTransaction(session, 'cancelJob');
  const _id = 'id' in job ? job.id : jobId(job.name, job.key);
  const deleted = await jobModel(connection).deleteOne({ _id }, { session });
  return deleted.deletedCount > 0;
}

export interface JobBacklog {
  // Pending and due now (or overdue): a growing figure means workers do not keep up.
  due: number;
  // Pending, all times.
  pending: number;
  // Failed max_attempts times; needs a person.
  parked: number;
}

// For a metrics gauge and readiness reports.
export async function jobBacklog(connection: Connection, now: Date = new Date()): Promise<JobBacklog> {
  const model = jobModel(connection);
  const [due, pending, parked] = await Promise.all([
    model.countDocuments({ status: 'pending', run_at: { $lte: now } }),
    model.countDocuments({ status: 'pending' }),
    model.countDocuments({ status: 'parked' }),
  ]);
  return { due, pending, parked };
}

export async function parkedJobs(connection: Connection, limit = 100): Promise<JobRow[]> {
  return jobModel(connection)
    .find({ status: 'parked' })
    .sort({ updated_at: -1, _id: 1 })
    .limit(limit)
    .lean<JobRow[]>()
    .exec();
}

// Puts a parked job back in line with fresh attempts (after the cause was fixed).
export async function retryParkedJob(connection: Connection, id: string, now: Date = new Date()): Promise<boolean> {
  const updated = await jobModel(connection).updateOne(
    { _id: id, status: 'parked' },
    { $set: { status: 'pending', attempts: 0, run_at: now, lease_until: null, lease_token: null, updated_at: now } },
  );
  return updated.modifiedCount > 0;
}

type Nudge = (runAt: Date) => void;
const workersByConnection = new WeakMap<Connection, Set<Nudge>>();

// Workers of this process register here so a commit that scheduled a job wakes them when it is
// due before their next poll; workers of other replicas find it at their poll.
export function onJobScheduled(connection: Connection, nudge: Nudge): () => void {
  let nudges = workersByConnection.get(connection);
  if (!nudges) {
    nudges = new Set();
    workersByConnection.set(connection, nudges);
  }
  nudges.add(nudge);
  return () => nudges.delete(nudge);
}

export function notifyJobScheduled(connection: Connection, runAt: Date): void {
  for (const nudge of workersByConnection.get(connection) ?? []) nudge(runAt);
}
