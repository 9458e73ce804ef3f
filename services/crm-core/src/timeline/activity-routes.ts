import { implement, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { createActivity, listActivities, type CreateActivityBody } from './activity.operations';
import { listActivityPage } from './activity-list';
import { createActivityRecord } from './activity-writes';

// GET/POST /activities; access comes from the permission matrix.
export function activityOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listActivities, async ({ req, query }) => listActivityPage(context, workspaceOf(req), query)),
    implement(createActivity, async ({ req, auth, body }) => createActivityRecord(context, auth, workspaceOf(req), body as CreateActivityBody)),
  ];
}
