import { invitationRevoked } from '@crm/protos';
import { isoNow, isUuid, type InternalClaims } from '@crm/kit';
import { commit } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { invitationNotFound, invitationNotPending } from './invitation-errors';
import { invitationState } from '../events/record-states';
import { effectiveStatus, invitationModel, type InvitationRecord } from './invitation.model';
import { invitationTokenModel } from './invitation-token.model';

// Revokes a pending invitation: its link stops working at once. Revoking a revoked or expired
// invitation changes nothing and answers the same; an accepted one cannot be revoked (the
// member is removed with PATCH /members/{id} instead).
export async function revokeInvitation(
  runtime: IdentityRuntime,
  claims: InternalClaims,
  workspaceId: string,
  invitationId: string,
): Promise<void> {
  // A malformed id cannot name an invitation: the same 404 as another workspace's.
  if (!isUuid(invitationId)) throw invitationNotFound();
  const { connection } = runtime.context;
  const invitations = invitationModel(connection);
  await commit(runtime.context, async ({ transaction, publish }) => {
    const invitation = await invitations
      .findOne({ _id: invitationId, workspace_id: workspaceId })
      .session(transaction)
      .lean<InvitationRecord>()
      .exec();
    if (!invitation) throw invitationNotFound();
    const now = isoNow();
    const status = effectiveStatus(invitation, now);
    if (status === 'accepted') throw invitationNotPending();
    if (status !== 'pending') return;
    const version = (invitation.version ?? 1) + 1;
    await invitations.updateOne(
      { _id: invitationId, workspace_id: workspaceId },
      { $set: { status: 'revoked', revoked_at: now, version, updated_at: now } },
      { session: transaction },
    );
    await invitationTokenModel(connection).deleteMany({ invitation_id: invitationId }, { session: transaction });
    const role = await roleModel(connection)
      .findOne({ _id: invitation.role_id, workspace_id: workspaceId })
      .session(transaction)
      .lean<RoleRecord>()
      .exec();
    publish(invitationRevoked, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: { ...invitationState({ ...invitation, status: 'revoked', version }, role?.name ?? ''), revoked_at: now },
    });
  });
}
