import type { ClientSession, Connection } from 'mongoose';
import type { EventEnvelope } from './event-envelope';
import { cancelJob, notifyJobScheduled, scheduleJob, type NewJob } from './jobs';
import { recordEvents } from './outbox';

export type EmitEvents = (...events: EventEnvelope[]) => void;

// What one change may do besides its own writes: announce events and schedule or cancel jobs,
// all committed (or not) with the change.
export interface UnitOfWork {
  session: ClientSession;
  // Queued; written to the outbox at the end of the transaction.
  emit: EmitEvents;
  schedule(job: NewJob): Promise<string>;
  cancel(job: { name: string; key: string } | { id: string }): Promise<boolean>;
}

export interface TransactOptions {
  // The outbox relay, kicked after the commit so the events leave promptly.
  relay?: { kick(): void };
}

// The usual shape of a write in a service:
//   await transact(connection, { relay }, async ({ session, emit, schedule }) => {
//     await Task.create([task], { session });
//     emit(makeEvent({ type: 'crm.task.created', ... }));
//     await schedule({ name: 'tasks.remind', key: task._id, runAt: task.remind_at, workspace_id, payload: { task_id: task._id } });
//   });
export async function transact<T>(connection: Connection, options: TransactOptions, work: (unit: UnitOfWork) => Promise<T>): Promise<T> {
  let scheduled: Date[] = [];
  const result = await connection.transaction(async (session) => {
    // Collected per attempt: the driver may run the callback again after a transient error.
    const events: EventEnvelope[] = [];
    scheduled = [];
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
    return value;
  });
  options.relay?.kick();
  if (scheduled.length > 0) notifyJobScheduled(connection, new Date(Math.min(...scheduled.map((runAt) => runAt.getTime()))));
  return result;
}

// The change and its events in one transaction, then a kick so the relay publishes right away
// instead of at its next poll.
export function transactWithEvents<T>(
  connection: Connection,
  relay: { kick(): void } | undefined,
  work: (session: ClientSession, emit: EmitEvents) => Promise<T>,
): Promise<T> {
  return transact(connection, { relay }, (unit) => work(unit.session, unit.emit));
}
