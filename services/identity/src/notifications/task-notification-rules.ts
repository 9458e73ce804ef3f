import { taskCreated, taskReminded, taskUpdated } from '@crm/protos';
import { notifies, only, text, type EventData, type NotificationRule } from './notification-rule';

// Notifications about crm-core's tasks (protos/events/crm-task-events.ts): the assignee hears of
// a task given to them (task_assigned) and of its reminder (task_reminder). Nobody is told of
// what they did themselves (a person assigning a task to themselves).

const changed = (data: EventData, field: string) => Array.isArray(data.fields) && data.fields.includes(field);

function due(data: EventData): string | null {
  const at = text(data, 'due_at');
  return at === null ? null : `Due ${at.replace('T', ' ').replace(/:\d\d\.\d{3}Z$/, ' UTC')}.`;
}

const assigned: NotificationRule = {
  kind: 'task_assigned',
  recipients: (data) => (data.status === 'open' ? only(text(data, 'assignee_id')) : []),
  content: (data, event, setting) => ({
    title: `${event.actor?.label ?? 'Someone'} assigned you a task: ${text(data, 'title') ?? ''}`,
    body: due(data),
    link: `${setting.publicUrl}/v1/tasks?assignee=me&status=open`,
  }),
};

export const TASK_NOTIFICATION_RULES = [
  notifies(taskCreated, assigned),
  notifies(taskUpdated, {
    ...assigned,
    recipients: (data) => (changed(data, 'assignee_id') ? assigned.recipients(data) : []),
  }),
  notifies(taskReminded, {
    kind: 'task_reminder',
    recipients: (data) => only(text(data, 'assignee_id') ?? text(data, 'created_by')),
    content: (data, _event, setting) => ({
      title: `Reminder: ${text(data, 'title') ?? 'a task'}`,
      body: due(data),
      link: `${setting.publicUrl}/v1/tasks?assignee=me&status=open`,
    }),
  }),
];
