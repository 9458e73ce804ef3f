import { on, routeEvents, type EventActor, type EventEnvelope, type RoutedHandler } from '@crm/bus';
import { isoNow } from '@crm/kit';
import {
  companyMerged,
  companyPurged,
  contactMerged,
  contactPurged,
  dealDeleted,
  taskDeleted,
  taskUpdated,
} from '@crm/protos';
import { commit, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import { taskModel, type TaskRecord } from './task.model';
import { keepReminder } from './task-reminders';
import { taskState } from './task-view';

// Tasks follow the record they are about: a merge moves the sources' tasks to the survivor; a
// record deleted for good (a company or contact purged from the recycle bin, a deal deleted)
// takes its tasks with it, reminders included. Each rewrite matches only tasks still pointing at
// the old id, so a redelivered event changes nothing.

export const TASK_REFERENCES_CONSUMER = 'crm-core.task-references';

async function moveTasks(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  workspaceId: string,
  from: string[],
  to: string,
): Promise<void> {
  const tasks = taskModel(context.connection);
  const now = isoNow();
  for (const task of await tasks
    .find({ workspace_id: workspaceId, target_id: { $in: from } })
    .session(unit.transaction)
    .lean<TaskRecord[]>()
    .exec()) {
    const updated: TaskRecord = { ...task, target_id: to, version: task.version + 1, updated_at: now };
    await tasks.updateOne(
      { _id: task._id, workspace_id: workspaceId },
      { $set: { target_id: to, version: updated.version, updated_at: now } },
      { session: unit.transaction },
    );
    unit.publish(taskUpdated, {
      workspace_id: workspaceId,
      actor,
      data: { ...taskState(updated), fields: ['target_id'] },
    });
  }
}

async function deleteTasks(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  workspaceId: string,
  targetId: string,
): Promise<void> {
  const tasks = taskModel(context.connection);
  const now = isoNow();
  for (const task of await tasks
    .find({ workspace_id: workspaceId, target_id: targetId })
    .session(unit.transaction)
    .lean<TaskRecord[]>()
    .exec()) {
    await tasks.deleteOne({ _id: task._id, workspace_id: workspaceId }, { session: unit.transaction });
    await keepReminder(unit, task, null, now);
    unit.publish(taskDeleted, {
      workspace_id: workspaceId,
      actor,
      data: taskState({ ...task, version: task.version + 1, updated_at: now }),
    });
  }
}

export function taskReferences(context: ServiceContext): RoutedHandler {
  // Each rewrite runs in the event's workspace; an event without one names no task.
  async function rewrite(
    event: EventEnvelope,
    work: (unit: UnitOfWork, workspaceId: string) => Promise<void>,
  ): Promise<void> {
    const workspaceId = event.workspace_id;
    if (workspaceId) await commit(context, (unit) => work(unit, workspaceId));
  }
  return routeEvents(
    on(companyMerged, (event) =>
      rewrite(event, (unit, workspaceId) =>
        moveTasks(context, unit, event.actor, workspaceId, event.data.source_ids, event.data.company_id),
      ),
    ),
    on(contactMerged, (event) =>
      rewrite(event, (unit, workspaceId) =>
        moveTasks(context, unit, event.actor, workspaceId, event.data.source_ids, event.data.contact_id),
      ),
    ),
    on(companyPurged, (event) =>
      rewrite(event, (unit, workspaceId) =>
        deleteTasks(context, unit, event.actor, workspaceId, event.data.company_id),
      ),
    ),
    on(contactPurged, (event) =>
      rewrite(event, (unit, workspaceId) =>
        deleteTasks(context, unit, event.actor, workspaceId, event.data.contact_id),
      ),
    ),
    on(dealDeleted, (event) =>
      rewrite(event, (unit, workspaceId) => deleteTasks(context, unit, event.actor, workspaceId, event.data.deal_id)),
    ),
  );
}

export async function subscribeTaskReferences(context: ServiceContext): Promise<void> {
  const { patterns, handler } = taskReferences(context);
  await context.bus.subscribe(TASK_REFERENCES_CONSUMER, patterns, handler);
}
