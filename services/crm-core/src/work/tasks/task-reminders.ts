import type { JobHandler } from '@crm/bus';
import { taskReminded } from '@crm/protos';
import { commit, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import { taskModel, type TaskRecord } from './task.model';
import { taskState } from './task-view';

// A task's reminder is one durable job keyed by the task (so there is one per task): written in
// the task's own transaction, moved when remind_at changes, removed when the task is done,
// cancelled, loses its remind_at or is deleted with its target. The job worker's lease runs it
// once across replicas, and it survives restarts (a row of crm-core's database).
export const TASK_REMINDER_JOB = 'tasks.remind';

export async function keepReminder(
  unit: UnitOfWork,
  before: TaskRecord | null,
  after: TaskRecord | null,
  now: string,
): Promise<void> {
  const wanted = after !== null && after.status === 'open' && after.remind_at !== null;
  const task = after ?? before!;
  if (!wanted) {
    if (before !== null && before.status === 'open' && before.remind_at !== null)
      await unit.cancel({ name: TASK_REMINDER_JOB, key: task._id });
    return;
  }
  const reopened = before !== null && before.status !== 'open';
  const moved = before === null || before.remind_at !== after.remind_at;
  // A task reopened after its reminder time is not reminded again.
  if (!moved && !(reopened && after.remind_at! > now)) return;
  await unit.schedule({
    name: TASK_REMINDER_JOB,
    key: task._id,
    runAt: new Date(after.remind_at!),
    workspace_id: task.workspace_id,
    payload: { task_id: task._id, remind_at: after.remind_at },
  });
}

// Sends the reminder (crm.task.reminded, which identity turns into a notification) only for the
// remind_at it was scheduled for, of a task still open, and once: a run repeated after a crash
// finds reminded_for set.
export function taskReminderHandler(context: ServiceContext): JobHandler {
  return async (job) => {
    const workspaceId = job.workspace_id;
    if (!workspaceId) return;
    await commit(context, async (unit) => {
      const task = await taskModel(context.connection)
        .findOne({ _id: String(job.payload.task_id), workspace_id: workspaceId })
        .session(unit.transaction)
        .lean<TaskRecord>()
        .exec();
      if (
        !task ||
        task.status !== 'open' ||
        task.remind_at === null ||
        task.remind_at !== job.payload.remind_at ||
        task.reminded_for === task.remind_at
      )
        return;
      await taskModel(context.connection).updateOne(
        { _id: task._id, workspace_id: workspaceId },
        { $set: { reminded_for: task.remind_at } },
        { session: unit.transaction },
      );
      unit.publish(taskReminded, { workspace_id: workspaceId, actor: null, data: taskState(task) });
    });
  };
}

export function taskJobs(context: ServiceContext): Record<string, JobHandler> {
  return { [TASK_REMINDER_JOB]: taskReminderHandler(context) };
}
