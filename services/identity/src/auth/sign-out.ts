import { sessionEnded } from '@crm/protos';
import { bumpVersion, commit } from '@crm/service-host';
import { sessionState } from '../events/record-states';
import { sessionModel } from './session.model';
import type { IdentityRuntime } from '../identity-runtime';
import type { SessionClaims } from './session-guard';
import { revokeSession } from './sessions';

// Revokes the calling session; the very next request with its token is refused.
export async function signOut(runtime: IdentityRuntime, claims: SessionClaims): Promise<void> {
  await commit(runtime.context, async ({ transaction, publish }) => {
    const revoked = await revokeSession(runtime.context.connection, transaction, claims.session_id, claims.user_id);
    if (!revoked) return;
    const session = await bumpVersion(
      sessionModel(runtime.context.connection),
      { _id: claims.session_id },
      transaction,
    );
    publish(sessionEnded, {
      workspace_id: claims.workspace_id,
      actor: claims.actor,
      data: { ...sessionState(session), reason: 'sign_out' },
    });
  });
}
