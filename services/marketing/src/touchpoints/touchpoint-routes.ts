import { implement, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { listTouchpoints, recordTouchpoints } from './touchpoint.operations';
import { listTouchpointPage, recordTouchpointBatch } from './touchpoint-writes';

// Touchpoints (Standard plan; access from the permission matrix).
export function touchpointOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listTouchpoints, async ({ req, query }) => listTouchpointPage(context, workspaceOf(req), query)),
    implement(recordTouchpoints, async ({ req, auth, body }) => recordTouchpointBatch(context, auth, workspaceOf(req), body)),
  ];
}
