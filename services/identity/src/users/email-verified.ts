import { AppError } from '@crm/kit';
import type { UserRecord } from './user.model';

// What an account may only do once it has proved it receives mail at its address: whatever is
// given to an email address rather than to an account (an invitation matched on the email, staff
// support access granted to an email). Everything else works unverified, its own workspace too.
export function isEmailVerified(user: Pick<UserRecord, 'email_verified_at'>): boolean {
  return typeof user.email_verified_at === 'string';
}

export const emailUnverified = (before: string) =>
  new AppError(
    'email_unverified',
    `verify your email address before ${before}: follow the link mailed to you, or ask for a new one with POST /v1/me/email-verification`,
    403,
  );

export function assertEmailVerified(user: Pick<UserRecord, 'email_verified_at'>, before: string): void {
  if (!isEmailVerified(user)) throw emailUnverified(before);
}
