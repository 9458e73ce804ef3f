import type { ClientSession, Connection } from 'mongoose';
import { issueLinkToken, type IssuedLinkToken } from '../shared/link-token';
import { findOpenPersonLink } from '../shared/person-links';
import type { UserRecord } from '../users/user.model';
import { emailVerificationModel, type EmailVerificationRecord } from './email-verification.model';

export const EMAIL_VERIFICATION_TOKEN_PREFIX = 'crm_ver_';
export const EMAIL_VERIFICATION_TTL_HOURS = 24;

export function issueEmailVerificationToken(): IssuedLinkToken {
  return issueLinkToken(EMAIL_VERIFICATION_TOKEN_PREFIX);
}

export function emailVerificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/v1/public/email-verifications/${token}`;
}

export interface OpenEmailVerification {
  verification: EmailVerificationRecord;
  user: UserRecord;
}

// The link a token opens while it can still be used, for the address the account still has;
// null for anything else (answered 404).
export async function findOpenEmailVerification(
  connection: Connection,
  token: unknown,
  transaction?: ClientSession,
): Promise<OpenEmailVerification | null> {
  const open = await findOpenPersonLink(
    connection,
    emailVerificationModel(connection),
    EMAIL_VERIFICATION_TOKEN_PREFIX,
    token,
    transaction,
  );
  return open && open.user.email === open.link.email ? { verification: open.link, user: open.user } : null;
}
