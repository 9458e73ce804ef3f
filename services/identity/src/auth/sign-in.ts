import { sessionStarted } from '@crm/protos';
import { AppError, isoNow, normaliseEmail } from '@crm/kit';
import { commit } from '@crm/service-host';
import { userActor } from '../events/identity-events';
import { sessionState } from '../events/record-states';
import type { IdentityRuntime } from '../identity-runtime';
import { startingWorkspaceOf } from '../members/memberships';
import { userModel, type UserRecord } from '../users/user.model';
import type { SignInBody, SignInResultView } from './auth.operations';
import { hashPassword, needsRehash, verifyPassword } from './passwords';
import { startSession } from './sessions';

// An unknown email and a wrong password get the same answer after the same work (one user
// lookup, one scrypt), so sign-in does not reveal who has an account.
export async function signIn(runtime: IdentityRuntime, body: SignInBody): Promise<SignInResultView> {
  const { context, config } = runtime;
  const users = userModel(context.connection);
  const user = await users
    .findOne({ email: normaliseEmail(body.email) })
    .lean<UserRecord>()
    .exec();
  const matches = await verifyPassword(body.password, user?.password_hash ?? (await runtime.dummyPasswordHash()));
  if (!user || !matches) throw new AppError('unauthenticated', 'email or password is incorrect');

  const workspaceId = await startingWorkspaceOf(context.connection, user);
  const started = await commit(context, async ({ transaction, publish }) => {
    const session = await startSession(context.connection, transaction, {
      userId: user._id,
      workspaceId,
      ttlDays: config.sessionTtlDays,
    });
    publish(sessionStarted, {
      workspace_id: workspaceId,
      actor: userActor(user),
      data: { ...sessionState(session.record), method: 'sign_in' },
    });
    return session;
  });
  if (needsRehash(user.password_hash, runtime.scrypt)) await upgradeHash(runtime, user, body.password);
  return { token: started.token, expires_at: started.record.expires_at };
}

// The cost was raised since this password was set: store a stronger hash now that the
// password is at hand. Failing to do so must not fail the sign-in.
async function upgradeHash(runtime: IdentityRuntime, user: UserRecord, password: string): Promise<void> {
  try {
    const passwordHash = await hashPassword(password, runtime.scrypt);
    await userModel(runtime.context.connection).updateOne(
      { _id: user._id, password_hash: user.password_hash },
      { $set: { password_hash: passwordHash, updated_at: isoNow() } },
    );
  } catch (error) {
    runtime.context.logger.warn({ err: error, user_id: user._id }, 'password rehash failed');
  }
}
