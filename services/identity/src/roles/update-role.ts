import { roleUpdated } from '@crm/protos';
import { AppError, type InternalClaims, isDuplicateKey, isoNow, isUuid, notFound } from '@crm/kit';
import { commit } from '@crm/service-host';
import { roleState } from '../events/record-states';
import type { IdentityRuntime } from '../identity-runtime';
import { assertRoleNameFree, roleNameKey, roleNameTaken } from './role-names';
import { memberCountsByRole } from './role-usage';
import { roleModel, type RoleRecord } from './role.model';
import type { UpdateRoleBody, RoleView } from './role.operations';
import { orderedPermissions, roleView } from './role-view';

export const roleIsSystem = () => new AppError('role_is_system', 'built-in roles cannot be changed or deleted', 409);

// Renames a custom role or changes its permissions. Members and keys holding it get the new
// permissions on their next request: Authenticate reads the role every time.
export async function updateRole(
  runtime: IdentityRuntime,
  claims: InternalClaims,
  workspaceId: string,
  roleId: string,
  body: UpdateRoleBody,
): Promise<RoleView> {
  if (!isUuid(roleId)) throw notFound('role');
  const { connection } = runtime.context;
  const roles = roleModel(connection);
  try {
    return await commit(runtime.context, async ({ transaction, publish }) => {
      const role = await roles
        .findOne({ _id: roleId, workspace_id: workspaceId })
        .session(transaction)
        .lean<RoleRecord>()
        .exec();
      if (!role) throw notFound('role');
      if (role.is_system) throw roleIsSystem();

      const name = body.name ?? role.name;
      const permissions = body.permissions
        ? orderedPermissions(body.permissions)
        : orderedPermissions(role.permissions);
      const previousPermissions = orderedPermissions(role.permissions);
      const renamed = name !== role.name;
      const permissionsChanged = permissions.join(' ') !== previousPermissions.join(' ');
      const members = (await memberCountsByRole(connection, workspaceId, transaction)).get(role._id) ?? 0;
      if (!renamed && !permissionsChanged) return roleView(role, members);

      if (renamed) await assertRoleNameFree(connection, transaction, workspaceId, name, role._id);
      const version = (role.version ?? 1) + 1;
      const updated: RoleRecord = {
        ...role,
        name,
        name_key: roleNameKey(name),
        permissions,
        version,
        updated_at: isoNow(),
      };
      await roles.updateOne(
        { _id: role._id, workspace_id: workspaceId },
        { $set: { name, name_key: updated.name_key, permissions, version, updated_at: updated.updated_at } },
        { session: transaction },
      );
      publish(roleUpdated, {
        workspace_id: workspaceId,
        actor: claims.actor,
        data: {
          ...roleState(updated),
          previous_name: role.name,
          previous_permissions: previousPermissions,
        },
      });
      return roleView(updated, members);
    });
  } catch (error) {
    if (isDuplicateKey(error) && body.name !== undefined) throw roleNameTaken(body.name);
    throw error;
  }
}
