import { apiKeyRevoked } from '@crm/protos';
import { isoNow, isUuid, notFound, type InternalClaims } from '@crm/kit';
import { bumpVersion, commit } from '@crm/service-host';
import { apiKeyState } from '../events/record-states';
import type { IdentityRuntime } from '../identity-runtime';
import { apiKeyModel, type ApiKeyRecord } from './api-key.model';

// Revocation takes effect on the next request (Authenticate reads the key every time).
// Revoking a revoked key changes nothing and answers the same.
export async function revokeApiKey(
  runtime: IdentityRuntime,
  claims: InternalClaims,
  workspaceId: string,
  keyId: string,
): Promise<void> {
  // A malformed id cannot name a key: the same 404 as a key of another workspace.
  if (!isUuid(keyId)) throw notFound('API key');
  const keys = apiKeyModel(runtime.context.connection);
  await commit(runtime.context, async ({ transaction, publish }) => {
    const key = await keys
      .findOne({ _id: keyId, workspace_id: workspaceId })
      .session(transaction)
      .lean<ApiKeyRecord>()
      .exec();
    if (!key) throw notFound('API key');
    if (key.revoked_at) return;
    const revokedAt = isoNow();
    await keys.updateOne(
      { _id: keyId, workspace_id: workspaceId },
      { $set: { revoked_at: revokedAt } },
      { session: transaction },
    );
    const revoked = await bumpVersion(keys, { _id: keyId, workspace_id: workspaceId }, transaction);
    publish(apiKeyRevoked, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: apiKeyState(revoked),
    });
  });
}
