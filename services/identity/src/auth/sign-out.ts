import { commit } from '../events/unit-of-work';
import { IDENTITY_EVENTS, type SessionEndedData } from '../events/identity-events';
import type { IdentityRuntime } from '../identity-runtime';
import type { SessionClaims } from './session-guard';
import { revokeSession } from './sessions';

// Revokes the calling session; the very next request with its token is refused.
export async function signOut(runtime: IdentityRuntime, claims: SessionClaims): Promise<void> {
  await commit(runtime.context, async ({ transaction, publish }) => {
    const revoked = await revokeSession(runtime.context.connection, transaction, claims.session_id, claims.user_id);
    if (!revoked) return;
    publish<SessionEndedData>({
      type: IDENTITY_EVENTS.sessionEnded,
      workspace_id: claims.workspace_id,
      actor: claims.actor,
      data: { session_id: claims.session_id, user_id: claims.user_id, reason: 'sign_out' },
    });
  });
}
