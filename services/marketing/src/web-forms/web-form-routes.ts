import { implement, workspaceOf, type Implementation } from '@crm/kit';
import type { MarketingRuntime } from '../marketing-runtime';
import { createWebForm, listWebForms, updateWebForm } from './web-form.operations';
import { createWebFormRecord, listWebFormViews, updateWebFormRecord } from './web-form-writes';

// Web forms are workspace settings: admins only (the permission matrix).
export function webFormOperations(runtime: MarketingRuntime): Implementation[] {
  return [
    implement(listWebForms, async ({ req }) => listWebFormViews(runtime, workspaceOf(req))),
    implement(createWebForm, async ({ req, auth, body }) => createWebFormRecord(runtime, auth, workspaceOf(req), body)),
    implement(updateWebForm, async ({ req, auth, params, body }) =>
      updateWebFormRecord(runtime, auth, workspaceOf(req), params.id, body),
    ),
  ];
}
