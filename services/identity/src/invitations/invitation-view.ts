import { effectiveStatus, type InvitationRecord } from './invitation.model';

// Invitation in the API contract: never the link's token.
export interface InvitationView {
  id: string;
  email: string;
  role: string;
  status: string;
  created_at: string;
}

export function invitationView(invitation: InvitationRecord, roleName: string, now: string): InvitationView {
  return {
    id: invitation._id,
    email: invitation.email,
    role: roleName,
    status: effectiveStatus(invitation, now),
    created_at: invitation.created_at,
  };
}
