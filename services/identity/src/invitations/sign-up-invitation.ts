import type { Connection } from 'mongoose';
import { type UnitOfWork } from '@crm/service-host';
import type { EventActor } from '@crm/bus';
import type { UserRecord } from '../users/user.model';
import { invitationEmailMismatch, invitationNotFound } from './invitation-errors';
import { findOpenInvitation } from './invitation-links';
import { joinByInvitation, type Joined } from './join-by-invitation';

// Signing up from an invitation link (POST /auth/sign-up with invitation_token).

// Checked before the account is made (and its password hashed): the workspace the new account
// will start in. Unknown, used, revoked or expired: 404; sent to another email: 409.
export async function invitedWorkspaceOf(connection: Connection, token: string, email: string): Promise<string> {
  const open = await findOpenInvitation(connection, token);
  if (!open) throw invitationNotFound();
  if (open.invitation.email !== email) throw invitationEmailMismatch();
  return open.invitation.workspace_id;
}

// In the sign-up transaction, after the user is created: uses the invitation up and adds the
// membership, read again so that a link used meanwhile is refused.
export async function joinOnSignUp(
  connection: Connection,
  unit: UnitOfWork,
  token: string,
  user: Pick<UserRecord, '_id' | 'name' | 'email'>,
  actor: EventActor,
): Promise<Joined> {
  const open = await findOpenInvitation(connection, token, unit.transaction);
  if (!open) throw invitationNotFound();
  return joinByInvitation(connection, unit, open, user, actor, 'sign_up');
}
