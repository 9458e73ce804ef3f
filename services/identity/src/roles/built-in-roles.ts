import { PERMISSIONS, type Permission } from './permissions';

// The built-in roles seeded into every workspace. They are fixed (is_system): names and
// permissions cannot be changed, and the README documents this table.
export interface BuiltInRole {
  name: string;
  permissions: readonly Permission[];
}

export const OWNER_ROLE = 'Owner';
export const ADMIN_ROLE = 'Admin';
export const DEFAULT_API_KEY_ROLE = 'Agent (read only)';

export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  { name: OWNER_ROLE, permissions: PERMISSIONS },
  { name: ADMIN_ROLE, permissions: PERMISSIONS },
  {
    name: 'Sales',
    permissions: [
      'companies:read',
      'companies:write',
      'contacts:read',
      'contacts:write',
      'activities:write',
      'tasks:read',
      'tasks:write',
    ],
  },
  { name: 'Read only', permissions: ['companies:read', 'contacts:read', 'tasks:read'] },
  { name: DEFAULT_API_KEY_ROLE, permissions: ['companies:read', 'contacts:read', 'tasks:read'] },
  {
    name: 'Agent (read & write)',
    permissions: [
      'companies:read',
      'companies:write',
      'contacts:read',
      'contacts:write',
      'activities:write',
      'tasks:read',
      'tasks:write',
    ],
  },
];

// Roles an API key may not be given (spec section 5, item 4).
export const ROLES_NOT_FOR_API_KEYS: readonly string[] = [OWNER_ROLE, ADMIN_ROLE];
