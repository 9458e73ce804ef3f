import type { ClientSession, Connection } from 'mongoose';
import { isoNow } from '@crm/kit';
import { digestsEqual } from '../auth/token-format';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { issueLinkToken, linkTokenDigest, type IssuedLinkToken } from '../shared/link-token';
import { workspaceModel, type WorkspaceRecord } from '../workspaces/workspace.model';
import { effectiveStatus, invitationModel, type InvitationRecord } from './invitation.model';
import { invitationTokenModel, type InvitationTokenRecord } from './invitation-token.model';

export const INVITATION_TOKEN_PREFIX = 'crm_inv_';
export const INVITATION_TTL_DAYS = 7;

export function issueInvitationToken(): IssuedLinkToken {
  return issueLinkToken(INVITATION_TOKEN_PREFIX);
}

// The acceptance link mailed to the invited person.
export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/v1/public/invitations/${token}`;
}

export interface OpenInvitation {
  invitation: InvitationRecord;
  role: RoleRecord;
  workspace: WorkspaceRecord;
}

// The invitation a link's token opens, while it can still be accepted. Unknown, malformed,
// used, revoked and expired tokens all give null: callers answer 404 and reveal nothing more.
export async function findOpenInvitation(
  connection: Connection,
  token: unknown,
  transaction?: ClientSession,
): Promise<OpenInvitation | null> {
  const digest = linkTokenDigest(INVITATION_TOKEN_PREFIX, token);
  if (!digest) return null;
  const session = transaction ?? null;
  const pointer = await invitationTokenModel(connection)
    .findById(digest)
    .session(session)
    .lean<InvitationTokenRecord>()
    .exec();
  if (!pointer || !digestsEqual(pointer._id, digest)) return null;
  const workspaceId = pointer.workspace_id;
  const invitation = await invitationModel(connection)
    .findOne({ _id: pointer.invitation_id, workspace_id: workspaceId })
    .session(session)
    .lean<InvitationRecord>()
    .exec();
  if (!invitation || effectiveStatus(invitation, isoNow()) !== 'pending') return null;
  // One at a time: operations of one transaction must not run concurrently.
  const role = await roleModel(connection)
    .findOne({ _id: invitation.role_id, workspace_id: workspaceId })
    .session(session)
    .lean<RoleRecord>()
    .exec();
  const workspace = await workspaceModel(connection)
    .findById(workspaceId)
    .session(session)
    .lean<WorkspaceRecord>()
    .exec();
  // The role was deleted since: the invitation can no longer be honoured as written.
  if (!role || !workspace) return null;
  return { invitation, role, workspace };
}
