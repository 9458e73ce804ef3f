import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, currentContext, newId } from '@crm/kit';
import type { Connection } from 'mongoose';
import { JobWorker, type JobHandler, type JobWorkerOptions, type RunningJob } from '../job-worker';
import { jobBacklog, jobModel, parkedJobs, retryParkedJob, type NewJob } from '../jobs';
import { transact } from '../unit-of-work';
import { deferred, heldPauses, testLogger, waitFor } from './helpers';

describe('scheduled jobs', () => {
  let dataDir: string;
  let connection: Connection;
  // A clock that moves only when a test moves it.
  let base: number;
  let offsetMs: number;
  const clock = () => new Date(base + offsetMs);
  const workers: JobWorker[] = [];

  const newWorker = (handlers: Record<string, JobHandler>, options: Partial<JobWorkerOptions> = {}) => {
    const worker = new JobWorker({
      connection,
      logger: testLogger,
      handlers,
      pollIntervalMs: 50,
      now: clock,
      ...options,
    });
    workers.push(worker);
    return worker;
  };
  const schedule = (job: Partial<NewJob> = {}) =>
    transact(connection, {}, ({ schedule: add }) =>
      add({ name: 'test.remind', runAt: clock(), workspace_id: newId(), payload: { n: 1 }, ...job }),
    );
  const minutes = (count: number) => count * 60000;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'jobs-test-'));
    connection = await connectDatabase({ service: 'jobs-test', dataDir });
    base = Date.now();
    offsetMs = 0;
  });

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
    await connection.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('a job runs once when it is due, not before, in its workspace, and is then gone', async () => {
    const runs: Array<{ job: RunningJob; workspace: string | null | undefined }> = [];
    const worker = newWorker({
      'test.remind': async (job) => {
        runs.push({ job, workspace: currentContext()?.workspace_id });
      },
    });
    const workspaceId = newId();
    const id = await schedule({
      runAt: new Date(clock().getTime() + minutes(10)),
      workspace_id: workspaceId,
      payload: { task_id: 't-1' },
    });

    expect(await worker.runDue()).toBe(0);
    offsetMs = minutes(11);
    expect(await worker.runDue()).toBe(1);
    expect(await worker.runDue()).toBe(0);

    expect(runs).toHaveLength(1);
    expect(runs[0].job).toMatchObject({
      id,
      name: 'test.remind',
      workspace_id: workspaceId,
      payload: { task_id: 't-1' },
      attempt: 1,
    });
    expect(runs[0].workspace).toBe(workspaceId);
    expect(await jobModel(connection).exists({ _id: id })).toBeNull();
  });

  test('a job scheduled in an aborted transaction does not exist', async () => {
    await expect(
      transact(connection, {}, async ({ schedule: add }) => {
        await add({ name: 'test.remind', key: 'aborted', runAt: clock(), workspace_id: null });
        throw new Error('a rule was broken');
      }),
    ).rejects.toThrow('a rule was broken');
    expect(await jobModel(connection).countDocuments({})).toBe(0);
  });

  test('scheduling again with the same key replaces the job; cancelling removes it', async () => {
    const runs: unknown[] = [];
    const worker = newWorker({ 'test.remind': async (job) => void runs.push(job.payload) });
    await schedule({ key: 'task-1', runAt: new Date(clock().getTime() + minutes(5)), payload: { v: 1 } });
    await schedule({ key: 'task-1', runAt: new Date(clock().getTime() + minutes(60)), payload: { v: 2 } });
    await schedule({ key: 'task-2', runAt: new Date(clock().getTime() + minutes(5)) });
    await transact(connection, {}, ({ cancel }) => cancel({ name: 'test.remind', key: 'task-2' }));

    offsetMs = minutes(10);
    expect(await worker.runDue()).toBe(0);
    offsetMs = minutes(61);
    expect(await worker.runDue()).toBe(1);
    expect(runs).toEqual([{ v: 2 }]);
  });

  test('a failing job is retried with growing delays, then parked, visible and retriable', async () => {
    let calls = 0;
    const worker = newWorker(
      {
        'test.remind': async () => {
          calls++;
          throw new Error(`provider down (${calls})`);
        },
      },
      { retryDelayMs: 1000, maxRetryDelayMs: 3000 },
    );
    const id = await schedule({ maxAttempts: 4 });
    const runAtAfterFailure = async () => {
      const row = await jobModel(connection).findById(id).lean();
      return (row?.run_at.getTime() ?? 0) - clock().getTime();
    };

    expect(await worker.runDue()).toBe(1);
    // Not claimable again until its backoff has passed.
    expect(await worker.runDue()).toBe(0);
    const delays = [await runAtAfterFailure()];
    for (let run = 2; run <= 4; run++) {
      offsetMs += delays[delays.length - 1];
      expect(await worker.runDue()).toBe(1);
      if (run < 4) delays.push(await runAtAfterFailure());
    }

    expect(delays).toEqual([1000, 2000, 3000]);
    expect(calls).toBe(4);
    offsetMs += minutes(60);
    expect(await worker.runDue()).toBe(0);
    expect(await jobBacklog(connection, clock())).toEqual({ due: 0, pending: 0, parked: 1 });
    expect(await parkedJobs(connection)).toEqual([
      expect.objectContaining({ _id: id, status: 'parked', attempts: 4, last_error: 'provider down (4)' }),
    ]);

    expect(await retryParkedJob(connection, id, clock())).toBe(true);
    expect(await jobBacklog(connection, clock())).toEqual({ due: 1, pending: 1, parked: 0 });
    expect(await worker.runDue()).toBe(1);
    expect(calls).toBe(5);
  });

  test('two workers claiming at the same time run every job exactly once', async () => {
    const runs: string[] = [];
    const handlers = { 'test.remind': async (job: RunningJob) => void runs.push(job.id) };
    const first = newWorker(handlers);
    const second = newWorker(handlers);
    const ids: string[] = [];
    for (let index = 0; index < 30; index++) ids.push(await schedule());

    await Promise.all([first.runDue(), second.runDue(), first.runDue(), second.runDue()]);

    expect(runs.sort()).toEqual(ids.sort());
    expect(await jobModel(connection).countDocuments({})).toBe(0);
  });

  test('a running job is not taken by another worker while its lease is renewed; an expired lease is taken over', async () => {
    const gate = deferred();
    let started = false;
    const slow = newWorker(
      {
        'test.remind': async () => {
          started = true;
          await gate.promise;
        },
      },
      // Renewal needs time that passes; a lease long enough that a busy machine cannot let it lapse.
      { leaseMs: 1500, now: () => new Date() },
    );
    const runsElsewhere: string[] = [];
    const runElsewhere = { 'test.remind': async (job: RunningJob) => void runsElsewhere.push(job.id) };
    const other = newWorker(runElsewhere, { now: () => new Date() });
    const id = await schedule();
    const renewedBefore = async () => (await jobModel(connection).findById(id).lean())?.lease_until?.getTime() ?? 0;

    const running = slow.runDue(1);
    await waitFor(() => started, 'the slow job to start');
    const firstLease = await renewedBefore();
    await waitFor(async () => (await renewedBefore()) > firstLease, 'the lease to be renewed');
    expect(await other.runDue()).toBe(0);
    gate.resolve();
    await running;
    expect(runsElsewhere).toEqual([]);

    // A worker that died mid-run leaves its lease behind; once it expires another worker runs the job.
    const orphan = await schedule();
    await jobModel(connection).updateOne(
      { _id: orphan },
      {
        $set: { lease_until: new Date(clock().getTime() + minutes(1)), lease_token: 'dead-worker' },
        $inc: { attempts: 1 },
      },
    );
    const later = newWorker(runElsewhere);
    expect(await later.runDue()).toBe(0);
    offsetMs = minutes(2);
    expect(await later.runDue()).toBe(1);
    expect(runsElsewhere).toEqual([orphan]);
  });

  test('a job whose workers keep dying is parked instead of run again', async () => {
    const runs: string[] = [];
    const worker = newWorker({ 'test.remind': async (job) => void runs.push(job.id) });
    const id = await schedule({ maxAttempts: 2 });
    await jobModel(connection).updateOne(
      { _id: id },
      { $set: { lease_until: new Date(clock().getTime() - 1), lease_token: 'dead-worker', attempts: 2 } },
    );

    expect(await worker.runDue()).toBe(1);

    expect(runs).toEqual([]);
    expect(await jobModel(connection).findById(id).lean()).toMatchObject({ status: 'parked', lease_token: null });
  });

  test('cancelling a running job aborts its signal and it is not retried', async () => {
    const gate = deferred();
    let signal: AbortSignal | undefined;
    const worker = newWorker(
      {
        'test.remind': async (job) => {
          signal = job.signal;
          await gate.promise;
          if (job.signal.aborted) throw new Error('gave up: cancelled');
        },
      },
      { leaseMs: 30, now: () => new Date() },
    );
    await schedule({ key: 'cancel-me' });
    const running = worker.runDue(1);
    await waitFor(() => signal !== undefined, 'the job to start');

    await transact(connection, {}, ({ cancel }) => cancel({ name: 'test.remind', key: 'cancel-me' }));
    await waitFor(() => signal?.aborted === true, 'the lease renewal to notice the cancellation');
    gate.resolve();
    await running;

    expect(await jobModel(connection).countDocuments({})).toBe(0);
  });

  test('the worker loop is nudged by a commit that schedules a due job, and stops cleanly mid-job', async () => {
    const ran: string[] = [];
    const gate = deferred();
    let blockedStarted = false;
    const worker = newWorker(
      {
        'test.remind': async (job) => void ran.push(job.id),
        'test.block': async (job) => {
          blockedStarted = true;
          await Promise.race([
            gate.promise,
            new Promise((_resolve, reject) =>
              job.signal.addEventListener('abort', () => reject(job.signal.reason as Error)),
            ),
          ]);
        },
      },
      // A poll far longer than any test: only the nudge can explain a prompt run.
      { pollIntervalMs: 60 * 60 * 1000 },
    );
    worker.start();

    const id = await schedule();
    await waitFor(() => ran.includes(id), 'the nudged worker to run the job');

    const blocked = await schedule({ name: 'test.block' });
    await waitFor(() => blockedStarted, 'the blocking job to start');
    await worker.stop();

    // Interrupted by the shutdown: released for the next worker, the attempt not counted.
    expect(await jobModel(connection).findById(blocked).lean()).toMatchObject({
      status: 'pending',
      attempts: 0,
      lease_token: null,
    });
  });

  test("one workspace's slow jobs take at most its share of the slots; an idle workspace is served first", async () => {
    const started: string[] = [];
    const gate = deferred();
    const busy = newId();
    const other = newId();
    const worker = newWorker(
      {
        'test.remind': async (job) => {
          started.push(`${job.workspace_id === busy ? 'busy' : 'other'}:${String(job.payload.n)}`);
          if (job.workspace_id === busy)
            await Promise.race([
              gate.promise,
              new Promise((_resolve, reject) =>
                job.signal.addEventListener('abort', () => reject(job.signal.reason as Error)),
              ),
            ]);
        },
      },
      { concurrency: 3, workspaceConcurrency: 2, pollIntervalMs: 60 * 60 * 1000 },
    );
    // Five slow jobs of one workspace, all due before the other workspace's one.
    for (let n = 1; n <= 5; n += 1)
      await schedule({ workspace_id: busy, runAt: new Date(clock().getTime() - minutes(10 - n)), payload: { n } });
    await schedule({ workspace_id: other, runAt: clock(), payload: { n: 1 } });
    worker.start();

    // The other workspace's job runs while the busy one's first two are still running, second in
    // line although it was due last; the busy workspace never holds a third slot.
    await waitFor(() => started.includes('other:1'), "the other workspace's job to run");
    await waitFor(() => started.length >= 3, 'the busy workspace to take its second slot');
    expect(started).toEqual(['busy:1', 'other:1', 'busy:2']);
    expect(await jobModel(connection).countDocuments({ workspace_id: busy, lease_token: { $ne: null } })).toBe(2);

    gate.resolve();
    await waitFor(() => started.length === 6, 'every job to run once the slow ones end');
    expect(started.slice(3).sort()).toEqual(['busy:3', 'busy:4', 'busy:5']);
  });

  test('jobs survive a restart of the database', async () => {
    const id = await schedule({ runAt: new Date(clock().getTime() + minutes(30)) });
    await connection.close();
    connection = await connectDatabase({ service: 'jobs-test', dataDir });

    const runs: string[] = [];
    offsetMs = minutes(31);
    expect(await newWorker({ 'test.remind': async (job) => void runs.push(job.id) }).runDue()).toBe(1);
    expect(runs).toEqual([id]);
  });

  test('a quiet worker looks less and less often; a job this process schedules wakes it if due before its wait ends', async () => {
    const pauses = heldPauses();
    const ran: string[] = [];
    const worker = newWorker(
      {
        'test.remind': async (job) => {
          ran.push(job.id);
        },
      },
      { pollIntervalMs: 100, maxPollIntervalMs: 800, pause: pauses.pause },
    );
    worker.start();
    await pauses.letLook(5);
    expect(pauses.asked).toEqual([100, 200, 400, 800, 800]);

    // Due in 500 ms, within the 800 ms wait: it wakes the worker, which waits afresh from the
    // shortest interval, and runs the job once it is due.
    const id = await schedule({ runAt: new Date(clock().getTime() + 500) });
    await pauses.looked(6);
    expect(pauses.asked[5]).toBe(100);
    offsetMs += 500;
    pauses.elapse();
    await waitFor(() => ran.length === 1, 'the job');
    expect(ran).toEqual([id]);
  });

  it('stops without waiting out its poll interval, wherever in its round the stop comes', async () => {
    // The stop comes from the worker's own clock, on its first or second reading of a round: while
    // it claims, and while it looks for the next due time. A stop that then waited for the hour-long
    // poll would time the test out.
    for (const stopAt of [1, 2]) {
      let readings = 0;
      let stopped: Promise<void> | undefined;
      const worker: JobWorker = newWorker(
        { 'test.remind': async () => undefined },
        {
          pollIntervalMs: 60 * 60 * 1000,
          now: () => {
            readings += 1;
            if (readings === stopAt) stopped = worker.stop();
            return clock();
          },
        },
      );
      worker.start();
      await waitFor(() => stopped !== undefined, `a stop at reading ${stopAt}`);
      await stopped;
    }
  });
});
