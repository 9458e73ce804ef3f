import type { Router } from 'express';
import { authOf, notFound, workspaceOf } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { personOf } from '../auth/session-guard';
import { runtimeOf } from '../identity-runtime';
import { trimFields } from '../shared/trim-fields';
import { userModel, type UserRecord } from '../users/user.model';
import { userView } from '../users/user-view';
import { meWorkspaceView } from '../workspaces/workspace-view';
import { workspaceModel, type WorkspaceRecord } from '../workspaces/workspace.model';
import { emailLoggingOf } from './email-logging';
import { validateUpdateMe } from './me.schemas';
import { updateMe } from './update-me';

export function meRoutes(router: Router, context: ServiceContext): void {
  const runtime = runtimeOf(context);

  // Me (spec section 2): the person the request acts as (for a key: the member who created
  // it), the current workspace (null before onboarding), what the caller may do, and the
  // staff support access the request runs under, if any.
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

  // The caller's own profile. A key acts for its creator but is not them, so it may not
  // change their profile.
  router.patch('/me', async (req, res) => {
    const claims = personOf(req);
    const body = validateUpdateMe(trimFields(req.body, ['first_name', 'last_name']));
    await updateMe(runtime, claims, body);
    res.status(204).end();
  });

  router.get('/me/email-logging', async (req, res) => {
    const workspaceId = workspaceOf(req);
    res.json(await emailLoggingOf(runtime, authOf(req), workspaceId));
  });
}
