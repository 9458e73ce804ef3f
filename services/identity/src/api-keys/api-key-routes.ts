import type { Router } from 'express';
import { authOf, workspaceOf } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { runtimeOf } from '../identity-runtime';
import { trimFields } from '../shared/trim-fields';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { apiKeyModel, type ApiKeyRecord } from './api-key.model';
import { validateCreateApiKey } from './api-key.schemas';
import { apiKeyView } from './api-key-view';
import { createApiKey } from './create-api-key';
import { revokeApiKey } from './revoke-api-key';

// API keys are admin-only and agent keys cannot delete (spec sections 4 and 5): the permission
// matrix (protos/rest/operations.ts) enforces both before these handlers run.
export function apiKeyRoutes(router: Router, context: ServiceContext): void {
  const runtime = runtimeOf(context);
  const { connection } = context;

  // Every key of the workspace, revoked ones included (revoked_at set), newest first.
  router.get('/api-keys', async (req, res) => {
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
    res.json({ data: keys.map((key) => apiKeyView(key, roleNames.get(key.role_id) ?? '')) });
  });

  router.post('/api-keys', async (req, res) => {
    const workspaceId = workspaceOf(req);
    const body = validateCreateApiKey(trimFields(req.body, ['name']));
    res.status(201).json(await createApiKey(runtime, authOf(req), workspaceId, body));
  });

  router.delete('/api-keys/:id', async (req, res) => {
    const workspaceId = workspaceOf(req);
    await revokeApiKey(runtime, authOf(req), workspaceId, String(req.params.id));
    res.status(204).end();
  });
}
