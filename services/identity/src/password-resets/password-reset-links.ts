import type { ClientSession, Connection } from 'mongoose';
import { isoNow } from '@crm/kit';
import { issueLinkToken, linkTokenDigest, type IssuedLinkToken } from '../shared/link-token';
import { userModel, type UserRecord } from '../users/user.model';
import { isOpen, passwordResetModel, type PasswordResetRecord } from './password-reset.model';

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

// The link a token opens while it can still be used. Unknown, malformed, used, replaced and
// expired tokens all give null: callers answer 404 and reveal nothing more.
export async function findOpenPasswordReset(
  connection: Connection,
  token: unknown,
  transaction?: ClientSession,
): Promise<OpenPasswordReset | null> {
  const digest = linkTokenDigest(PASSWORD_RESET_TOKEN_PREFIX, token);
  if (!digest) return null;
  const session = transaction ?? null;
  const reset = await passwordResetModel(connection).findOne({ token_digest: digest }).session(session).lean<PasswordResetRecord>().exec();
  if (!reset || !isOpen(reset, isoNow())) return null;
  const user = await userModel(connection).findById(reset.user_id).session(session).lean<UserRecord>().exec();
  return user ? { reset, user } : null;
}
