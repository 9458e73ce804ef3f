import { implement, workspaceOf, type Implementation } from '@crm/kit';
import type { IdentityRuntime } from '../identity-runtime';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { apiKeyModel, type ApiKeyRecord } from './api-key.model';
import { createApiKey, listApiKeys, revokeApiKey } from './api-key.operations';
import { apiKeyView } from './api-key-view';
import { createApiKey as create } from './create-api-key';
import { revokeApiKey as revoke } from './revoke-api-key';

// API keys are admin-only and agent keys cannot delete (spec sections 4 and 5): the permission
// matrix (protos/rest/operations.ts) enforces both before these handlers run.
export function apiKeyOperations(runtime: IdentityRuntime): Implementation[] {
  const { connection } = runtime.context;

  return [
    implement(listApiKeys, async ({ req }) => {
      const workspaceId = workspaceOf(req);
      const keys = await apiKeyModel(connection)
        .find({ workspace_id: workspaceId })
        .sort({ created_at: -1, _id: -1 })
        .lean<ApiKeyRecord[]>()
        .exec();
      const roleIds = [...new Set(keys.map((key) => key.role_id))];
      const roles = await roleModel(connection)
        .find({ workspace_id: workspaceId, _id: { $in: roleIds } })
        .lean<RoleRecord[]>()
        .exec();
      const roleNames = new Map(roles.map((role) => [role._id, role.name]));
      return { data: keys.map((key) => apiKeyView(key, roleNames.get(key.role_id) ?? '')) };
    }),

    implement(createApiKey, async ({ req, auth, body }) => create(runtime, auth, workspaceOf(req), body)),

    implement(revokeApiKey, async ({ req, auth, params }) => {
      await revoke(runtime, auth, workspaceOf(req), params.id);
    }),
  ];
}
