import type { ClientSession, Connection } from 'mongoose';
import { AppError } from '@crm/kit';
import { roleModel, type RoleRecord } from './role.model';

// The role staff act with during support access. It is not stored in any workspace, so no
// workspace role may take its name.
export const SUPPORT_ROLE = 'Support';

// Role names are unique per workspace whatever their case ("Sales" and "sales" are one name).
export function roleNameKey(name: string): string {
  return name.trim().toLowerCase();
}

export const roleNameTaken = (name: string) =>
  new AppError('role_name_taken', `a role named '${name}' already exists in this workspace`, 409);

// Checked inside the write's transaction; the unique index on name_key settles a race.
export async function assertRoleNameFree(
  connection: Connection,
  transaction: ClientSession,
  workspaceId: string,
  name: string,
  exceptRoleId?: string,
): Promise<void> {
  const key = roleNameKey(name);
  if (key === roleNameKey(SUPPORT_ROLE)) throw roleNameTaken(name);
  const roles = await roleModel(connection)
    .find({ workspace_id: workspaceId }, { name: 1 })
    .session(transaction)
    .lean<Array<Pick<RoleRecord, '_id' | 'name'>>>()
    .exec();
  if (roles.some((role) => role._id !== exceptRoleId && roleNameKey(role.name) === key)) throw roleNameTaken(name);
}
