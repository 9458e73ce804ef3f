import type { ClientSession, Connection } from 'mongoose';
import { issueLinkToken, type IssuedLinkToken } from '../shared/link-token';
import { findOpenPersonLink } from '../shared/person-links';
import type { UserRecord } from '../users/user.model';
import { passwordResetModel, type PasswordResetRecord } from './password-reset.model';

export const PASSWORD_RESET_TOKEN_PREFIX = 'crm_pwd_';
export const PASSWORD_RESET_TTL_MINUTES = 60;

export function issuePasswordResetToken(): IssuedLinkToken {
  return issueLinkToken(PASSWORD_RESET_TOKEN_PREFIX);
}

export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/v1/public/password-resets/${token}`;
}

export interface OpenPasswordReset {
  reset: PasswordResetRecord;
  user: UserRecord;
}

// The link a token opens while it can still be used; null for anything else (answered 404).
export async function findOpenPasswordReset(
  connection: Connection,
  token: unknown,
  transaction?: ClientSession,
): Promise<OpenPasswordReset | null> {
  const open = await findOpenPersonLink(
    connection,
    passwordResetModel(connection),
    PASSWORD_RESET_TOKEN_PREFIX,
    token,
    transaction,
  );
  return open && { reset: open.link, user: open.user };
}
