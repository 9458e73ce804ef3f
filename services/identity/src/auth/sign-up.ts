import { AppError, isoNow, newId } from '@crm/kit';
import { commit } from '../events/unit-of-work';
import { IDENTITY_EVENTS, userActor, type SessionStartedData, type UserSignedUpData } from '../events/identity-events';
import type { IdentityRuntime } from '../identity-runtime';
import { userModel, type UserRecord } from '../users/user.model';
import { userView, type UserView } from '../users/user-view';
import { isDuplicateKey } from '../shared/duplicate-key';
import { normaliseEmail } from '../shared/trim-fields';
import type { SignUpBody } from './auth.schemas';
import { hashPassword } from './passwords';
import { startSession } from './sessions';

export interface SignUpResult {
  token: string;
  expires_at: string;
  user: UserView;
}

const emailTaken = () => new AppError('email_taken', 'an account with this email already exists', 409);

export function assertSignUpOpen(runtime: IdentityRuntime): void {
  if (!runtime.config.signupEnabled) throw new AppError('signup_disabled', 'sign-up is switched off on this server', 403);
}

// Creates the person and signs them in; they have no workspace until onboarding.
export async function signUp(runtime: IdentityRuntime, body: SignUpBody): Promise<SignUpResult> {
  const { context, config } = runtime;
  assertSignUpOpen(runtime);
  const users = userModel(context.connection);
  const email = normaliseEmail(body.email);
  if (await users.exists({ email })) throw emailTaken();

  const passwordHash = await hashPassword(body.password, runtime.scrypt);
  const now = isoNow();
  const user: UserRecord = {
    _id: newId(),
    email,
    name: body.name,
    password_hash: passwordHash,
    avatar: null,
    email_notifications: true,
    workspace_ids: [],
    last_workspace_id: null,
    created_at: now,
    updated_at: now,
  };
  try {
    const started = await commit(context, async ({ transaction, publish }) => {
      await users.create([user], { session: transaction });
      const session = await startSession(context.connection, transaction, {
        userId: user._id,
        workspaceId: null,
        ttlDays: config.sessionTtlDays,
      });
      const actor = userActor(user);
      publish<UserSignedUpData>({
        type: IDENTITY_EVENTS.userSignedUp,
        workspace_id: null,
        actor,
        data: { user_id: user._id, email: user.email, name: user.name },
      });
      publish<SessionStartedData>({
        type: IDENTITY_EVENTS.sessionStarted,
        workspace_id: null,
        actor,
        data: { session_id: session.record._id, user_id: user._id, method: 'sign_up', expires_at: session.record.expires_at },
      });
      return session;
    });
    return { token: started.token, expires_at: started.record.expires_at, user: userView(user) };
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isDuplicateKey(error, 'email')) throw emailTaken();
    throw error;
  }
}
