import { serviceJobs } from '@crm/service-host';
import { JobWorker, jobModel, type JobRow } from '@crm/bus';
import { crmCoreService } from '@crm/crm-core';
import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';
import { addMemberTo } from './references-support';
import { companiesApi } from './companies-support';
import { notificationsOf, tasksApi } from './tasks-support';

// remind_at as a durable job of crm-core: run by job workers whose clock is moved (not by
// waiting), once however many run, moved when remind_at changes, gone when the task is done,
// cancelled, loses its remind_at or goes with its purged target; the reminder reaches the
// assignee as a notification.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem();
  base = system.url;
});

afterAll(() => system.destroy());

const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

// A job worker of crm-core whose clock runs `hours` ahead, as a replica would see the future.
function workerAt(hours: number): JobWorker {
  const { context, runtime } = system.services['crm-core'];
  return new JobWorker({
    connection: context.connection,
    logger: context.logger,
    handlers: serviceJobs(crmCoreService, runtime),
    now: () => new Date(Date.now() + hours * HOUR),
  });
}

async function reminderJobOf(taskId: string): Promise<JobRow | null> {
  return jobModel(system.services['crm-core'].context.connection)
    .findOne({ name: 'tasks.remind', key: taskId })
    .lean<JobRow>()
    .exec();
}

const reminders = async (member: { token: string }) =>
  (await notificationsOf(base, member)).filter((item) => item.kind === 'task_reminder');

describe('task reminders', () => {
  it('reminds the assignee once at remind_at, however many workers run', async () => {
    const owner = await signUpWithWorkspace(base, 'Rae');
    const member = await addMemberTo(system, owner, 'Sid');
    const task = await tasksApi(base, owner).create({
      title: 'Renewal call',
      remind_at: inHours(24),
      due_at: '2030-06-01T09:30:00Z',
      assignee_id: member.userId,
    });
    const job = await reminderJobOf(task.id);
    expect(job?.run_at.toISOString()).toBe(task.remind_at);

    // An hour early: nothing.
    expect(await workerAt(23).runDue()).toBe(0);
    expect(await reminderJobOf(task.id)).not.toBeNull();
    // Due: two replicas at once send one reminder.
    const ran = await Promise.all([workerAt(25).runDue(), workerAt(25).runDue()]);
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await reminderJobOf(task.id)).toBeNull();
    const items = await waitFor(async () => {
      const found = await reminders(member);
      return found.length > 0 ? found : undefined;
    }, 'Sid’s reminder');
    expect(items.map((item) => [item.title, item.body])).toEqual([
      ['Reminder: Renewal call', 'Due 2030-06-01 09:30 UTC.'],
    ]);
    // Nothing more however long the workers run; the owner who created it for Sid gets none.
    await workerAt(72).runDue();
    expect(await reminders(member)).toHaveLength(1);
    expect(await reminders(owner)).toHaveLength(0);
  });

  it('moves the reminder when remind_at changes and removes it when the task is done, cancelled or loses remind_at', async () => {
    const owner = await signUpWithWorkspace(base, 'Tom');
    const tasks = tasksApi(base, owner);
    const task = await tasks.create({ title: 'Moved reminder', remind_at: inHours(2) });
    const moved = await tasks.patch(task.id, { remind_at: inHours(48) });
    expect((await reminderJobOf(task.id))?.run_at.toISOString()).toBe(moved.remind_at);
    await workerAt(3).runDue();
    expect(await reminders(owner)).toHaveLength(0);

    await tasks.patch(task.id, { status: 'done' });
    expect(await reminderJobOf(task.id)).toBeNull();
    // Reopened before its time: scheduled again.
    await tasks.patch(task.id, { status: 'open' });
    expect((await reminderJobOf(task.id))?.run_at.toISOString()).toBe(moved.remind_at);
    await tasks.patch(task.id, { status: 'cancelled' });
    expect(await reminderJobOf(task.id)).toBeNull();
    await tasks.patch(task.id, { status: 'open' });
    await tasks.patch(task.id, { remind_at: null });
    expect(await reminderJobOf(task.id)).toBeNull();
    await workerAt(49).runDue();

    // A task without an assignee reminds the person who created it.
    const unassigned = await tasks.create({ title: 'Nobody’s reminder', assignee_id: null, remind_at: inHours(1) });
    await workerAt(2).runDue();
    const items = await waitFor(async () => {
      const found = await reminders(owner);
      return found.length > 0 ? found : undefined;
    }, 'the creator’s reminder');
    expect(items.map((item) => item.title)).toEqual(['Reminder: Nobody’s reminder']);
    expect(unassigned.assignee_id).toBeNull();
  });

  it('removes the reminder with the task when its target is purged from the recycle bin', async () => {
    const owner = await signUpWithWorkspace(base, 'Uri');
    const companies = companiesApi(base, owner);
    const company = await companies.create({ name: 'Short-lived' });
    const tasks = tasksApi(base, owner);
    const task = await tasks.create({
      title: 'Follow up',
      target_type: 'company',
      target_id: company.id,
      remind_at: inHours(40 * 24),
    });
    expect((await companies.call('DELETE', `/companies/${company.id}`)).status).toBe(204);
    expect(await reminderJobOf(task.id)).not.toBeNull();
    // Day 31: the purge runs (the reminder is not due yet), and the task goes with its company.
    await workerAt(31 * 24).runDue();
    await waitFor(async () => (await reminderJobOf(task.id)) === null, 'the reminder removed');
    expect(await tasks.all({ assignee: 'any' })).toEqual([]);
    const patched = await tasks.call('PATCH', `/tasks/${task.id}`, { title: 'x' });
    expect(patched.status).toBe(404);
    const summaries = await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log?source=record', { token: owner.token });
      const items = (log.body.data as Array<{ object_type: string; actor: string | null; summary: string }>).filter(
        (item) => item.object_type === 'task',
      );
      return items.length === 2 ? items.map((item) => item.summary) : undefined;
    }, 'the task’s deletion audited');
    expect(summaries).toEqual(['Deleted task "Follow up"', 'Created task "Follow up"']);
  });
});
