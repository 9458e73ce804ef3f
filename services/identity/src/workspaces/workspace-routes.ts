import type { Router } from 'express';
import { authOf, notFound, workspaceOf } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { runtimeOf } from '../identity-runtime';
import { normaliseWorkspaceBody, updateWorkspace } from './update-workspace';
import { validateUpdateWorkspace } from './workspace.schemas';
import { workspaceModel, type WorkspaceRecord } from './workspace.model';
import { workspaceView } from './workspace-view';

// The caller's workspace and its settings. Admin-only: the permission matrix
// (protos/rest/operations.ts) refuses everyone else before these handlers run.
export function workspaceRoutes(router: Router, context: ServiceContext): void {
  const runtime = runtimeOf(context);

  router.get('/workspace', async (req, res) => {
    const workspaceId = workspaceOf(req);
    const workspace = await workspaceModel(context.connection).findById(workspaceId).lean<WorkspaceRecord>().exec();
    if (!workspace) throw notFound('workspace');
    res.json(workspaceView(workspace));
  });

  router.patch('/workspace', async (req, res) => {
    const workspaceId = workspaceOf(req);
    const body = validateUpdateWorkspace(normaliseWorkspaceBody(req.body));
    res.json(await updateWorkspace(runtime, authOf(req), workspaceId, body));
  });
}
