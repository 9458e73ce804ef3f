import type { TaskCreatedData } from '@crm/protos';
import type { TaskRecord } from './task.model';
import type { TaskView } from './task.operations';

export function taskView(task: TaskRecord): TaskView {
  return {
    id: task._id,
    title: task.title,
    notes: task.notes,
    due_at: task.due_at,
    remind_at: task.remind_at,
    status: task.status,
    target_type: task.target_type,
    target_id: task.target_id,
    assignee_id: task.assignee_id,
    created_by: task.created_by,
    completed_at: task.completed_at,
    created_at: task.created_at,
  };
}

// The task's public state as every crm.task.* event carries it.
export function taskState(task: TaskRecord): TaskCreatedData {
  return {
    task_id: task._id,
    title: task.title,
    notes: task.notes,
    due_at: task.due_at,
    remind_at: task.remind_at,
    status: task.status,
    target_type: task.target_type,
    target_id: task.target_id,
    assignee_id: task.assignee_id,
    created_by: task.created_by,
    completed_at: task.completed_at,
    created_at: task.created_at,
    updated_at: task.updated_at,
    version: task.version,
  };
}
