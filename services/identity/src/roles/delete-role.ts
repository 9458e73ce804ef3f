import { roleDeleted } from '@crm/protos';
import { AppError, isUuid, isoNow, notFound, type InternalClaims } from '@crm/kit';
import { commit } from '@crm/service-host';
import { roleState } from '../events/record-states';
import type { IdentityRuntime } from '../identity-runtime';
import { describeUsage, roleUsage } from './role-usage';
import { roleModel, type RoleRecord } from './role.model';
import { orderedPermissions } from './role-view';
import { roleIsSystem } from './update-role';

// Only a custom role nothing relies on may go (spec: "only an unused custom role").
export async function deleteRole(
  runtime: IdentityRuntime,
  claims: InternalClaims,
  workspaceId: string,
  roleId: string,
): Promise<void> {
  if (!isUuid(roleId)) throw notFound('role');
  const { connection } = runtime.context;
  const roles = roleModel(connection);
  await commit(runtime.context, async ({ transaction, publish }) => {
    const role = await roles
      .findOne({ _id: roleId, workspace_id: workspaceId })
      .session(transaction)
      .lean<RoleRecord>()
      .exec();
    if (!role) throw notFound('role');
    if (role.is_system) throw roleIsSystem();
    const usedBy = describeUsage(await roleUsage(connection, transaction, workspaceId, role._id, isoNow()));
    if (usedBy) throw new AppError('role_in_use', `the role is still given to ${usedBy}`, 409);

    await roles.deleteOne({ _id: role._id, workspace_id: workspaceId }, { session: transaction });
    publish(roleDeleted, {
      workspace_id: workspaceId,
      actor: claims.actor,
      // The last state, one version on: consumers keep a tombstone at that version.
      data: roleState({ ...role, permissions: orderedPermissions(role.permissions), version: (role.version ?? 1) + 1 }),
    });
  });
}
