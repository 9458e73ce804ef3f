import { passwordChanged, passwordChangeRequested } from '@crm/protos';

// Contracts in @crm/protos (identity.user.*: they are about the person, across workspaces).
// Data never holds the link's token or anything about the password.
export const PASSWORD_RESET_EVENTS = {
  changeRequested: passwordChangeRequested.type,
  changed: passwordChanged.type,
} as const;

export type { PasswordChangedData, PasswordChangeRequestedData } from '@crm/protos';
