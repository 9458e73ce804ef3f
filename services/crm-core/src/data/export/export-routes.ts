import { implement, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { exportWorkspace } from './export.operations';
import { buildExport } from './export-run';

// Admin only (settings:manage), enforced by the permission matrix before the handler runs.
export function exportOperations(context: ServiceContext): Implementation[] {
  return [implement(exportWorkspace, async ({ req, auth }) => buildExport(context, auth, workspaceOf(req)))];
}
