import type { Router } from 'express';
import { authOf, notFound } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { userModel, type UserRecord } from '../users/user.model';
import { userView } from '../users/user-view';
import { meWorkspaceView } from '../workspaces/workspace-view';
import { workspaceModel, type WorkspaceRecord } from '../workspaces/workspace.model';

export function meRoutes(router: Router, context: ServiceContext): void {
  // Me (spec section 2): the person the request acts as (for a key: the member who created
  // it), the current workspace (null before onboarding), and what the caller may do.
  router.get('/me', async (req, res) => {
    const claims = authOf(req);
    const user = await userModel(context.connection).findById(claims.user_id).lean<UserRecord>().exec();
    if (!user) throw notFound('user');
    const workspace = claims.workspace_id
      ? await workspaceModel(context.connection).findById(claims.workspace_id).lean<WorkspaceRecord>().exec()
      : null;
    res.json({
      user: userView(user),
      workspace: workspace ? meWorkspaceView(workspace) : null,
      permissions: claims.permissions,
      actor_type: claims.actor.type,
      support: claims.support ?? null,
    });
  });
}
