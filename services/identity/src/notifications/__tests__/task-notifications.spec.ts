import { makeEvent, type EventActor } from '@crm/bus';
import { newId } from '@crm/kit';
import { taskReminded } from '@crm/protos';
import { notifies } from '../notification-rule';
import { draftNotifications, NOTIFICATION_PATTERNS, recipientsOf } from '../notification-rules';

// Who hears of crm-core's task events and what they read: rules only, no I/O.
describe('task notifications', () => {
  const setting = { workspaceName: 'Acme', publicUrl: 'https://crm.example' };
  const ann: EventActor = { type: 'user', id: newId(), label: 'Ann' };
  const bo = newId();
  const task = (fields: Record<string, unknown> = {}) => ({
    task_id: newId(),
    title: 'Call back',
    notes: null,
    due_at: '2030-05-01T12:00:00.000Z',
    remind_at: null,
    status: 'open',
    target_type: null,
    target_id: null,
    assignee_id: bo,
    created_by: ann.id,
    completed_at: null,
    created_at: '2030-04-01T12:00:00.000Z',
    updated_at: '2030-04-01T12:00:00.000Z',
    version: 1,
    ...fields,
  });
  const event = (type: string, data: Record<string, unknown>, actor: EventActor | null = ann) =>
    makeEvent({ type, workspace_id: newId(), actor, data });

  it('subscribes to the task events it turns into notifications', () => {
    expect(NOTIFICATION_PATTERNS).toEqual(
      expect.arrayContaining(['crm.task.created', 'crm.task.updated', 'crm.task.reminded']),
    );
  });

  it('tells the assignee of a new or reassigned open task, never the person who assigned themselves', () => {
    expect(draftNotifications(event('crm.task.created', task()), setting)).toEqual([
      {
        user_id: bo,
        kind: 'task_assigned',
        title: 'Ann assigned you a task: Call back',
        body: 'Due 2030-05-01 12:00 UTC.',
        link: 'https://crm.example/v1/tasks?assignee=me&status=open',
      },
    ]);
    expect(recipientsOf(event('crm.task.created', task({ assignee_id: ann.id })))).toEqual([]);
    expect(recipientsOf(event('crm.task.created', task({ assignee_id: null })))).toEqual([]);
    expect(recipientsOf(event('crm.task.updated', task({ fields: ['assignee_id'] })))).toEqual([bo]);
    expect(recipientsOf(event('crm.task.updated', task({ fields: ['title'] })))).toEqual([]);
    expect(
      recipientsOf(event('crm.task.updated', task({ status: 'done', fields: ['assignee_id', 'status'] }))),
    ).toEqual([]);
  });

  it('reminds the assignee, or the creator of an unassigned task', () => {
    const [reminder] = draftNotifications(event('crm.task.reminded', task({ due_at: null }), null), setting);
    expect(reminder).toEqual({
      user_id: bo,
      kind: 'task_reminder',
      title: 'Reminder: Call back',
      body: null,
      link: 'https://crm.example/v1/tasks?assignee=me&status=open',
    });
    expect(recipientsOf(event('crm.task.reminded', task({ assignee_id: null }), null))).toEqual([ann.id]);
  });

  it("types a rule by its contract's payload", () => {
    const rule = notifies(taskReminded, {
      kind: 'task_reminder',
      recipients: (data) => (data.assignee_id === null ? [] : [data.assignee_id]),
      // @ts-expect-error: a task has no field `subject`
      content: (data) => ({ title: data.subject, body: null, link: null }),
    });
    expect(rule.contract).toBe(taskReminded);
  });
});
