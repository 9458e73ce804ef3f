import type { UnitOfWork } from '@crm/service-host';
import type { TaskRecord } from '../task.model';
import { keepReminder, TASK_REMINDER_JOB } from '../task-reminders';

// When a task's change schedules, moves or removes its reminder job: rules only, no I/O.
describe('keepReminder', () => {
  const now = '2030-01-01T00:00:00.000Z';
  const task = (fields: Partial<TaskRecord> = {}): TaskRecord => ({
    _id: 'task-1',
    version: 1,
    workspace_id: 'workspace-1',
    title: 'Call back',
    notes: null,
    due_at: null,
    due_key: '9999-12-31T23:59:59.999Z',
    remind_at: '2030-01-02T00:00:00.000Z',
    reminded_for: null,
    status: 'open',
    target_type: null,
    target_id: null,
    assignee_id: null,
    created_by: null,
    completed_at: null,
    created_at: now,
    updated_at: now,
    ...fields,
  });

  async function effectOf(before: TaskRecord | null, after: TaskRecord | null): Promise<string[]> {
    const seen: string[] = [];
    const unit = {
      schedule: async (job: { name: string; key?: string; runAt: Date }) => {
        seen.push(`schedule ${job.name} ${job.key} ${job.runAt.toISOString()}`);
        return job.key ?? '';
      },
      cancel: async (job: { name: string; key: string }) => {
        seen.push(`cancel ${job.name} ${job.key}`);
        return true;
      },
    } as unknown as UnitOfWork;
    await keepReminder(unit, before, after, now);
    return seen;
  }

  it('schedules a new task’s reminder and moves it with remind_at', async () => {
    expect(await effectOf(null, task())).toEqual([`schedule ${TASK_REMINDER_JOB} task-1 2030-01-02T00:00:00.000Z`]);
    expect(await effectOf(null, task({ remind_at: null }))).toEqual([]);
    expect(await effectOf(task(), task({ remind_at: '2030-01-03T00:00:00.000Z' }))).toEqual([
      `schedule ${TASK_REMINDER_JOB} task-1 2030-01-03T00:00:00.000Z`,
    ]);
    expect(await effectOf(task(), task({ title: 'Renamed' }))).toEqual([]);
  });

  it('removes it when the task is done, cancelled, loses remind_at or is deleted', async () => {
    for (const after of [task({ status: 'done' }), task({ status: 'cancelled' }), task({ remind_at: null }), null]) {
      expect(await effectOf(task(), after)).toEqual([`cancel ${TASK_REMINDER_JOB} task-1`]);
    }
    // A closed task has no reminder to remove.
    expect(await effectOf(task({ status: 'done' }), null)).toEqual([]);
  });

  it('schedules it again for a task reopened before its reminder time, not after', async () => {
    expect(await effectOf(task({ status: 'done' }), task())).toEqual([
      `schedule ${TASK_REMINDER_JOB} task-1 2030-01-02T00:00:00.000Z`,
    ]);
    expect(
      await effectOf(
        task({ status: 'done', remind_at: '2029-12-31T00:00:00.000Z' }),
        task({ remind_at: '2029-12-31T00:00:00.000Z' }),
      ),
    ).toEqual([]);
  });
});
