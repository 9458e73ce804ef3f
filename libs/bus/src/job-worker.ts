import { errorReason, newId, runWithContext, type Logger } from '@crm/kit';
import type { Connection } from 'mongoose';
import { jobModel, onJobScheduled, type JobRow } from './jobs';
import { PollBackoff, wakeablePause, type Pause } from './wakeable-pause';

export interface RunningJob {
  id: string;
  name: string;
  key: string | null;
  workspace_id: string | null;
  payload: Record<string, unknown>;
  // 1 on the first run.
  attempt: number;
  // Aborted when the worker stops or the job's lease is lost (cancelled, or taken over after
  // an expiry): a long handler should check it and give up.
  signal: AbortSignal;
}

// Runs at least once; may run again after a crash or a lost lease, so it must be idempotent.
export type JobHandler = (job: RunningJob) => Promise<void>;

export interface JobWorkerOptions {
  connection: Connection;
  logger: Logger;
  // Job name -> handler. The worker claims only jobs it has a handler for.
  handlers: Readonly<Record<string, JobHandler>>;
  // Jobs run at once by this worker.
  concurrency?: number;
  // Jobs of one workspace run at once by this worker; unset, no cap of its own. When a workspace is
  // at its cap its due jobs wait and other workspaces' are claimed, and a workspace with nothing
  // running here is served before one that has jobs running: one tenant's backlog (or its slow
  // jobs) cannot take every slot.
  workspaceConcurrency?: number;
  // The wait after a look that found no job, when nothing nudges the worker, doubled after each
  // such look up to maxPollIntervalMs; a job known to be due sooner ends it then.
  pollIntervalMs?: number;
  maxPollIntervalMs?: number;
  // How long a claim holds; renewed every third of it while the handler runs.
  leaseMs?: number;
  // Backoff after a failure: doubles per attempt up to the maximum.
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  // The worker's clock, for due times, leases and backoff; tests move it instead of sleeping.
  now?: () => Date;
  // How it waits between looks (a timer); tests end the waits themselves.
  pause?: (ms: number) => Pause;
}

// A worker that finds no job looks again after 1 s, then 2, 4 and every 5 s: jobs this process
// schedules wake it when they are due; a job scheduled by another replica may wait that long.
export const DEFAULT_JOB_POLL_MS = 1000;
export const DEFAULT_JOB_MAX_POLL_MS = 5000;

// Claims due jobs with a lease (so of several replicas one runs each job at a time), runs them,
// deletes them when done, retries failures with exponential backoff and parks a job after its
// max_attempts. A job whose worker died is claimed again once its lease expires.
export class JobWorker {
  private readonly connection: Connection;
  private readonly logger: Logger;
  private readonly handlers: Readonly<Record<string, JobHandler>>;
  private readonly names: string[];
  private readonly concurrency: number;
  private readonly workspaceConcurrency: number;
  private readonly pollIntervalMs: number;
  private readonly polls: PollBackoff;
  private readonly leaseMs: number;
  private readonly retryDelayMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly now: () => Date;
  private readonly pause: (ms: number) => Pause;

  private running = false;
  private loop?: Promise<void>;
  private readonly inFlight = new Set<Promise<void>>();
  // Jobs running in the loop, per workspace (jobs of no workspace are not counted).
  private readonly runningByWorkspace = new Map<string, number>();
  private readonly controllers = new Set<AbortController>();
  private nudged = false;
  // When the worker's pause ends (infinite while it looks for jobs): a job scheduled in this
  // process that is due before then wakes it.
  private wakeAt = Number.POSITIVE_INFINITY;
  private wake?: () => void;
  private unregister?: () => void;

  constructor(options: JobWorkerOptions) {
    this.connection = options.connection;
    this.logger = options.logger;
    this.handlers = options.handlers;
    this.names = Object.keys(options.handlers);
    this.concurrency = options.concurrency ?? 4;
    this.workspaceConcurrency = Math.min(options.workspaceConcurrency ?? Number.POSITIVE_INFINITY, this.concurrency);
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_JOB_POLL_MS;
    this.polls = new PollBackoff(this.pollIntervalMs, options.maxPollIntervalMs ?? DEFAULT_JOB_MAX_POLL_MS);
    this.leaseMs = options.leaseMs ?? 30000;
    this.retryDelayMs = options.retryDelayMs ?? 1000;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 60 * 60 * 1000;
    this.now = options.now ?? (() => new Date());
    this.pause = options.pause ?? wakeablePause;
  }

