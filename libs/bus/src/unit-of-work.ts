import type { ClientSession, Connection, Model } from 'mongoose';
import type { EventEnvelope } from './event-envelope';
import { cancelJob, notifyJobScheduled, scheduleJob, type NewJob } from './jobs';
import { recordEvents } from './outbox';
import { afterCommit, requestSessionOf } from './request-transaction';

export type EmitEvents = (...events: EventEnvelope[]) => void;

// What one change may do besides its own writes: announce events and schedule or cancel jobs,
// all committed (or not) with the change.
export interface UnitOfWork {
  session: ClientSession;
  // Queued; written to the outbox at the end of the transaction.
  emit: EmitEvents;
  // Functions, not methods: callers take them out of the unit (`({ schedule }) => ...`).
  schedule: (job: NewJob) => Promise<string>;
  cancel: (job: { name: string; key: string } | { id: string }) => Promise<boolean>;
}

// The outbox relay as a writer sees it: told after a commit which workspaces wrote events.
export interface RelayKick {
  kick(workspaces?: Iterable<string | null>): void;
}

export interface TransactOptions {
  // The outbox relay, kicked after the commit so the events leave promptly.
  relay?: RelayKick;
}

// The usual shape of a write in a service:
//   await transact(connection, { relay }, async ({ session, emit, schedule }) => {
//     await Task.create([task], { session });
//     emit(makeEvent({ type: 'crm.task.created', ... }));
//     await schedule({ name: 'tasks.remind', key: task._id, runAt: task.remind_at, workspace_id, payload: { task_id: task._id } });
//   });
// Inside a request transaction (inRequestTransaction) the work joins it: its events and jobs are
// written there, and the relay and the job worker are told after that transaction commits.
export async function transact<T>(
  connection: Connection,
  options: TransactOptions,
  work: (unit: UnitOfWork) => Promise<T>,
): Promise<T> {
  const requestSession = requestSessionOf(connection);
  let scheduled: Date[] = [];
  let workspaces = new Set<string | null>();
  const tell = () => {
    options.relay?.kick(workspaces);
    if (scheduled.length > 0)
      notifyJobScheduled(connection, new Date(Math.min(...scheduled.map((runAt) => runAt.getTime()))));
  };
  if (requestSession) {
    const done = await runUnit(connection, requestSession, work);
    scheduled = done.scheduled;
    workspaces = done.workspaces;
    afterCommit(connection, tell);
    return done.value;
  }
  // Collected per attempt: the driver may run the callback again after a transient error.
  const result = await connection.transaction(async (session) => {
    const done = await runUnit(connection, session, work);
    scheduled = done.scheduled;
    workspaces = done.workspaces;
    return done.value;
  });
  tell();
  return result;
}

// The work with its events written to the outbox at the end, in the session's transaction.
async function runUnit<T>(
  connection: Connection,
  session: ClientSession,
  work: (unit: UnitOfWork) => Promise<T>,
): Promise<{ value: T; scheduled: Date[]; workspaces: Set<string | null> }> {
  const events: EventEnvelope[] = [];
  const scheduled: Date[] = [];
  const value = await work({
    session,
    emit: (...emitted) => events.push(...emitted),
    schedule: async (job) => {
      const id = await scheduleJob(connection, job, session);
      scheduled.push(job.runAt);
      return id;
    },
    cancel: (job) => cancelJob(connection, job, session),
  });
  await recordEvents(connection, events, session);
  return { value, scheduled, workspaces: new Set(events.map((event) => event.workspace_id)) };
}

// The change and its events in one transaction, then a kick so the relay publishes right away
// instead of at its next poll.
export function transactWithEvents<T>(
  connection: Connection,
  relay: RelayKick | undefined,
  work: (session: ClientSession, emit: EmitEvents) => Promise<T>,
): Promise<T> {
  return transact(connection, { relay }, (unit) => work(unit.session, unit.emit));
}

// Bumps a record's version in the change's transaction and returns the record as it now is: the
// state and version the change's event carries (docs/events.md). Records stored before versions
// existed count as 1.
export async function bumpVersion<Record extends { version?: number }>(
  model: Model<Record>,
  filter: Parameters<Model<Record>['findOneAndUpdate']>[0],
  session: ClientSession,
): Promise<Record & { version: number }> {
  const updated = await model
    .findOneAndUpdate(filter, { $inc: { version: 1 } }, { new: true, session })
    .lean<Record>()
    .exec();
  if (!updated) throw new Error(`${model.modelName}: the record to version is gone`);
  return { ...updated, version: updated.version ?? 1 };
}
