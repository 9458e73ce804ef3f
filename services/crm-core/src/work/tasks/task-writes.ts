import { isoNow, isUuid, newId, notFound, type InternalClaims } from '@crm/kit';
import { taskCreated, taskUpdated } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import type { ClientSession } from 'mongoose';
import { checkMembers } from '../../records/references/members';
import { writableTarget } from '../timeline/activity-targets';
import { noteContactCompany, recordEntry } from '../timeline/activity-writes';
import { taskModel, UNDATED_DUE_KEY, type TaskRecord } from './task.model';
import type { CreateTaskBody, TaskView, UpdateTaskBody } from './task.operations';
import { keepReminder } from './task-reminders';
import { taskState, taskView } from './task-view';

const iso = (value: string | null | undefined) =>
  value === null || value === undefined ? null : new Date(value).toISOString();

export async function createTaskRecord(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateTaskBody,
): Promise<TaskView> {
  // Without assignee_id the task is the caller's own (a key's creator's); null leaves it unassigned.
  const assignee = body.assignee_id === undefined ? claims.user_id : body.assignee_id;
  if (body.assignee_id) await checkMembers(context, workspaceId, [{ field: 'assignee_id', id: body.assignee_id }]);
  const id = newId();
  return commit(context, async (unit) => {
    const { transaction, publish } = unit;
    const targetType = body.target_type ?? null;
    const targetId = body.target_id ?? null;
    if (targetType !== null && targetId !== null) {
      const target = await writableTarget(context, workspaceId, targetType, targetId, transaction);
      if (targetType === 'contact') await noteContactCompany(context, workspaceId, targetId, target, transaction);
    }
    const now = isoNow();
    const dueAt = iso(body.due_at);
    const task: TaskRecord = {
      _id: id,
      version: 1,
      workspace_id: workspaceId,
      title: body.title,
      notes: body.notes ?? null,
      due_at: dueAt,
      due_key: dueAt ?? UNDATED_DUE_KEY,
      remind_at: iso(body.remind_at),
      reminded_for: null,
      status: 'open',
      target_type: targetType,
      target_id: targetId,
      assignee_id: assignee,
      created_by: claims.user_id,
      completed_at: null,
      created_at: now,
      updated_at: now,
    };
    await taskModel(context.connection).create([task], { session: transaction });
    await keepReminder(unit, null, task, now);
    publish(taskCreated, { workspace_id: workspaceId, actor: claims.actor, data: taskState(task) });
    return taskView(task);
  });
}

// A task of the workspace, or 404 (another workspace's id too).
export async function findTask(
  context: ServiceContext,
  workspaceId: string,
  id: string,
  session?: ClientSession,
): Promise<TaskRecord> {
  if (!isUuid(id)) throw notFound('task');
  const task = await taskModel(context.connection)
    .findOne({ _id: id, workspace_id: workspaceId })
    .session(session ?? null)
    .lean<TaskRecord>()
    .exec();
  if (!task) throw notFound('task');
  return task;
}

const PUBLIC_FIELDS = ['title', 'notes', 'due_at', 'remind_at', 'status', 'assignee_id', 'completed_at'] as const;

export async function updateTaskRecord(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  body: UpdateTaskBody,
): Promise<TaskView> {
  const before = await findTask(context, workspaceId, id);
  // Only a new assignee is asked of identity: keeping a since-disabled one is no new claim.
  if (body.assignee_id && body.assignee_id !== before.assignee_id)
    await checkMembers(context, workspaceId, [{ field: 'assignee_id', id: body.assignee_id }]);
  return commit(context, async (unit) => {
    const current = await findTask(context, workspaceId, id, unit.transaction);
    const now = isoNow();
    const next: TaskRecord = { ...current };
    if (body.title !== undefined) next.title = body.title;
    if (body.notes !== undefined) next.notes = body.notes;
    if (body.due_at !== undefined) {
      next.due_at = iso(body.due_at);
      next.due_key = next.due_at ?? UNDATED_DUE_KEY;
    }
    if (body.remind_at !== undefined) next.remind_at = iso(body.remind_at);
    if (body.assignee_id !== undefined) next.assignee_id = body.assignee_id;
    if (body.status !== undefined && body.status !== current.status) {
      next.status = body.status;
      // done is the completion; leaving done (reopened or cancelled) clears it.
      next.completed_at = body.status === 'done' ? now : null;
    }
    const fields = PUBLIC_FIELDS.filter((field) => next[field] !== current[field]);
    if (fields.length === 0) return taskView(current);
    // A new reminder time may be reminded again.
    if (next.remind_at !== current.remind_at) next.reminded_for = null;
    const updated: TaskRecord = { ...next, version: (current.version ?? 1) + 1, updated_at: now };
    await taskModel(context.connection).updateOne(
      { _id: id, workspace_id: workspaceId },
      {
        $set: {
          ...Object.fromEntries(fields.map((field) => [field, updated[field]])),
          due_key: updated.due_key,
          reminded_for: updated.reminded_for,
          version: updated.version,
          updated_at: now,
        },
      },
      { session: unit.transaction },
    );
    await keepReminder(unit, current, updated, now);
    // Completing a task with a target records it on that record's timeline.
    if (
      fields.includes('status') &&
      updated.status === 'done' &&
      updated.target_type !== null &&
      updated.target_id !== null
    ) {
      await recordEntry(context, unit, workspaceId, claims.actor, {
        type: 'task',
        subject: updated.title,
        body: updated.notes,
        outcome: 'done',
        target_type: updated.target_type,
        target_id: updated.target_id,
        occurred_at: now,
      });
    }
    unit.publish(taskUpdated, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: { ...taskState(updated), fields: [...fields] },
    });
    return taskView(updated);
  });
}
