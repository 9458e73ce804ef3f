import { passwordChanged } from '@crm/protos';
import { isoNow, notFound } from '@crm/kit';
import { commit } from '@crm/service-host';
import { userActor } from '../events/identity-events';
import { userState } from '../events/record-states';
import type { IdentityRuntime } from '../identity-runtime';
import { hashPassword } from '../auth/passwords';
import { sessionModel } from '../auth/session.model';
import { userModel } from '../users/user.model';
import { findOpenPasswordReset } from './password-reset-links';
import { useLinkOnce } from '../shared/person-links';
import { passwordResetModel } from './password-reset.model';
import type { SetPasswordBody } from './password-reset.operations';

const linkNotFound = () => notFound('password change link');

// Following the link: sets the new password once, and every session of the person is revoked
// with it (a password changed because someone else knew it must shut them out), unless the
// person asks to stay signed in (`sign_out_other_sessions: false`).
export async function setPassword(runtime: IdentityRuntime, token: string, body: SetPasswordBody): Promise<void> {
  const { connection } = runtime.context;
  // Checked before hashing, so an unknown link costs no scrypt work.
  if (!(await findOpenPasswordReset(connection, token))) throw linkNotFound();
  const passwordHash = await hashPassword(body.password, runtime.scrypt);

  await commit(runtime.context, async ({ transaction, publish }) => {
    const open = await findOpenPasswordReset(connection, token, transaction);
    if (!open) throw linkNotFound();
    const { reset, user } = open;
    const now = isoNow();
    if (!(await useLinkOnce(passwordResetModel(connection), reset._id, now, transaction))) throw linkNotFound();
    const version = (user.version ?? 1) + 1;
    await userModel(connection).updateOne(
      { _id: user._id },
      { $set: { password_hash: passwordHash, version, updated_at: now } },
      { session: transaction },
    );
    let signedOut = 0;
    if (body.sign_out_other_sessions !== false) {
      const revoked = await sessionModel(connection).updateMany(
        { user_id: user._id, revoked_at: null, expires_at: { $gt: now } },
        { $set: { revoked_at: now } },
        { session: transaction },
      );
      signedOut = revoked.modifiedCount;
    }
    publish(passwordChanged, {
      workspace_id: null,
      // The link proves it is the person: they act for themself.
      actor: userActor(user),
      data: { ...userState({ ...user, version }), password_reset_id: reset._id, signed_out_sessions: signedOut },
    });
  });
}
