import type { ClientSession, Connection } from 'mongoose';
import { newId } from '@crm/kit';
import { BUILT_IN_ROLES } from './built-in-roles';
import { roleNameKey } from './role-names';
import { roleModel, type RoleRecord } from './role.model';

// Seeds the fixed built-in roles into a new workspace; returns them by name.
export async function seedBuiltInRoles(
  connection: Connection,
  transaction: ClientSession,
  workspaceId: string,
  now: string,
): Promise<Map<string, RoleRecord>> {
  const roles: RoleRecord[] = BUILT_IN_ROLES.map((role) => ({
    _id: newId(),
    workspace_id: workspaceId,
    name: role.name,
    name_key: roleNameKey(role.name),
    permissions: [...role.permissions],
    is_system: true,
    created_at: now,
    updated_at: now,
  }));
  await roleModel(connection).create(roles, { session: transaction, ordered: true });
  return new Map(roles.map((role) => [role.name, role]));
}
