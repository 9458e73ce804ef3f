import { PERMISSIONS, type Permission } from '@crm/protos';

// The ten permission names of the contract (spec section 5) live with the permission matrix.
export { PERMISSIONS, type Permission };

// A role that may manage settings is a workspace admin (is_admin in the internal claims).
export const ADMIN_PERMISSION: Permission = 'settings:manage';

export function isAdminPermissionSet(permissions: readonly string[]): boolean {
  return permissions.includes(ADMIN_PERMISSION);
}
