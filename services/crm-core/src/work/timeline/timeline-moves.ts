import type { EventActor } from '@crm/bus';
import { activityDeleted, activityUpdated } from '@crm/protos';
import type { ServiceContext, UnitOfWork } from '@crm/service-host';
import type { FilterQuery } from 'mongoose';
import { activityModel, type ActivityRecord } from './activity.model';
import { activityState } from './activity-view';

// Entries another record's fate rewrites: moved to a merge's survivor, deleted with a record
// deleted for good. Each gets its next version and its own event in that transaction; a
// redelivered event matches nothing and changes nothing.

export async function moveEntries(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  filter: FilterQuery<ActivityRecord> & { workspace_id: string },
  to: { target_id: string; company_id: string | null },
): Promise<number> {
  const activities = activityModel(context.connection);
  let moved = 0;
  for (const entry of await activities.find(filter).session(unit.transaction).lean<ActivityRecord[]>().exec()) {
    const updated: ActivityRecord = { ...entry, ...to, version: entry.version + 1 };
    await activities.updateOne(
      { _id: entry._id, workspace_id: entry.workspace_id },
      { $set: { target_id: to.target_id, company_id: to.company_id, version: updated.version } },
      { session: unit.transaction },
    );
    unit.publish(activityUpdated, {
      workspace_id: entry.workspace_id,
      actor,
      data: { ...activityState(updated), fields: ['target_id'] },
    });
    moved += 1;
  }
  return moved;
}

export async function deleteEntries(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  filter: FilterQuery<ActivityRecord> & { workspace_id: string },
): Promise<number> {
  const activities = activityModel(context.connection);
  const entries = await activities.find(filter).session(unit.transaction).lean<ActivityRecord[]>().exec();
  for (const entry of entries) {
    await activities.deleteOne({ _id: entry._id, workspace_id: entry.workspace_id }, { session: unit.transaction });
    unit.publish(activityDeleted, {
      workspace_id: entry.workspace_id,
      actor,
      data: activityState({ ...entry, version: entry.version + 1 }),
    });
  }
  return entries.length;
}
