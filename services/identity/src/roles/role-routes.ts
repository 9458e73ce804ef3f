import type { Router } from 'express';
import { authOf, workspaceOf } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { runtimeOf } from '../identity-runtime';
import { trimFields } from '../shared/trim-fields';
import { BUILT_IN_ROLES } from './built-in-roles';
import { createRole } from './create-role';
import { deleteRole } from './delete-role';
import { PERMISSIONS } from './permissions';
import { memberCountsByRole } from './role-usage';
import { roleModel, type RoleRecord } from './role.model';
import { validateCreateRole, validateUpdateRole } from './role.schemas';
import { roleView } from './role-view';
import { updateRole } from './update-role';

const BUILT_IN_ORDER = new Map(BUILT_IN_ROLES.map((role, index) => [role.name, index]));

// Built-in roles first in their catalogue order, then custom roles by name.
function compareRoles(a: RoleRecord, b: RoleRecord): number {
  if (a.is_system !== b.is_system) return a.is_system ? -1 : 1;
  if (a.is_system) return (BUILT_IN_ORDER.get(a.name) ?? 0) - (BUILT_IN_ORDER.get(b.name) ?? 0);
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a._id.localeCompare(b._id);
}

// Roles are admin-only (users:manage); the permission matrix refuses everyone else and agent
// keys' DELETE before these handlers run.
export function roleRoutes(router: Router, context: ServiceContext): void {
  const runtime = runtimeOf(context);
  const { connection } = context;

  router.get('/roles', async (req, res) => {
    const workspaceId = workspaceOf(req);
    const [roles, counts] = await Promise.all([
      roleModel(connection).find({ workspace_id: workspaceId }).lean<RoleRecord[]>().exec(),
      memberCountsByRole(connection, workspaceId),
    ]);
    res.json({
      data: roles.sort(compareRoles).map((role) => roleView(role, counts.get(role._id) ?? 0)),
      permissions: [...PERMISSIONS],
    });
  });

  router.post('/roles', async (req, res) => {
    const workspaceId = workspaceOf(req);
    const body = validateCreateRole(trimFields(req.body, ['name']));
    res.status(201).json(await createRole(runtime, authOf(req), workspaceId, body));
  });

  router.patch('/roles/:id', async (req, res) => {
    const workspaceId = workspaceOf(req);
    const body = validateUpdateRole(trimFields(req.body, ['name']));
    res.json(await updateRole(runtime, authOf(req), workspaceId, String(req.params.id), body));
  });

  router.delete('/roles/:id', async (req, res) => {
    const workspaceId = workspaceOf(req);
    await deleteRole(runtime, authOf(req), workspaceId, String(req.params.id));
    res.status(204).end();
  });
}
