import { implement, notFound, workspaceOf, type Implementation } from '@crm/kit';
import type { IdentityRuntime } from '../identity-runtime';
import { updateWorkspace as update } from './update-workspace';
import { getWorkspace, updateWorkspace } from './workspace.operations';
import { workspaceModel, type WorkspaceRecord } from './workspace.model';
import { workspaceView } from './workspace-view';

// The caller's workspace and its settings. Admin-only: the permission matrix
// (protos/rest/operations.ts) refuses everyone else before these handlers run.
export function workspaceOperations(runtime: IdentityRuntime): Implementation[] {
  const { context } = runtime;

  return [
    implement(getWorkspace, async ({ req }) => {
      const workspace = await workspaceModel(context.connection)
        .findById(workspaceOf(req))
        .lean<WorkspaceRecord>()
        .exec();
      if (!workspace) throw notFound('workspace');
      return workspaceView(workspace);
    }),

    implement(updateWorkspace, async ({ req, auth, body }) => update(runtime, auth, workspaceOf(req), body)),
  ];
}
