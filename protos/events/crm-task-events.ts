import { Type } from '@sinclair/typebox';
import { defineEvent, type PayloadOf } from './event-contract';

// crm-core's task facts. Each payload is the task's full public state (Task in the contract)
// and its version. identity turns them into notifications: created or updated with an assignee
// (task_assigned), reminded (task_reminder).

const nullableString = () => Type.Union([Type.String(), Type.Null()]);

const taskState = {
  task_id: Type.String(),
  title: Type.String(),
  notes: nullableString(),
  due_at: nullableString(),
  remind_at: nullableString(),
  status: Type.String({ description: 'open, done or cancelled' }),
  target_type: nullableString(),
  target_id: nullableString(),
  assignee_id: nullableString(),
  created_by: nullableString(),
  completed_at: nullableString(),
  created_at: Type.String(),
  updated_at: Type.String(),
};

const task = { entity: 'task', idField: 'task_id' };

export const taskCreated = defineEvent({
  type: 'crm.task.created',
  description:
    'A task was created; when it has an assignee other than the person who created it, identity notifies them (task_assigned).',
  record: task,
  payload: taskState,
});

export const taskUpdated = defineEvent({
  type: 'crm.task.updated',
  description:
    'A task was changed: by PATCH (status done sets completed_at, reopening clears it; a new assignee is notified, task_assigned), or because its target was merged into another record (target_id moved).',
  record: task,
  payload: { ...taskState, fields: Type.Array(Type.String(), { description: 'The fields this change set.' }) },
});

export const taskDeleted = defineEvent({
  type: 'crm.task.deleted',
  description:
    'A task was deleted because its target was deleted for good (a company or contact purged from the recycle bin, a deal deleted); the payload is its last state.',
  record: { ...task, deletes: true },
  payload: taskState,
});

export const taskReminded = defineEvent({
  type: 'crm.task.reminded',
  description:
    "A task's remind_at came: identity notifies its assignee (or its creator when it has none), task_reminder. Not a change to the task: the version is the task's current one. Not audited.",
  record: task,
  payload: taskState,
});

export const CRM_TASK_EVENT_CONTRACTS = [taskCreated, taskUpdated, taskDeleted, taskReminded] as const;

export type TaskCreatedData = PayloadOf<typeof taskCreated>;
export type TaskUpdatedData = PayloadOf<typeof taskUpdated>;
export type TaskDeletedData = PayloadOf<typeof taskDeleted>;
export type TaskRemindedData = PayloadOf<typeof taskReminded>;

export const CRM_TASK_EVENTS_TYPES = {
  taskCreated: taskCreated.type,
  taskUpdated: taskUpdated.type,
  taskDeleted: taskDeleted.type,
  taskReminded: taskReminded.type,
} as const;
