import { sessionSwitched } from '@crm/protos';
import { isoNow, notFound } from '@crm/kit';
import { bumpVersion, commit } from '@crm/service-host';
import { sessionState } from '../events/record-states';
import { sessionModel } from './session.model';
import type { IdentityRuntime } from '../identity-runtime';
import { canEnterWorkspace } from '../support/support-grants';
import { userModel } from '../users/user.model';
import type { SessionClaims } from './session-guard';
import { switchSessionWorkspace } from './sessions';

// Moves the calling session to another workspace the person is an active member of (or holds
// live support access to). Any other workspace, existing or not, is "not found".
export async function switchWorkspace(
  runtime: IdentityRuntime,
  claims: SessionClaims,
  workspaceId: string,
): Promise<void> {
  const { connection } = runtime.context;
  await commit(runtime.context, async ({ transaction, publish }) => {
    // Members, and staff with live support access (src/support/).
    if (!(await canEnterWorkspace(connection, workspaceId, claims.user_id, transaction))) throw notFound('workspace');
    await switchSessionWorkspace(connection, transaction, claims.session_id, claims.user_id, workspaceId);
    await userModel(connection).updateOne(
      { _id: claims.user_id },
      { $set: { last_workspace_id: workspaceId, updated_at: isoNow() } },
      { session: transaction },
    );
    if (claims.workspace_id === workspaceId) return;
    const session = await bumpVersion(sessionModel(connection), { _id: claims.session_id }, transaction);
    publish(sessionSwitched, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: {
        ...sessionState(session),
        from_workspace_id: claims.workspace_id,
        to_workspace_id: workspaceId,
      },
    });
  });
}
