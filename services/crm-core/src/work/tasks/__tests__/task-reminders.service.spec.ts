import { randomUUID } from 'node:crypto';
import { jobModel, type JobRow } from '@crm/bus';
import type { InternalClaims } from '@crm/kit';
import { PERMISSIONS } from '@crm/protos';
import { tenantClaims, waitFor } from '@crm/testing';
import { startCrmCoreWithFakeIdentity, type CrmCoreWithFakeIdentity } from '../../../__tests__/fake-identity';
import { TASK_REMINDER_JOB } from '../task-reminders';

// remind_at as a durable job of crm-core: run by job workers whose clock is moved (not by
// waiting), once however many run, moved when remind_at changes, gone when the task is done,
// cancelled, loses its remind_at or goes with its purged target. The reminder is crm-core's
// crm.task.reminded, which identity turns into the assignee's notification
// (services/identity/src/notifications). (A reminder reaching the assignee through the gateway:
// tests/crm-core/tasks-reminders.test.ts.)
let started: CrmCoreWithFakeIdentity;
let crm: CrmCoreWithFakeIdentity['crm'];

beforeAll(async () => {
  started = await startCrmCoreWithFakeIdentity();
  crm = started.crm;
});
afterAll(() => started.stop());

const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
// A job worker of crm-core whose clock runs `hours` ahead, as a replica would see the future.
const workerAt = (hours: number) => crm.jobsAt(hours / 24);

const ownerOfNewWorkspace = () =>
  tenantClaims({ workspace_id: randomUUID(), plan: 'standard', permissions: [...PERMISSIONS] });

interface TaskView {
  id: string;
  title: string;
  remind_at: string | null;
  assignee_id: string | null;
}

async function createTask(owner: InternalClaims, fields: Record<string, unknown>): Promise<TaskView> {
  const answer = await crm.call<TaskView>(owner, 'POST', '/tasks', { body: { title: 'Call back', ...fields } });
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 201 });
  return answer.body;
}

async function patchTask(owner: InternalClaims, id: string, fields: Record<string, unknown>): Promise<TaskView> {
  const answer = await crm.call<TaskView>(owner, 'PATCH', `/tasks/${id}`, { body: fields });
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 });
  return answer.body;
}

const reminderJobOf = (taskId: string) =>
  jobModel(crm.service.context.connection).findOne({ name: TASK_REMINDER_JOB, key: taskId }).lean<JobRow>().exec();

// The reminders crm-core published for a task.
const remindersOf = (taskId: string) => crm.events({ 'event.type': 'crm.task.reminded', 'event.data.task_id': taskId });

describe('task reminders', () => {
  it('reminds the assignee once at remind_at, however many workers run', async () => {
    const owner = ownerOfNewWorkspace();
    const assignee = randomUUID();
    const task = await createTask(owner, {
      title: 'Renewal call',
      remind_at: inHours(24),
      due_at: '2030-06-01T09:30:00Z',
      assignee_id: assignee,
    });
    expect((await reminderJobOf(task.id))?.run_at.toISOString()).toBe(task.remind_at);

    // An hour early: nothing.
    expect(await workerAt(23).runDue()).toBe(0);
    expect(await reminderJobOf(task.id)).not.toBeNull();
    // Due: two replicas at once send one reminder.
    const ran = await Promise.all([workerAt(25).runDue(), workerAt(25).runDue()]);
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await reminderJobOf(task.id)).toBeNull();
    const [reminder, ...more] = await remindersOf(task.id);
    expect(more).toEqual([]);
    // What identity's notification is made of: the title, the due time and whom to tell.
    expect(reminder).toMatchObject({
      workspace_id: owner.workspace_id,
      data: {
        task_id: task.id,
        title: 'Renewal call',
        due_at: '2030-06-01T09:30:00.000Z',
        assignee_id: assignee,
        created_by: owner.user_id,
      },
    });
    // Nothing more however long the workers run.
    await workerAt(72).runDue();
    expect(await remindersOf(task.id)).toHaveLength(1);
  });

  it('moves the reminder when remind_at changes and removes it when the task is done, cancelled or loses remind_at', async () => {
    const owner = ownerOfNewWorkspace();
    const task = await createTask(owner, { title: 'Moved reminder', remind_at: inHours(2) });
    const moved = await patchTask(owner, task.id, { remind_at: inHours(48) });
    expect((await reminderJobOf(task.id))?.run_at.toISOString()).toBe(moved.remind_at);
    await workerAt(3).runDue();
    expect(await remindersOf(task.id)).toEqual([]);

    await patchTask(owner, task.id, { status: 'done' });
    expect(await reminderJobOf(task.id)).toBeNull();
    // Reopened before its time: scheduled again.
    await patchTask(owner, task.id, { status: 'open' });
    expect((await reminderJobOf(task.id))?.run_at.toISOString()).toBe(moved.remind_at);
    await patchTask(owner, task.id, { status: 'cancelled' });
    expect(await reminderJobOf(task.id)).toBeNull();
    await patchTask(owner, task.id, { status: 'open' });
    await patchTask(owner, task.id, { remind_at: null });
    expect(await reminderJobOf(task.id)).toBeNull();
    await workerAt(49).runDue();
    expect(await remindersOf(task.id)).toEqual([]);

    // A task without an assignee: the reminder names its creator, whom identity tells instead.
    const unassigned = await createTask(owner, {
      title: 'Nobody’s reminder',
      assignee_id: null,
      remind_at: inHours(1),
    });
    await workerAt(2).runDue();
    expect((await remindersOf(unassigned.id)).map((event) => event.data)).toEqual([
      expect.objectContaining({ title: 'Nobody’s reminder', assignee_id: null, created_by: owner.user_id }),
    ]);
  });

  it('removes the reminder with the task when its target is purged from the recycle bin', async () => {
    const owner = ownerOfNewWorkspace();
    const company = await crm.call(owner, 'POST', '/companies', { body: { name: 'Short-lived' } });
    expect(company.status).toBe(201);
    const task = await createTask(owner, {
      title: 'Follow up',
      target_type: 'company',
      target_id: company.body.id,
      remind_at: inHours(40 * 24),
    });
    expect((await crm.call(owner, 'DELETE', `/companies/${company.body.id}`)).status).toBe(204);
    expect(await reminderJobOf(task.id)).not.toBeNull();
    // Day 31: the purge runs (the reminder is not due yet), and the task goes with its company.
    await workerAt(31 * 24).runDue();
    await waitFor(async () => (await reminderJobOf(task.id)) === null, 'the reminder removed');
    expect((await crm.call(owner, 'GET', '/tasks?assignee=any')).body.data).toEqual([]);
    expect((await crm.call(owner, 'PATCH', `/tasks/${task.id}`, { body: { title: 'x' } })).status).toBe(404);
    // The deletion is announced with the task's title, for the audit log to name it.
    const deleted = await waitFor(async () => {
      const found = await crm.events({ 'event.type': 'crm.task.deleted', 'event.data.task_id': task.id });
      return found.length > 0 ? found : undefined;
    }, 'the task’s deletion published');
    expect(deleted.map((event) => event.data)).toEqual([expect.objectContaining({ title: 'Follow up' })]);
    // Past its remind_at, nothing is sent for it.
    await workerAt(41 * 24).runDue();
    expect(await remindersOf(task.id)).toEqual([]);
  });
});
