import { PERMISSIONS, type Permission } from './permissions';
import type { RoleRecord } from './role.model';
import type { RoleView } from './role.operations';

// Permissions in the catalogue's order, whatever order they were given in.
export function orderedPermissions(permissions: readonly string[]): Permission[] {
  return PERMISSIONS.filter((permission) => permissions.includes(permission));
}

export function roleView(role: RoleRecord, members: number): RoleView {
  return {
    id: role._id,
    name: role.name,
    permissions: orderedPermissions(role.permissions),
    is_system: role.is_system,
    members,
  };
}
