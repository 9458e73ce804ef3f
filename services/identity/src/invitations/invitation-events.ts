import { invitationAccepted, invitationCreated, invitationRevoked } from '@crm/protos';

// Contracts in @crm/protos (protos/events/identity-events.ts). The notification consumer tells
// `invited_by` when an invitation is accepted.
export const INVITATION_EVENTS = {
  created: invitationCreated.type,
  revoked: invitationRevoked.type,
  accepted: invitationAccepted.type,
} as const;

export type { InvitationAcceptedData, InvitationCreatedData, InvitationRevokedData } from '@crm/protos';
