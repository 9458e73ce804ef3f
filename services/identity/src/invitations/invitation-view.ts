import { effectiveStatus, type InvitationRecord } from './invitation.model';
import type { InvitationView } from './invitation.operations';

export function invitationView(invitation: InvitationRecord, roleName: string, now: string): InvitationView {
  return {
    id: invitation._id,
    email: invitation.email,
    role: roleName,
    status: effectiveStatus(invitation, now),
    created_at: invitation.created_at,
  };
}
