import { emailVerified } from '@crm/protos';
import { isoNow, notFound } from '@crm/kit';
import { commit } from '@crm/service-host';
import { userActor } from '../events/identity-events';
import { userState } from '../events/record-states';
import type { IdentityRuntime } from '../identity-runtime';
import { useLinkOnce } from '../shared/person-links';
import { userModel } from '../users/user.model';
import { findOpenEmailVerification } from './email-verification-links';
import { emailVerificationModel } from './email-verification.model';

const linkNotFound = () => notFound('email verification link');

// Following the link: the account's address is verified, once. The link is the proof, so it
// needs no session (it may be opened on another device than the one signed in).
export async function verifyEmail(runtime: IdentityRuntime, token: string): Promise<void> {
  const { connection } = runtime.context;
  await commit(runtime.context, async ({ transaction, publish }) => {
    const open = await findOpenEmailVerification(connection, token, transaction);
    if (!open) throw linkNotFound();
    const { verification, user } = open;
    const now = isoNow();
    if (!(await useLinkOnce(emailVerificationModel(connection), verification._id, now, transaction)))
      throw linkNotFound();
    const version = (user.version ?? 1) + 1;
    // Conditional on the address the link was mailed to: it verifies that address only.
    const verified = await userModel(connection).updateOne(
      { _id: user._id, email: verification.email },
      { $set: { email_verified_at: now, version, updated_at: now } },
      { session: transaction },
    );
    if (verified.modifiedCount !== 1) throw linkNotFound();
    publish(emailVerified, {
      workspace_id: null,
      // The link proves it is the person: they act for themself.
      actor: userActor(user),
      data: { ...userState({ ...user, version }), email_verification_id: verification._id, verified_at: now },
    });
  });
}
