import { implement, notFound, type Implementation } from '@crm/kit';
import { personOf } from '../auth/session-guard';
import type { IdentityRuntime } from '../identity-runtime';
import { activeWorkspacesOf } from '../members/memberships';
import { userModel, type UserRecord } from '../users/user.model';
import { createWorkspace } from './create-workspace';
import { listOwnWorkspaces, onboard } from './workspace.operations';

// Onboarding works before the person has any workspace (claims.workspace_id is null). It is
// about the person, so API keys (bound to one workspace) cannot use it.
export function onboardingOperations(runtime: IdentityRuntime): Implementation[] {
  const { context } = runtime;

  return [
    implement(listOwnWorkspaces, async ({ req }) => {
      const claims = personOf(req);
      const user = await userModel(context.connection).findById(claims.user_id).lean<UserRecord>().exec();
      if (!user) throw notFound('user');
      const workspaces = await activeWorkspacesOf(context.connection, user);
      return { data: workspaces.map((workspace) => ({ name: workspace.name, organization_id: workspace._id })) };
    }),

    implement(onboard, async ({ req, body }) => createWorkspace(runtime, personOf(req), body.workspace_name)),
  ];
}
