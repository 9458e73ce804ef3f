import {
  DateTime,
  declareOperation,
  ListOf,
  Named,
  NextCursor,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Text,
  Type,
  Uuid,
  validationFailed,
  type Static,
} from '@crm/kit';
import { contactsAside, needs } from '@crm/protos';
import { ACTIVITY_TARGET_TYPES } from '../timeline/activity.model';
import { TASK_STATUSES } from './task.model';

export const TASK_PAGE_DEFAULT = 25;
export const TASK_PAGE_MAX = 50;
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

// Task (spec section 2).
export const Task = Named(
  'Task',
  Strict({
    id: Uuid(),
    title: Type.String(),
    notes: Nullable(Type.String()),
    due_at: Nullable(DateTime()),
    remind_at: Nullable(DateTime()),
    status: StringEnum(TASK_STATUSES),
    target_type: Nullable(StringEnum(ACTIVITY_TARGET_TYPES)),
    target_id: Nullable(Uuid()),
    assignee_id: Nullable(Uuid()),
    created_by: Nullable(Uuid()),
    completed_at: Nullable(DateTime({ description: 'When it was marked done; null otherwise.' })),
    created_at: DateTime(),
  }),
);
export type TaskView = Static<typeof Task>;

const Title = () => SingleLine({ minLength: 1, maxLength: 300 });
const Notes = () => Nullable(Text({ maxLength: 5000 }));
const When = (description: string) => Nullable(DateTime({ description }));

// Ids are stored lower-case; dates as ISO 8601 UTC with milliseconds. target_type and target_id
// come together.
function prepareTaskBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const fields = { ...(body as Record<string, unknown>) };
  for (const field of ['target_id', 'assignee_id'])
    if (typeof fields[field] === 'string') fields[field] = fields[field].toLowerCase();
  if (typeof fields.notes === 'string' && fields.notes.trim() === '') fields.notes = null;
  const hasType = fields.target_type !== undefined && fields.target_type !== null;
  const hasId = fields.target_id !== undefined && fields.target_id !== null;
  if (hasType && !hasId) throw validationFailed('target_id is required with target_type');
  if (hasId && !hasType) throw validationFailed('target_type is required with target_id');
  return fields;
}

export const createTask = declareOperation({
  method: 'POST',
  path: '/tasks',
  access: needs('tasks:write'),
  etag: 'tasks',
  summary: 'Create a task',
  description:
    'assignee_id defaults to the caller (for an API key, the member who created it); null leaves the task unassigned. The assignee must be an active member; the target (target_type with target_id) a company or contact outside the recycle bin, or a deal, of the workspace. remind_at schedules a reminder notification to the assignee (or the creator when nobody is assigned). Assigning someone else notifies them.',
  body: Named(
    'TaskCreate',
    Strict({
      title: Title(),
      notes: Type.Optional(Notes()),
      due_at: Type.Optional(When('When it is due.')),
      remind_at: Type.Optional(When('When to remind the assignee.')),
      target_type: Type.Optional(Nullable(StringEnum(ACTIVITY_TARGET_TYPES))),
      target_id: Type.Optional(Nullable(Uuid())),
      assignee_id: Type.Optional(Nullable(Uuid())),
    }),
  ),
  trim: ['title'],
  prepare: prepareTaskBody,
  status: 201,
  response: Task,
});
export type CreateTaskBody = Static<NonNullable<typeof createTask.body>>;

export const updateTask = declareOperation({
  method: 'PATCH',
  path: '/tasks/{id}',
  access: needs('tasks:write'),
  etag: 'tasks',
  summary: 'Change a task',
  description:
    'Absent fields stay, null clears. status done sets completed_at (and records the task on its target’s timeline); open or cancelled clears it. A new remind_at reschedules the reminder; done, cancelled or remind_at null cancels it. A new assignee is notified.',
  params: Type.Object({ id: Uuid() }),
  body: Named(
    'TaskUpdate',
    Strict({
      title: Type.Optional(Title()),
      notes: Type.Optional(Notes()),
      due_at: Type.Optional(When('When it is due.')),
      remind_at: Type.Optional(When('When to remind the assignee.')),
      status: Type.Optional(StringEnum(TASK_STATUSES)),
      assignee_id: Type.Optional(Nullable(Uuid())),
    }),
  ),
  trim: ['title'],
  prepare: prepareTaskBody,
  status: 200,
  response: Task,
});
export type UpdateTaskBody = Static<NonNullable<typeof updateTask.body>>;

export const listTasks = declareOperation({
  method: 'GET',
  path: '/tasks',
  access: contactsAside(
    needs('tasks:read'),
    "refused for a contact's tasks (`target_type=contact`); tasks about a contact left out",
  ),
  summary: 'List tasks, due soonest first',
  description:
    'Due soonest first (tasks without due_at last, then by id), with opaque cursors. assignee: me (default; for an API key its creator), any, or a member id. target_type and target_id narrow to one record (an id of another workspace matches nothing).',
  query: Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: TASK_PAGE_MAX, default: TASK_PAGE_DEFAULT }),
    cursor: Type.Optional(Type.String({ maxLength: 500 })),
    assignee: Type.String({
      maxLength: 36,
      pattern: `^(me|any|${UUID})$`,
      default: 'me',
      description: 'me, any or a member id.',
    }),
    status: Type.Optional(StringEnum(TASK_STATUSES)),
    target_type: Type.Optional(StringEnum(ACTIVITY_TARGET_TYPES)),
    target_id: Type.Optional(Uuid()),
  }),
  status: 200,
  response: Named('TaskList', ListOf(Task, { next_cursor: NextCursor(500) })),
});
export type ListTasksQuery = Static<NonNullable<typeof listTasks.query>>;
