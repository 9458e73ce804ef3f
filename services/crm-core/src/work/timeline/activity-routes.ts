import { forbidden, implement, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { createActivity, listActivities } from './activity.operations';
import { listActivityPage } from './activity-list';
import { createActivityRecord } from './activity-writes';

// GET/POST /activities; access comes from the permission matrix. A contact's timeline needs
// contacts:read too; without it a company's timeline leaves its contacts' entries out.
export function activityOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listActivities, async ({ req, auth, query }) => {
      const readsContacts = auth.permissions.includes('contacts:read');
      if (query.target_type === 'contact' && !readsContacts)
        throw forbidden("a contact's timeline needs the contacts:read permission");
      return listActivityPage(context, workspaceOf(req), query, readsContacts);
    }),
    implement(createActivity, async ({ req, auth, body }) =>
      createActivityRecord(context, auth, workspaceOf(req), body),
    ),
  ];
}
