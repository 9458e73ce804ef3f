import { memberAdded, sessionSwitched, workspaceCreated } from '@crm/protos';
import { acrossWorkspaces, type InternalClaims, isDuplicateKey, isoNow, newId, notFound } from '@crm/kit';
import { bumpVersion, commit } from '@crm/service-host';
import { memberState, sessionState, workspaceState } from '../events/record-states';
import { sessionModel } from '../auth/session.model';
import type { IdentityRuntime } from '../identity-runtime';
import { addMember } from '../members/memberships';
import { OWNER_ROLE } from '../roles/built-in-roles';
import { seedBuiltInRoles } from '../roles/seed-built-in-roles';
import { switchSessionWorkspace } from '../auth/sessions';
import { userModel, type UserRecord } from '../users/user.model';
import { pickSlug } from './slug';
import { DEFAULT_WORKSPACE_SETTINGS, workspaceModel, type WorkspaceRecord } from './workspace.model';
import type { CreatedWorkspaceView } from './workspace.operations';

const DAY_MS = 24 * 60 * 60 * 1000;
const SLUG_ATTEMPTS = 3;

// Onboarding: a new workspace on the Standard plan, free for the complimentary period, with
// the built-in roles, the caller as its Owner, and the caller's session switched to it.
export async function createWorkspace(
  runtime: IdentityRuntime,
  claims: InternalClaims,
  name: string,
): Promise<CreatedWorkspaceView> {
  const { connection } = runtime.context;
  const user = await userModel(connection).findById(claims.user_id).lean<UserRecord>().exec();
  if (!user) throw notFound('user');

  for (let attempt = 1; ; attempt += 1) {
    try {
      // The new workspace is not the caller's yet: the request's context names the one they came from.
      const workspace = await acrossWorkspaces('onboarding: seed a new workspace for its creator', () =>
        commit(runtime.context, async ({ transaction, publish }) => {
          const now = new Date();
          const nowText = now.toISOString();
          const workspace: WorkspaceRecord = {
            _id: newId(),
            slug: await pickSlug(connection, name, transaction),
            name,
            plan: 'standard',
            complimentary_until: new Date(now.getTime() + runtime.config.complimentaryDays * DAY_MS).toISOString(),
            billing_set_up: false,
            settings: { ...DEFAULT_WORKSPACE_SETTINGS },
            created_by: user._id,
            created_at: nowText,
            updated_at: nowText,
          };
          await workspaceModel(connection).create([workspace], { session: transaction });
          const roles = await seedBuiltInRoles(connection, transaction, workspace._id, nowText);
          const owner = roles.get(OWNER_ROLE)!;
          const member = await addMember(connection, transaction, {
            workspaceId: workspace._id,
            userId: user._id,
            roleId: owner._id,
            now: nowText,
          });
          const sessionId = claims.session_id;
          if (sessionId) await switchSessionWorkspace(connection, transaction, sessionId, user._id, workspace._id);
          const session = sessionId
            ? await bumpVersion(sessionModel(connection), { _id: sessionId }, transaction)
            : null;
          await userModel(connection).updateOne(
            { _id: user._id },
            { $set: { last_workspace_id: workspace._id, updated_at: isoNow() } },
            { session: transaction },
          );

          publish(workspaceCreated, {
            workspace_id: workspace._id,
            actor: claims.actor,
            data: workspaceState(workspace),
          });
          publish(memberAdded, {
            workspace_id: workspace._id,
            actor: claims.actor,
            data: memberState(member, user, owner),
          });
          if (session) {
            publish(sessionSwitched, {
              workspace_id: workspace._id,
              actor: claims.actor,
              data: {
                ...sessionState(session),
                from_workspace_id: claims.workspace_id,
                to_workspace_id: workspace._id,
              },
            });
          }
          return workspace;
        }),
      );
      return { workspace_id: workspace._id, slug: workspace.slug, organization_id: workspace._id };
    } catch (error) {
      // Another workspace took the same slug between our check and our commit: pick again.
      if (attempt < SLUG_ATTEMPTS && isDuplicateKey(error, 'slug')) continue;
      throw error;
    }
  }
}
