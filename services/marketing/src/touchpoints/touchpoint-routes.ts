import { implement, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { listTouchpoints, recordTouchpoints } from './touchpoint.operations';
import { listTouchpointPage, recordTouchpointBatch } from './touchpoint-writes';

// Touchpoints (Standard plan; access from the permission matrix).
export function touchpointOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listTouchpoints, async ({ req, auth, query }) => {
      const page = await listTouchpointPage(context, workspaceOf(req), query);
      // A touchpoint names its contact only to a caller who may read contacts.
      if (auth.permissions.includes('contacts:read')) return page;
      return { ...page, data: page.data.map((touchpoint) => ({ ...touchpoint, contact_name: null })) };
    }),
    implement(recordTouchpoints, async ({ req, auth, body }) =>
      recordTouchpointBatch(context, auth, workspaceOf(req), body),
    ),
  ];
}
