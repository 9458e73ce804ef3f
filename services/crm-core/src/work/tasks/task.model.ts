import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';
import type { ActivityTargetType } from '../timeline/activity.model';

export const TASK_STATUSES = ['open', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
// due_key of a task without due_at: after every date, so undated tasks come last.
export const UNDATED_DUE_KEY = '9999-12-31T23:59:59.999Z';

export interface TaskRecord {
  _id: string;
  version: number;
  workspace_id: string;
  title: string;
  notes: string | null;
  due_at: string | null;
  // The list's sort key: due_at, or UNDATED_DUE_KEY.
  due_key: string;
  remind_at: string | null;
  // The remind_at whose reminder went out, so a reminder job that runs again sends nothing.
  reminded_for: string | null;
  status: TaskStatus;
  target_type: ActivityTargetType | null;
  target_id: string | null;
  assignee_id: string | null;
  created_by: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

export const TASK_MODEL = 'Task';

const taskSchema = new Schema<TaskRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, required: true },
    title: { type: String, required: true },
    notes: { type: String, default: null },
    due_at: { type: String, default: null },
    due_key: { type: String, required: true },
    remind_at: { type: String, default: null },
    reminded_for: { type: String, default: null },
    status: { type: String, enum: TASK_STATUSES, required: true },
    target_type: { type: String, default: null },
    target_id: { type: String, default: null },
    assignee_id: { type: String, default: null },
    created_by: { type: String, default: null },
    completed_at: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'tasks', versionKey: false },
);
taskSchema.plugin(tenantScoped);
// The list's order (due soonest first) under each filter it is read by.
taskSchema.index({ workspace_id: 1, assignee_id: 1, status: 1, due_key: 1, _id: 1 });
taskSchema.index({ workspace_id: 1, assignee_id: 1, due_key: 1, _id: 1 });
taskSchema.index({ workspace_id: 1, target_id: 1, due_key: 1, _id: 1 });
taskSchema.index({ workspace_id: 1, status: 1, due_key: 1, _id: 1 });
taskSchema.index({ workspace_id: 1, due_key: 1, _id: 1 });

export function registerTaskModel(connection: Connection): void {
  connection.model(TASK_MODEL, taskSchema);
}

export function taskModel(connection: Connection): Model<TaskRecord> {
  return connection.model<TaskRecord>(TASK_MODEL);
}
