import { invitationAccepted, memberAdded } from '@crm/protos';
import type { Connection } from 'mongoose';
import { type UnitOfWork } from '@crm/service-host';
import type { EventActor } from '@crm/bus';
import { isoNow } from '@crm/kit';
import { memberModel, type MemberRecord } from '../members/member.model';
import { addMember } from '../members/memberships';
import { ensureSeatFree } from '../members/seats';
import type { UserRecord } from '../users/user.model';
import { alreadyMember, invitationEmailMismatch, invitationNotFound } from './invitation-errors';
import { type InvitationAcceptedData } from './invitation-events';
import { invitationState, memberState } from '../events/record-states';
import { invitationModel } from './invitation.model';
import { invitationTokenModel } from './invitation-token.model';
import type { OpenInvitation } from './invitation-links';

export interface Joined {
  member: MemberRecord;
  workspaceId: string;
  role: string;
}

// Inside the caller's transaction: uses the invitation up and makes the person an active
// member with its role. Shared by accepting while signed in and by signing up from the link.
export async function joinByInvitation(
  connection: Connection,
  { transaction, publish }: UnitOfWork,
  open: OpenInvitation,
  user: Pick<UserRecord, '_id' | 'name' | 'email'>,
  actor: EventActor,
  via: InvitationAcceptedData['via'],
): Promise<Joined> {
  const { invitation, role } = open;
  const workspaceId = invitation.workspace_id;
  if (invitation.email !== user.email) throw invitationEmailMismatch();
  const existing = await memberModel(connection)
    .findOne({ workspace_id: workspaceId, user_id: user._id })
    .session(transaction)
    .lean<MemberRecord>()
    .exec();
  if (existing) throw alreadyMember('you are already a member of this workspace');
  // The joiner is not in that workspace yet: its plan is read from the workspace itself (what the
  // internal token of its members carries).
  await ensureSeatFree(connection, transaction, workspaceId, open.workspace.plan, 'member');

  const now = isoNow();
  const version = (invitation.version ?? 1) + 1;
  // Conditional on still being open: of two uses of one link at once, only one gets here.
  const used = await invitationModel(connection).updateOne(
    { _id: invitation._id, workspace_id: workspaceId, status: 'pending', expires_at: { $gt: now } },
    { $set: { status: 'accepted', accepted_at: now, accepted_by: user._id, version, updated_at: now } },
    { session: transaction },
  );
  if (used.modifiedCount !== 1) throw invitationNotFound();
  await invitationTokenModel(connection).deleteMany({ invitation_id: invitation._id }, { session: transaction });
  const member = await addMember(connection, transaction, { workspaceId, userId: user._id, roleId: role._id, now });
  await invitationModel(connection).updateOne(
    { _id: invitation._id, workspace_id: workspaceId },
    { $set: { member_id: member._id } },
    { session: transaction },
  );

  publish(memberAdded, {
    workspace_id: workspaceId,
    actor,
    data: memberState(member, user, role),
  });
  publish(invitationAccepted, {
    workspace_id: workspaceId,
    actor,
    data: {
      ...invitationState({ ...invitation, status: 'accepted', version }, role.name),
      user_id: user._id,
      member_id: member._id,
      invited_by: invitation.invited_by,
      via,
    },
  });
  return { member, workspaceId, role: role.name };
}
