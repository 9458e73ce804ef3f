import { implement, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { createWebForm, listWebForms, updateWebForm } from './web-form.operations';
import { createWebFormRecord, listWebFormViews, updateWebFormRecord } from './web-form-writes';

// Web forms are workspace settings: admins only (the permission matrix).
export function webFormOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listWebForms, async ({ req }) => listWebFormViews(context, workspaceOf(req))),
    implement(createWebForm, async ({ req, auth, body }) => createWebFormRecord(context, auth, workspaceOf(req), body)),
    implement(updateWebForm, async ({ req, auth, params, body }) =>
      updateWebFormRecord(context, auth, workspaceOf(req), params.id, body),
    ),
  ];
}
