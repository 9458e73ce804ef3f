import { implement, workspaceOf, type Implementation } from '@crm/kit';
import type { IdentityRuntime } from '../identity-runtime';
import { BUILT_IN_ROLES } from './built-in-roles';
import { createRole as create } from './create-role';
import { deleteRole as remove } from './delete-role';
import { PERMISSIONS } from './permissions';
import { memberCountsByRole } from './role-usage';
import { roleModel, type RoleRecord } from './role.model';
import { createRole, deleteRole, listRoles, updateRole } from './role.operations';
import { roleView } from './role-view';
import { updateRole as update } from './update-role';

const BUILT_IN_ORDER = new Map(BUILT_IN_ROLES.map((role, index) => [role.name, index]));

// Built-in roles first in their catalogue order, then custom roles by name.
function compareRoles(a: RoleRecord, b: RoleRecord): number {
  if (a.is_system !== b.is_system) return a.is_system ? -1 : 1;
  if (a.is_system) return (BUILT_IN_ORDER.get(a.name) ?? 0) - (BUILT_IN_ORDER.get(b.name) ?? 0);
  return a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a._id.localeCompare(b._id);
}

// Roles are admin-only (users:manage); the permission matrix refuses everyone else and agent
// keys' DELETE before these handlers run.
export function roleOperations(runtime: IdentityRuntime): Implementation[] {
  const { connection } = runtime.context;

  return [
    implement(listRoles, async ({ req }) => {
      const workspaceId = workspaceOf(req);
      const [roles, counts] = await Promise.all([
        roleModel(connection).find({ workspace_id: workspaceId }).lean<RoleRecord[]>().exec(),
        memberCountsByRole(connection, workspaceId),
      ]);
      return {
        data: roles.sort(compareRoles).map((role) => roleView(role, counts.get(role._id) ?? 0)),
        permissions: [...PERMISSIONS],
      };
    }),

    implement(createRole, async ({ req, auth, body }) => create(runtime, auth, workspaceOf(req), body)),

    implement(updateRole, async ({ req, auth, params, body }) =>
      update(runtime, auth, workspaceOf(req), params.id, body),
    ),

    implement(deleteRole, async ({ req, auth, params }) => {
      await remove(runtime, auth, workspaceOf(req), params.id);
    }),
  ];
}
