import { keysetPage, type KeysetOrder } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import type { FilterQuery } from 'mongoose';
import { fromCursor } from '../../records/list-paging';
import { activityModel, type ActivityRecord } from './activity.model';
import type { ActivityView, ListActivitiesQuery } from './activity.operations';
import { readableTarget } from './activity-targets';
import { activityView } from './activity-view';

// Newest first; the id breaks ties, so a cursor is a position no new entry moves.
const NEWEST_FIRST: KeysetOrder = { name: 'occurred_desc', field: 'occurred_at', direction: -1 };

// A company with its contacts is one range of the company_id index (contact entries carry their
// contact's company); any other timeline one range of the target index. The cursor's key bounds
// the range, so a deep page starts at the cursor instead of walking what came before.
export async function listActivityPage(
  context: ServiceContext,
  workspaceId: string,
  query: ListActivitiesQuery,
  // Without contacts:read, a company's timeline shows no entry about one of its contacts.
  readsContacts: boolean,
): Promise<{ data: ActivityView[]; next_cursor: string | null }> {
  const targetId = query.target_id.toLowerCase();
  await readableTarget(context, workspaceId, query.target_type, targetId);
  const filter: FilterQuery<ActivityRecord> =
    query.target_type === 'company' && query.include_contacts
      ? readsContacts
        ? { workspace_id: workspaceId, company_id: targetId }
        : { workspace_id: workspaceId, company_id: targetId, target_type: { $ne: 'contact' } }
      : { workspace_id: workspaceId, target_type: query.target_type, target_id: targetId };
  const page = await keysetPage(activityModel(context.connection), fromCursor(filter, NEWEST_FIRST, query.cursor), {
    order: NEWEST_FIRST,
    limit: query.limit,
    cursor: query.cursor,
  });
  return { data: page.data.map(activityView), next_cursor: page.next_cursor };
}
