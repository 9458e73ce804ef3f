import { sessionStarted, userSignedUp } from '@crm/protos';
import { AppError, isDuplicateKey, isoNow, newId, normaliseEmail } from '@crm/kit';
import { commit } from '@crm/service-host';
import { userActor } from '../events/identity-events';
import { sessionState, userState } from '../events/record-states';
import type { IdentityRuntime } from '../identity-runtime';
import { sendEmailVerification } from '../email-verifications/send-email-verification';
import { invitedWorkspaceOf, joinOnSignUp } from '../invitations/sign-up-invitation';
import { userModel, type UserRecord } from '../users/user.model';
import { userView } from '../users/user-view';
import type { SignUpBody, SignUpResultView } from './auth.operations';
import { hashPassword } from './passwords';
import { startSession } from './sessions';

const emailTaken = () => new AppError('email_taken', 'an account with this email already exists', 409);

// The account exists whatever happens to the mail: a lost one is asked for again with
// POST /me/email-verification.
async function mailVerificationLink(runtime: IdentityRuntime, user: UserRecord): Promise<void> {
  try {
    await sendEmailVerification(runtime, user);
  } catch (error) {
    runtime.context.logger.warn(
      { err: error, user_id: user._id },
      'the email verification link of a new account was not sent',
    );
  }
}

export function assertSignUpOpen(runtime: IdentityRuntime): void {
  if (!runtime.config.signupEnabled)
    throw new AppError('signup_disabled', 'sign-up is switched off on this server', 403);
}

// Creates the person and signs them in; they have no workspace until onboarding, unless they
// sign up from an invitation: then they join its workspace in the same transaction.
export async function signUp(runtime: IdentityRuntime, body: SignUpBody): Promise<SignUpResultView> {
  const { context, config } = runtime;
  // An admin's invitation lets its person in even where self-service sign-up is switched off.
  if (!body.invitation_token) assertSignUpOpen(runtime);
  const users = userModel(context.connection);
  const email = normaliseEmail(body.email);
  if (await users.exists({ email })) throw emailTaken();
  const invitedTo = body.invitation_token
    ? await invitedWorkspaceOf(context.connection, body.invitation_token, email)
    : null;

  const passwordHash = await hashPassword(body.password, runtime.scrypt);
  const now = isoNow();
  const user: UserRecord = {
    _id: newId(),
    email,
    name: body.name,
    password_hash: passwordHash,
    // The invitation link was mailed to this address and is in hand: that proves it, as a
    // verification link would. Any other sign-up starts unverified and is mailed a link.
    email_verified_at: invitedTo ? now : null,
    avatar: null,
    email_notifications: true,
    workspace_ids: [],
    last_workspace_id: invitedTo,
    created_at: now,
    updated_at: now,
  };
  try {
    const started = await commit(context, async (unit) => {
      const { transaction, publish } = unit;
      const actor = userActor(user);
      await users.create([user], { session: transaction });
      const session = await startSession(context.connection, transaction, {
        userId: user._id,
        workspaceId: invitedTo,
        ttlDays: config.sessionTtlDays,
      });
      publish(userSignedUp, {
        workspace_id: null,
        actor,
        data: userState(user),
      });
      if (body.invitation_token) await joinOnSignUp(context.connection, unit, body.invitation_token, user, actor);
      publish(sessionStarted, {
        workspace_id: invitedTo,
        actor,
        data: { ...sessionState(session.record), method: 'sign_up' },
      });
      return session;
    });
    if (!invitedTo) await mailVerificationLink(runtime, user);
    return { token: started.token, expires_at: started.record.expires_at, user: userView(user) };
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isDuplicateKey(error, 'email')) throw emailTaken();
    throw error;
  }
}
