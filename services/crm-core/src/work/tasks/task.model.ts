import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';
import type { ActivityTargetType } from '../timeline/activity.model';

export const TASK_STATUSES = ['open', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
// due_key of a task without due_at: after every date, so undated tasks come last.
export const UNDATED_DUE_KEY = '9999-12-31T23:59:59.999Z';

const taskFields = {
  _id: field.string({ required: true }),
  version: field.number({ required: true }),
  title: field.string({ required: true }),
  notes: field.string({ default: null }),
  due_at: field.string({ default: null }),
  // The list's sort key: due_at, or UNDATED_DUE_KEY.
  due_key: field.string({ required: true }),
  remind_at: field.string({ default: null }),
  // The remind_at whose reminder went out, so a reminder job that runs again sends nothing.
  reminded_for: field.string({ default: null }),
  status: field.string({ enum: TASK_STATUSES, required: true }),
  target_type: field.string<ActivityTargetType>({ default: null }),
  target_id: field.string({ default: null }),
  assignee_id: field.string({ default: null }),
  created_by: field.string({ default: null }),
  completed_at: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type TaskRecord = ScopedRecordOf<typeof taskFields>;

export const TASK_MODEL = 'Task';

const taskSchema = new Schema<TaskRecord>(schemaOf(taskFields), { collection: 'tasks', versionKey: false });
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
