import { implement, notFound, workspaceOf, type Implementation } from '@crm/kit';
import { personOf } from '../auth/session-guard';
import type { IdentityRuntime } from '../identity-runtime';
import { userModel, type UserRecord } from '../users/user.model';
import { userView } from '../users/user-view';
import { meWorkspaceView } from '../workspaces/workspace-view';
import { workspaceModel, type WorkspaceRecord } from '../workspaces/workspace.model';
import { emailLoggingOf } from './email-logging';
import { getEmailLogging, getMe, updateMe } from './me.operations';
import { updateMe as update } from './update-me';

export function meOperations(runtime: IdentityRuntime): Implementation[] {
  const { context } = runtime;

  return [
    // Me (spec section 2): the person the request acts as (for a key: the member who created
    // it), the current workspace (null before onboarding), what the caller may do, and the
    // staff support access the request runs under, if any.
    implement(getMe, async ({ auth }) => {
      const user = await userModel(context.connection).findById(auth.user_id).lean<UserRecord>().exec();
      if (!user) throw notFound('user');
      const workspace = auth.workspace_id
        ? await workspaceModel(context.connection).findById(auth.workspace_id).lean<WorkspaceRecord>().exec()
        : null;
      return {
        user: userView(user),
        workspace: workspace ? meWorkspaceView(workspace) : null,
        permissions: auth.permissions,
        actor_type: auth.actor.type,
        support: auth.support ?? null,
      };
    }),

    // The caller's own profile. A key acts for its creator but is not them, so it may not
    // change their profile.
    implement(updateMe, async ({ req, body }) => {
      await update(runtime, personOf(req), body);
    }),

    implement(getEmailLogging, async ({ req, auth }) => emailLoggingOf(runtime, auth, workspaceOf(req))),
  ];
}
