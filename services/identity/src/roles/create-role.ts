import { roleCreated } from '@crm/protos';
import { type InternalClaims, isDuplicateKey, newId } from '@crm/kit';
import { commit } from '@crm/service-host';
import { roleState } from '../events/record-states';
import type { IdentityRuntime } from '../identity-runtime';
import { assertRoleNameFree, roleNameKey, roleNameTaken } from './role-names';
import { roleModel, type RoleRecord } from './role.model';
import type { CreateRoleBody, RoleView } from './role.operations';
import { orderedPermissions, roleView } from './role-view';

// A custom role of the workspace (is_system false); it can be changed and deleted later.
export async function createRole(
  runtime: IdentityRuntime,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateRoleBody,
): Promise<RoleView> {
  const { connection } = runtime.context;
  const now = new Date().toISOString();
  const role: RoleRecord = {
    _id: newId(),
    workspace_id: workspaceId,
    name: body.name,
    name_key: roleNameKey(body.name),
    permissions: orderedPermissions(body.permissions),
    is_system: false,
    created_at: now,
    updated_at: now,
  };
  try {
    await commit(runtime.context, async ({ transaction, publish }) => {
      await assertRoleNameFree(connection, transaction, workspaceId, role.name);
      await roleModel(connection).create([role], { session: transaction });
      publish(roleCreated, {
        workspace_id: workspaceId,
        actor: claims.actor,
        data: roleState(role),
      });
    });
  } catch (error) {
    // Two admins creating the same name at once: the unique index decides.
    if (isDuplicateKey(error)) throw roleNameTaken(role.name);
    throw error;
  }
  return roleView(role, 0);
}
