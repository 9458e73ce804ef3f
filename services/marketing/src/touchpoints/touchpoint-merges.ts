import { companyMerged, contactMerged, touchpointMoved } from '@crm/protos';
import { isEvent, on, routeEvents, type EventRoute } from '@crm/bus';
import { commit, type ServiceContext } from '@crm/service-host';
import { touchpointModel, type TouchpointRecord } from './touchpoint.model';
import { campaignNamesOf, touchpointState } from './touchpoint-view';

// Touchpoints follow a merge: those of the merged-in contacts (or companies) move to the survivor,
// each with marketing.touchpoint.moved, in one transaction. A redelivery finds nothing left on the
// sources, so it moves nothing twice.
async function moveTouchpoints(
  context: ServiceContext,
  workspaceId: string,
  field: 'contact_id' | 'company_id',
  sourceIds: string[],
  survivorId: string,
): Promise<void> {
  if (sourceIds.length === 0) return;
  await commit(context, async ({ transaction, publish }) => {
    const model = touchpointModel(context.connection);
    const moving = await model
      .find({ workspace_id: workspaceId, [field]: { $in: sourceIds } })
      .session(transaction)
      .lean<TouchpointRecord[]>()
      .exec();
    if (moving.length === 0) return;
    await model.bulkWrite(
      moving.map((touchpoint) => ({
        updateOne: {
          filter: { _id: touchpoint._id, workspace_id: workspaceId },
          update: { $set: { [field]: survivorId, version: touchpoint.version + 1 } },
        },
      })),
      { session: transaction },
    );
    const names = await campaignNamesOf(
      context,
      workspaceId,
      moving.map((touchpoint) => touchpoint.campaign_id),
    );
    for (const touchpoint of moving) {
      const moved = { ...touchpoint, [field]: survivorId, version: touchpoint.version + 1 };
      publish(touchpointMoved, {
        workspace_id: workspaceId,
        actor: null,
        data: { ...touchpointState(moved, names.get(touchpoint.campaign_id) ?? ''), fields: [field] },
      });
    }
  });
}

export const TOUCHPOINT_MERGES_CONSUMER = 'marketing.touchpoint-merges';

export function touchpointMergesHandler(context: ServiceContext): EventRoute {
  return on([contactMerged, companyMerged], async (event) => {
    if (!event.workspace_id) return;
    const sources = event.data.source_ids;
    if (isEvent(event, contactMerged))
      await moveTouchpoints(context, event.workspace_id, 'contact_id', sources, event.data.contact_id);
    if (isEvent(event, companyMerged))
      await moveTouchpoints(context, event.workspace_id, 'company_id', sources, event.data.company_id);
  });
}

export async function subscribeTouchpointMerges(context: ServiceContext): Promise<void> {
  const { patterns, handler } = routeEvents(touchpointMergesHandler(context));
  await context.bus.subscribe(TOUCHPOINT_MERGES_CONSUMER, patterns, handler);
}
