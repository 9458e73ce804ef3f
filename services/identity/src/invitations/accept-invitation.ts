import { sessionSwitched } from '@crm/protos';
import { acrossWorkspaces, isDuplicateKey, isoNow, notFound } from '@crm/kit';
import { bumpVersion, commit } from '@crm/service-host';
import type { SessionClaims } from '../auth/session-guard';
import { switchSessionWorkspace } from '../auth/sessions';
import { sessionState } from '../events/record-states';
import { sessionModel } from '../auth/session.model';
import type { IdentityRuntime } from '../identity-runtime';
import { assertEmailVerified } from '../users/email-verified';
import { userModel, type UserRecord } from '../users/user.model';
import { alreadyMember, invitationNotFound } from './invitation-errors';
import { findOpenInvitation } from './invitation-links';
import type { AcceptedInvitationView } from './invitation.operations';
import { joinByInvitation } from './join-by-invitation';

// A signed-in person accepts: they join the workspace with the invited role and their session
// moves there (it works before they have any workspace of their own).
export async function acceptInvitation(
  runtime: IdentityRuntime,
  claims: SessionClaims,
  token: string,
): Promise<AcceptedInvitationView> {
  const { connection } = runtime.context;
  const user = await userModel(connection).findById(claims.user_id).lean<UserRecord>().exec();
  if (!user) throw notFound('user');
  // The invitation is matched on the email: an account that has not proved it receives mail
  // there may have been made by someone else before its owner signed up.
  assertEmailVerified(user, 'accepting an invitation');
  try {
    // The invitation's workspace is not the caller's yet: the request's context names the one they came from.
    return await acrossWorkspaces('accepting an invitation: join another workspace', () =>
      commit(runtime.context, async (unit) => {
        const open = await findOpenInvitation(connection, token, unit.transaction);
        if (!open) throw invitationNotFound();
        const joined = await joinByInvitation(connection, unit, open, user, claims.actor, 'sign_in');
        const workspaceId = joined.workspaceId;
        await switchSessionWorkspace(connection, unit.transaction, claims.session_id, user._id, workspaceId);
        const session = await bumpVersion(sessionModel(connection), { _id: claims.session_id }, unit.transaction);
        await userModel(connection).updateOne(
          { _id: user._id },
          { $set: { last_workspace_id: workspaceId, updated_at: isoNow() } },
          { session: unit.transaction },
        );
        unit.publish(sessionSwitched, {
          workspace_id: workspaceId,
          actor: claims.actor,
          data: {
            ...sessionState(session),
            from_workspace_id: claims.workspace_id,
            to_workspace_id: workspaceId,
          },
        });
        return { workspace_id: workspaceId, organization_id: workspaceId, role: joined.role };
      }),
    );
  } catch (error) {
    // Joined by another path at the same moment: the unique membership index decides.
    if (isDuplicateKey(error, 'user_id')) throw alreadyMember('you are already a member of this workspace');
    throw error;
  }
}
