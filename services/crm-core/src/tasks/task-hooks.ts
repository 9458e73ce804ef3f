import type { EventActor, EventHandler } from '@crm/bus';
import { isoNow } from '@crm/kit';
import { companyMerged, companyPurged, contactMerged, contactPurged, dealDeleted, taskDeleted, taskUpdated } from '@crm/protos';
import { commit, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import { taskModel, type TaskRecord } from './task.model';
import { keepReminder } from './task-reminders';
import { taskState } from './task-view';

// Tasks follow the record they are about: a merge moves the sources' tasks to the survivor; a
// record deleted for good (a company or contact purged from the recycle bin, a deal deleted)
// takes its tasks with it, reminders included. Each rewrite matches only tasks still pointing at
// the old id, so a redelivered event changes nothing.

export const TASK_REFERENCES_CONSUMER = 'crm-core.task-references';

async function moveTasks(context: ServiceContext, unit: UnitOfWork, actor: EventActor | null, workspaceId: string, from: string[], to: string): Promise<void> {
  const tasks = taskModel(context.connection);
  const now = isoNow();
  for (const task of await tasks.find({ workspace_id: workspaceId, target_id: { $in: from } }).session(unit.transaction).lean<TaskRecord[]>().exec()) {
    const updated: TaskRecord = { ...task, target_id: to, version: task.version + 1, updated_at: now };
    await tasks.updateOne({ _id: task._id, workspace_id: workspaceId }, { $set: { target_id: to, version: updated.version, updated_at: now } }, { session: unit.transaction });
    unit.publish(taskUpdated, { workspace_id: workspaceId, actor, data: { ...taskState(updated), fields: ['target_id'] } });
  }
}

async function deleteTasks(context: ServiceContext, unit: UnitOfWork, actor: EventActor | null, workspaceId: string, targetId: string): Promise<void> {
  const tasks = taskModel(context.connection);
  const now = isoNow();
  for (const task of await tasks.find({ workspace_id: workspaceId, target_id: targetId }).session(unit.transaction).lean<TaskRecord[]>().exec()) {
    await tasks.deleteOne({ _id: task._id, workspace_id: workspaceId }, { session: unit.transaction });
    await keepReminder(unit, task, null, now);
    unit.publish(taskDeleted, { workspace_id: workspaceId, actor, data: taskState({ ...task, version: task.version + 1, updated_at: now }) });
  }
}

export function taskReferencesHandler(context: ServiceContext): EventHandler {
  return async (event) => {
    const workspaceId = event.workspace_id;
    if (!workspaceId) return;
    const data = event.data as { company_id?: string; contact_id?: string; deal_id?: string; source_ids?: string[] };
    await commit(context, async (unit) => {
      if (event.type === companyMerged.type && data.company_id) await moveTasks(context, unit, event.actor, workspaceId, data.source_ids ?? [], data.company_id);
      else if (event.type === contactMerged.type && data.contact_id) await moveTasks(context, unit, event.actor, workspaceId, data.source_ids ?? [], data.contact_id);
      else if (event.type === companyPurged.type && data.company_id) await deleteTasks(context, unit, event.actor, workspaceId, data.company_id);
      else if (event.type === contactPurged.type && data.contact_id) await deleteTasks(context, unit, event.actor, workspaceId, data.contact_id);
      else if (event.type === dealDeleted.type && data.deal_id) await deleteTasks(context, unit, event.actor, workspaceId, data.deal_id);
    });
  };
}

export async function subscribeTaskReferences(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(TASK_REFERENCES_CONSUMER, [companyMerged.type, contactMerged.type, companyPurged.type, contactPurged.type, dealDeleted.type], taskReferencesHandler(context));
}
