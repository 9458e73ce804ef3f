import { AppError, conflict, newId, notFound, unavailable } from '@crm/kit';
import { commit } from '@crm/service-host';
import { mailText } from '@crm/mail';
import type { IdentityRuntime } from '../identity-runtime';
import { replaceOpenLinks } from '../shared/person-links';
import { isEmailVerified } from '../users/email-verified';
import { userModel, type UserRecord } from '../users/user.model';
import {
  EMAIL_VERIFICATION_TTL_HOURS,
  emailVerificationLink,
  issueEmailVerificationToken,
} from './email-verification-links';
import { emailVerificationModel, type EmailVerificationRecord } from './email-verification.model';
import type { EmailVerificationSentView } from './email-verification.operations';

const HOUR_MS = 60 * 60 * 1000;
// Links one account may have mailed in an hour: enough for a lost mail or two, too few to use
// the server to flood someone else's inbox.
export const EMAIL_VERIFICATIONS_PER_HOUR = 5;

// POST /me/email-verification: a new link for a signed-in person whose address is not verified.
export async function resendEmailVerification(
  runtime: IdentityRuntime,
  userId: string,
): Promise<EmailVerificationSentView> {
  const user = await userModel(runtime.context.connection).findById(userId).lean<UserRecord>().exec();
  if (!user) throw notFound('user');
  if (isEmailVerified(user)) throw conflict('your email address is already verified', 'email_already_verified');
  return sendEmailVerification(runtime, user);
}

// Mails a single-use link that verifies the account's address, replacing any earlier one. The
// link is never answered: only someone who reads the mail can follow it. A mail that cannot be
// sent leaves no link behind (503).
export async function sendEmailVerification(
  runtime: IdentityRuntime,
  user: UserRecord,
): Promise<EmailVerificationSentView> {
  const { connection } = runtime.context;
  const issued = issueEmailVerificationToken();
  const url = emailVerificationLink(runtime.config.publicUrl, issued.token);
  return commit(runtime.context, async ({ transaction }) => {
    const now = new Date();
    const nowText = now.toISOString();
    const verifications = emailVerificationModel(connection);
    const recent = await verifications
      .find({ user_id: user._id, created_at: { $gt: new Date(now.getTime() - HOUR_MS).toISOString() } })
      .sort({ created_at: 1 })
      .limit(EMAIL_VERIFICATIONS_PER_HOUR)
      .session(transaction)
      .lean<EmailVerificationRecord[]>()
      .exec();
    if (recent.length >= EMAIL_VERIFICATIONS_PER_HOUR) {
      // Until the oldest link of the hour leaves the window.
      const retryAfter = Math.max(1, Math.ceil((Date.parse(recent[0].created_at) + HOUR_MS - now.getTime()) / 1000));
      throw new AppError(
        'rate_limited',
        `at most ${EMAIL_VERIFICATIONS_PER_HOUR} verification links an hour are sent; use the latest one or retry later`,
        429,
        {
          'Retry-After': String(retryAfter),
        },
      );
    }
    await replaceOpenLinks(verifications, user._id, nowText, transaction);
    const record: EmailVerificationRecord = {
      _id: newId(),
      token_digest: issued.digest,
      user_id: user._id,
      email: user.email,
      created_at: nowText,
      expires_at: new Date(now.getTime() + EMAIL_VERIFICATION_TTL_HOURS * HOUR_MS).toISOString(),
      used_at: null,
      replaced_at: null,
    };
    await verifications.create([record], { session: transaction });
    // Last, so a mail that cannot be sent leaves no link behind.
    await sendVerificationMail(runtime, user, url, record.expires_at);
    return { email: user.email, expires_at: record.expires_at };
  });
}

async function sendVerificationMail(
  runtime: IdentityRuntime,
  user: UserRecord,
  url: string,
  expiresAt: string,
): Promise<void> {
  const text = [
    mailText`Hello ${user.name},`,
    '',
    'Use this link once to confirm that this is your address for your CRM account:',
    url,
    '',
    `It works until ${expiresAt} (UTC). Until you use it you can work in your own workspace, but`,
    'not join another one by invitation.',
    'If you did not create this account, ignore this mail: without the link, nobody can use your',
    'address to join a workspace.',
  ].join('\n');
  try {
    await runtime.mailer.send({ to: user.email, subject: 'Confirm your email address', text });
  } catch (error) {
    runtime.context.logger.warn({ err: error }, 'email verification mail could not be sent');
    throw unavailable('the verification mail could not be sent; try again shortly');
  }
}
