import { BUILT_IN_ROLES, DEFAULT_API_KEY_ROLE, ROLES_NOT_FOR_API_KEYS } from '../built-in-roles';
import { PERMISSIONS, isAdminPermissionSet } from '../permissions';

const permissionsOf = (name: string) => BUILT_IN_ROLES.find((role) => role.name === name)?.permissions;

describe('built-in roles', () => {
  it('are the six documented roles, with unique names', () => {
    expect(BUILT_IN_ROLES.map((role) => role.name)).toEqual([
      'Owner',
      'Admin',
      'Sales',
      'Read only',
      'Agent (read only)',
      'Agent (read & write)',
    ]);
  });

  it('grant only permissions of the contract', () => {
    for (const role of BUILT_IN_ROLES) {
      for (const permission of role.permissions) expect(PERMISSIONS).toContain(permission);
    }
  });

  it('make Owner and Admin the only admins, with all ten permissions', () => {
    expect(PERMISSIONS).toHaveLength(10);
    expect(permissionsOf('Owner')).toEqual(PERMISSIONS);
    expect(permissionsOf('Admin')).toEqual(PERMISSIONS);
    const admins = BUILT_IN_ROLES.filter((role) => isAdminPermissionSet(role.permissions)).map((role) => role.name);
    expect(admins).toEqual(['Owner', 'Admin']);
  });

  it('give keys read-only access by default and never Owner or Admin', () => {
    expect(DEFAULT_API_KEY_ROLE).toBe('Agent (read only)');
    expect(permissionsOf(DEFAULT_API_KEY_ROLE)).toEqual(['companies:read', 'contacts:read', 'tasks:read']);
    expect(ROLES_NOT_FOR_API_KEYS).toEqual(['Owner', 'Admin']);
  });
});
