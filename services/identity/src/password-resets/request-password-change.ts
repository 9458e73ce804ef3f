import { passwordChangeRequested } from '@crm/protos';
import { AppError, newId, notFound, type InternalClaims } from '@crm/kit';
import { commit } from '@crm/service-host';
import { mailText } from '@crm/mail';
import type { IdentityRuntime } from '../identity-runtime';
import { userModel, type UserRecord } from '../users/user.model';
import { userState } from '../events/record-states';
import { PASSWORD_RESET_TTL_MINUTES, issuePasswordResetToken, passwordResetLink } from './password-reset-links';
import { replaceOpenLinks } from '../shared/person-links';
import { passwordResetModel, type PasswordResetRecord } from './password-reset.model';
import type { PasswordChangeLinkView } from './password-reset.operations';

const MINUTE_MS = 60 * 1000;

// POST /me/password: a one-time, expiring link to set a new password, answered and mailed to
// the person. Asking again replaces the earlier link (only the latest works).
export async function requestPasswordChange(
  runtime: IdentityRuntime,
  claims: InternalClaims,
): Promise<PasswordChangeLinkView> {
  const { connection } = runtime.context;
  const user = await userModel(connection).findById(claims.user_id).lean<UserRecord>().exec();
  if (!user) throw notFound('user');
  const issued = issuePasswordResetToken();
  const url = passwordResetLink(runtime.config.publicUrl, issued.token);
  await commit(runtime.context, async ({ transaction, publish }) => {
    const now = new Date();
    const nowText = now.toISOString();
    const resets = passwordResetModel(connection);
    await replaceOpenLinks(resets, user._id, nowText, transaction);
    const record: PasswordResetRecord = {
      _id: newId(),
      token_digest: issued.digest,
      user_id: user._id,
      created_at: nowText,
      expires_at: new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * MINUTE_MS).toISOString(),
      used_at: null,
      replaced_at: null,
    };
    await resets.create([record], { session: transaction });
    publish(passwordChangeRequested, {
      workspace_id: claims.workspace_id,
      actor: claims.actor,
      // The person is unchanged: their state at its current version.
      data: { ...userState(user), password_reset_id: record._id, expires_at: record.expires_at },
    });
    // Last, so a mail that cannot be sent leaves no link behind.
    await sendPasswordChangeMail(runtime, user, url, record.expires_at);
  });
  return { url };
}

async function sendPasswordChangeMail(
  runtime: IdentityRuntime,
  user: UserRecord,
  url: string,
  expiresAt: string,
): Promise<void> {
  const text = [
    mailText`Hello ${user.name},`,
    '',
    'Use this link once to set a new password for your CRM account:',
    url,
    '',
    `It works until ${expiresAt} (UTC). Until you use it, your current password stays as it is.`,
    'If you did not ask for this, you can ignore this mail.',
  ].join('\n');
  try {
    await runtime.mailer.send({ to: user.email, subject: 'Change your password', text });
  } catch (error) {
    runtime.context.logger.warn({ err: error }, 'password change mail could not be sent');
    throw new AppError('unavailable', 'the password change mail could not be sent; try again shortly');
  }
}
