import { conflict, notFound } from '@crm/kit';

// The rules an invitation can break (409 with a specific code, docs/errors.md).
export const alreadyMember = (message = 'this person is already a member of the workspace') =>
  conflict(message, 'already_member');

export const invitationPending = () =>
  conflict('a pending invitation exists for this email; revoke it to send a new one', 'invitation_pending');

export const invitationNotPending = () =>
  conflict('the invitation has been accepted and can no longer be revoked', 'invitation_not_pending');

export const invitationEmailMismatch = () =>
  conflict('the invitation was sent to another email address than this account has', 'invitation_email_mismatch');

// Unknown, used, revoked and expired links all answer the same.
export const invitationNotFound = () => notFound('invitation');
