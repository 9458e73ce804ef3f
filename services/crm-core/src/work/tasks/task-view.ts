import type { TaskCreatedData } from '@crm/protos';
import { pickFields } from '@crm/kit';
import type { TaskRecord } from './task.model';
import type { TaskView } from './task.operations';

// What the view and the events both show of a task, in their order.
const TASK_FIELDS = [
  'title',
  'notes',
  'due_at',
  'remind_at',
  'status',
  'target_type',
  'target_id',
  'assignee_id',
  'created_by',
  'completed_at',
  'created_at',
] as const;

export function taskView(task: TaskRecord): TaskView {
  return { id: task._id, ...pickFields(task, TASK_FIELDS) };
}

// The task's public state as every crm.task.* event carries it.
export function taskState(task: TaskRecord): TaskCreatedData {
  return {
    task_id: task._id,
    ...pickFields(task, TASK_FIELDS),
    updated_at: task.updated_at,
    version: task.version,
  };
}