  start(): void {
    if (this.running || this.names.length === 0) return;
    this.running = true;
    this.unregister = onJobScheduled(this.connection, (runAt) => {
      if (runAt.getTime() < this.wakeAt) this.nudge();
    });
    this.loop = this.run();
  }

  // Stops claiming, aborts the signals of running jobs and waits for their handlers; a job
  // interrupted this way is released without counting the attempt.
  async stop(): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.unregister?.();
    this.wake?.();
    for (const controller of this.controllers) controller.abort(new Error('job worker stopping'));
    await this.loop;
    await Promise.allSettled([...this.inFlight]);
  }

  // Look for due jobs now instead of at the next poll.
  nudge(): void {
    this.nudged = true;
    this.polls.reset();
    this.wake?.();
  }

  // Claims and runs due jobs until none is left (or `limit` ran); returns how many ran. The
  // loop uses it, and tests call it directly with a moved clock.
  async runDue(limit = Number.POSITIVE_INFINITY): Promise<number> {
    let ran = 0;
    while (ran < limit) {
      const job = await this.claim();
      if (!job) break;
      await this.execute(job);
      ran++;
    }
    return ran;
  }

  // Takes one due, free job: the filter is re-checked atomically, so two workers never get the
  // same. With a workspace cap, first a job of a workspace with nothing running here, then one of
  // a workspace below its cap.
  private async claim(): Promise<JobRow | null> {
    if (this.names.length === 0) return null;
    const running = [...this.runningByWorkspace.keys()];
    if (!Number.isFinite(this.workspaceConcurrency) || running.length === 0) return this.claimWhere({});
    const idle = await this.claimWhere({ workspace_id: { $nin: running } });
    if (idle) return idle;
    const full = this.fullWorkspaces();
    return this.claimWhere(full.length === 0 ? {} : { workspace_id: { $nin: full } });
  }

  private fullWorkspaces(): string[] {
    return [...this.runningByWorkspace]
      .filter(([, count]) => count >= this.workspaceConcurrency)
      .map(([workspace]) => workspace);
  }

  private async claimWhere(extra: Record<string, unknown>): Promise<JobRow | null> {
    const now = this.now();
    return jobModel(this.connection)
      .findOneAndUpdate(
        {
          status: 'pending',
          name: { $in: this.names },
          run_at: { $lte: now },
          $or: [{ lease_until: null }, { lease_until: { $lte: now } }],
          ...extra,
        },
        { $set: { lease_until: new Date(now.getTime() + this.leaseMs), lease_token: newId() }, $inc: { attempts: 1 } },
        { sort: { run_at: 1, _id: 1 }, new: true },
      )
      .lean<JobRow>()
      .exec();
  }

  private async execute(job: JobRow): Promise<void> {
    // A job that crashed its workers max_attempts times is parked without running again.
    if (job.attempts > job.max_attempts) {
      await this.fail(
        job,
        new Error(job.last_error ?? 'lease expired too often (its worker died while running it)'),
        false,
      );
      return;
    }
    const model = jobModel(this.connection);
    const ours = { _id: job._id, lease_token: job.lease_token };
    const controller = new AbortController();
    this.controllers.add(controller);
    const renewal = setInterval(
      () => {
        model
          .updateOne(ours, { $set: { lease_until: new Date(this.now().getTime() + this.leaseMs) } })
          .then((renewed) => {
            if (renewed.matchedCount === 0) controller.abort(new Error('job lease lost (cancelled or taken over)'));
          })
          .catch((error: unknown) => this.logger.warn({ err: error, job_id: job._id }, 'renewing a job lease failed'));
      },
      Math.max(1, Math.floor(this.leaseMs / 3)),
    );

    let failure: { error: unknown } | undefined;
    try {
      const running: RunningJob = {
        id: job._id,
        name: job.name,
        key: job.key,
        workspace_id: job.workspace_id,
        payload: job.payload,
        attempt: job.attempts,
        signal: controller.signal,
      };
      const context = {
        request_id: job._id,
        workspace_id: job.workspace_id,
        actor: { type: 'system' as const, id: null, label: null },
      };
      await runWithContext(context, () => this.handlers[job.name](running));
    } catch (error) {
      failure = { error };
    } finally {
      clearInterval(renewal);
      this.controllers.delete(controller);
    }
    if (failure) {
      await this.fail(job, failure.error, controller.signal.aborted && !this.running);
      return;
    }
    // Done: gone, unless it was rescheduled while running (then only the lease is released).
    const deleted = await model.deleteOne({ ...ours, revision: job.revision });
    if (deleted.deletedCount === 0) await model.updateOne(ours, { $set: { lease_until: null, lease_token: null } });
  }

  private async fail(job: JobRow, error: unknown, interruptedByStop: boolean): Promise<void> {
    const model = jobModel(this.connection);
    const ours = { _id: job._id, lease_token: job.lease_token, revision: job.revision };
    const now = this.now();
    const release = { lease_until: null, lease_token: null, updated_at: now };
    if (interruptedByStop) {
      await model.updateOne(ours, { $set: release, $inc: { attempts: -1 } });
      return;
    }
    if (job.attempts >= job.max_attempts) {
      await model.updateOne(ours, { $set: { ...release, status: 'parked', last_error: errorReason(error) } });
      this.logger.error(
        { err: error, job_id: job._id, job: job.name, attempts: job.attempts },
        'job failed too often, parked',
      );
    } else {
      const delay = Math.min(this.retryDelayMs * 2 ** (job.attempts - 1), this.maxRetryDelayMs);
      await model.updateOne(ours, {
        $set: { ...release, run_at: new Date(now.getTime() + delay), last_error: errorReason(error) },
      });
      this.logger.warn(
        { err: error, job_id: job._id, job: job.name, attempts: job.attempts, retry_in_ms: delay },
        'job failed, will retry',
      );
    }
    // Rescheduled while running: the new revision stands, only our lease goes.
    await model.updateOne(
      { _id: job._id, lease_token: job.lease_token },
      { $set: { lease_until: null, lease_token: null } },
    );
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.nudged = false;
      try {
        while (this.running && this.inFlight.size < this.concurrency) {
          const job = await this.claim();
          if (!job) break;
          this.polls.reset();
          const workspace = job.workspace_id;
          if (workspace !== null)
            this.runningByWorkspace.set(workspace, (this.runningByWorkspace.get(workspace) ?? 0) + 1);
          const running: Promise<void> = this.execute(job)
            .catch((error: unknown) => this.logger.error({ err: error, job_id: job._id }, 'job bookkeeping failed'))
            .finally(() => {
              this.inFlight.delete(running);
              if (workspace !== null) {
                const left = (this.runningByWorkspace.get(workspace) ?? 1) - 1;
                if (left <= 0) this.runningByWorkspace.delete(workspace);
                else this.runningByWorkspace.set(workspace, left);
              }
              // A free slot: look again now rather than at the next poll.
              if (this.running) this.nudge();
            });
          this.inFlight.add(running);
        }
      } catch (error) {
        this.logger.error({ err: error }, 'claiming jobs failed');
      }
      if (!this.running) break;
      if (this.nudged) continue;
      await this.idle(await this.waitMs());
    }
  }

  // Until the next pending job is due, within the poll back-off.
  private async waitMs(): Promise<number> {
    if (this.inFlight.size >= this.concurrency) return this.pollIntervalMs;
    try {
      const now = this.now();
      const free = { $or: [{ lease_until: null }, { lease_until: { $lte: now } }] };
      // Jobs of a workspace at its cap wait for one of its runs to end, which nudges the loop.
      const full = this.fullWorkspaces();
      const claimable = full.length === 0 ? {} : { workspace_id: { $nin: full } };
      const next = await jobModel(this.connection)
        .findOne({ status: 'pending', name: { $in: this.names }, ...free, ...claimable })
        .sort({ run_at: 1 })
        .select({ run_at: 1 })
        .lean<Pick<JobRow, 'run_at'>>()
        .exec();
      const backoff = this.polls.next();
      if (!next) return backoff;
      // A floor, so a job another worker claims between our two reads cannot spin this loop.
      return Math.max(5, Math.min(backoff, next.run_at.getTime() - now.getTime()));
    } catch {
      return this.pollIntervalMs;
    }
  }

  private async idle(ms: number): Promise<void> {
    // Stopped while it looked for the next due time: that stop found no pause to wake.
    if (this.nudged || !this.running) return;
    const pause = this.pause(ms);
    this.wake = pause.wake;
    this.wakeAt = this.now().getTime() + ms;
    await pause.ended;
    this.wakeAt = Number.POSITIVE_INFINITY;
    this.wake = undefined;
  }
}
