import { sharedTestSystem, signUpWithWorkspace, waitFor } from '../support/system';
import { addMemberTo } from './references-support';
import { notificationsOf, tasksApi } from './tasks-support';

// A task's reminder reaches its assignee as a notification at remind_at, run by the system's own
// job worker. (The reminder job itself, run by workers whose clock is moved: once however many
// run, moved, removed, gone with a purged target: crm-core's service spec, task reminders.)
const system = sharedTestSystem();
const base = system.url;

const reminders = async (member: { token: string }) =>
  (await notificationsOf(base, member)).filter((item) => item.kind === 'task_reminder');

describe('task reminders', () => {
  it('reach the assignee as a notification at remind_at', async () => {
    const owner = await signUpWithWorkspace(base, 'Rae');
    const member = await addMemberTo(system, owner, 'Sid');
    // A couple of seconds ahead: the reminder is due while the test waits for it.
    const remindAt = new Date(Date.now() + 2000).toISOString();
    await tasksApi(base, owner).create({
      title: 'Renewal call',
      remind_at: remindAt,
      due_at: '2030-06-01T09:30:00Z',
      assignee_id: member.userId,
    });
    const items = await waitFor(async () => {
      const found = await reminders(member);
      return found.length > 0 ? found : undefined;
    }, 'Sid’s reminder');
    expect(items.map((item) => [item.title, item.body])).toEqual([
      ['Reminder: Renewal call', 'Due 2030-06-01 09:30 UTC.'],
    ]);
    // The owner who created it for Sid gets none.
    expect(await reminders(owner)).toHaveLength(0);
  });
});
