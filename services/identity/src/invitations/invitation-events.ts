// The facts the invitations resource publishes (data never holds the link's token). The
// notification consumer tells `invited_by` when an invitation is accepted: keep the names.
export const INVITATION_EVENTS = {
  created: 'identity.invitation.created',
  revoked: 'identity.invitation.revoked',
  accepted: 'identity.invitation.accepted',
} as const;

export interface InvitationCreatedData {
  invitation_id: string;
  email: string;
  role_id: string;
  role: string;
  // User id of the member who invited.
  invited_by: string;
  expires_at: string;
}

export interface InvitationRevokedData {
  invitation_id: string;
  email: string;
  role_id: string;
  role: string;
  invited_by: string;
  revoked_at: string;
}

export interface InvitationAcceptedData {
  invitation_id: string;
  email: string;
  role_id: string;
  role: string;
  // The person who joined and their new membership.
  user_id: string;
  member_id: string;
  invited_by: string;
  // sign_up: the account was created from the link; sign_in: an existing account accepted.
  via: 'sign_up' | 'sign_in';
}
