import { PERMISSIONS } from './permissions';
import type { RoleRecord } from './role.model';

// Role in the API contract.
export interface RoleView {
  id: string;
  name: string;
  permissions: string[];
  is_system: boolean;
  // Members holding the role, active or disabled.
  members: number;
}

// Permissions in the catalogue's order, whatever order they were given in.
export function orderedPermissions(permissions: readonly string[]): string[] {
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
