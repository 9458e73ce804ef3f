import { emailVerified } from '@crm/protos';

// Contract in @crm/protos (identity.user.*: about the person, across workspaces). Data never
// holds the link's token.
export const EMAIL_VERIFICATION_EVENTS = {
  verified: emailVerified.type,
} as const;

export type { EmailVerifiedData } from '@crm/protos';
