import { apiKeyCreated } from '@crm/protos';
import { newId, validationFailed, type InternalClaims } from '@crm/kit';
import { commit } from '@crm/service-host';
import { issueApiKey } from '../auth/token-format';
import { apiKeyState } from '../events/record-states';
import type { IdentityRuntime } from '../identity-runtime';
import { DEFAULT_API_KEY_ROLE, ROLES_NOT_FOR_API_KEYS } from '../roles/built-in-roles';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { apiKeyCredentialModel } from './api-key-credential.model';
import { apiKeyModel, type ApiKeyRecord } from './api-key.model';
import type { ApiKeyView, CreateApiKeyBody } from './api-key.operations';
import { apiKeyView } from './api-key-view';

const DAY_MS = 24 * 60 * 60 * 1000;

export type CreatedApiKey = ApiKeyView & { key: string };

// A new key acting as the calling member with the given role; the secret is returned here
// once and only its digest is kept.
export async function createApiKey(
  runtime: IdentityRuntime,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateApiKeyBody,
): Promise<CreatedApiKey> {
  const { connection } = runtime.context;
  const roleName = body.role ?? DEFAULT_API_KEY_ROLE;
  if (ROLES_NOT_FOR_API_KEYS.includes(roleName)) {
    throw validationFailed(`role must not be ${ROLES_NOT_FOR_API_KEYS.join(' or ')} for an API key`);
  }
  const role = await roleModel(connection)
    .findOne({ workspace_id: workspaceId, name: roleName })
    .lean<RoleRecord>()
    .exec();
  if (!role) throw validationFailed(`role '${roleName}' is not a role of this workspace`);

  const issued = issueApiKey();
  const now = new Date();
  const key: ApiKeyRecord = {
    _id: newId(),
    workspace_id: workspaceId,
    name: body.name,
    kind: body.kind,
    prefix: issued.prefix,
    role_id: role._id,
    created_by: claims.user_id,
    created_at: now.toISOString(),
    expires_at: body.expires_in_days ? new Date(now.getTime() + body.expires_in_days * DAY_MS).toISOString() : null,
    last_used_at: null,
    revoked_at: null,
  };
  await commit(runtime.context, async ({ transaction, publish }) => {
    await apiKeyModel(connection).create([key], { session: transaction });
    await apiKeyCredentialModel(connection).create(
      [{ _id: issued.digest, workspace_id: workspaceId, key_id: key._id }],
      {
        session: transaction,
      },
    );
    publish(apiKeyCreated, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: { ...apiKeyState(key), role: role.name },
    });
  });
  return { ...apiKeyView(key, role.name), key: issued.key };
}
