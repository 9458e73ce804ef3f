import type { ClientSession, Connection } from 'mongoose';
import { acrossWorkspaces, newId } from '@crm/kit';
import { userModel, type UserRecord } from '../users/user.model';
import { workspaceModel, type WorkspaceRecord } from '../workspaces/workspace.model';
import { ADMIN_PERMISSION } from '../roles/permissions';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { memberModel, type MemberRecord } from './member.model';

export async function findActiveMember(
  connection: Connection,
  workspaceId: string,
  userId: string,
  transaction?: ClientSession,
): Promise<MemberRecord | null> {
  return memberModel(connection)
    .findOne({ workspace_id: workspaceId, user_id: userId, status: 'active' })
    .session(transaction ?? null)
    .lean<MemberRecord>()
    .exec();
}

// User ids of the workspace's active admins (members whose role manages settings).
export async function activeAdminIds(
  connection: Connection,
  workspaceId: string,
  transaction?: ClientSession,
): Promise<string[]> {
  const roles = await roleModel(connection)
    .find({ workspace_id: workspaceId, permissions: ADMIN_PERMISSION }, { _id: 1 })
    .session(transaction ?? null)
    .lean<Array<Pick<RoleRecord, '_id'>>>()
    .exec();
  if (roles.length === 0) return [];
  const members = await memberModel(connection)
    .find(
      { workspace_id: workspaceId, status: 'active', role_id: { $in: roles.map((role) => role._id) } },
      { user_id: 1 },
    )
    .session(transaction ?? null)
    .lean<Array<Pick<MemberRecord, 'user_id'>>>()
    .exec();
  return members.map((member) => member.user_id);
}

// Workspaces the person is an active member of, oldest membership first. The read spans
// workspaces, so it is scoped explicitly to the workspaces listed on the person.
export async function activeWorkspacesOf(
  connection: Connection,
  user: Pick<UserRecord, '_id' | 'workspace_ids'>,
): Promise<WorkspaceRecord[]> {
  if (user.workspace_ids.length === 0) return [];
  const members = await acrossWorkspaces('memberships of one person, for sign-in and the workspace list', () =>
    memberModel(connection)
      .find({ workspace_id: { $in: user.workspace_ids }, user_id: user._id, status: 'active' })
      .sort({ created_at: 1, _id: 1 })
      .lean<MemberRecord[]>()
      .exec(),
  );
  const ids = members.map((member) => member.workspace_id);
  const workspaces = await workspaceModel(connection)
    .find({ _id: { $in: ids } })
    .lean<WorkspaceRecord[]>()
    .exec();
  const byId = new Map(workspaces.map((workspace) => [workspace._id, workspace]));
  return ids.map((id) => byId.get(id)).filter((workspace): workspace is WorkspaceRecord => workspace !== undefined);
}

export async function addMember(
  connection: Connection,
  transaction: ClientSession,
  input: { workspaceId: string; userId: string; roleId: string; now: string },
): Promise<MemberRecord> {
  const member: MemberRecord = {
    _id: newId(),
    workspace_id: input.workspaceId,
    user_id: input.userId,
    role_id: input.roleId,
    status: 'active',
    created_at: input.now,
    updated_at: input.now,
  };
  await memberModel(connection).create([member], { session: transaction });
  await userModel(connection).updateOne(
    { _id: input.userId },
    { $addToSet: { workspace_ids: input.workspaceId }, $set: { updated_at: input.now } },
    { session: transaction },
  );
  return member;
}

// Where a new session starts: the workspace the person used last if they are still an
// active member there, otherwise their oldest active membership, otherwise none yet.
export async function startingWorkspaceOf(
  connection: Connection,
  user: Pick<UserRecord, '_id' | 'workspace_ids' | 'last_workspace_id'>,
): Promise<string | null> {
  if (user.last_workspace_id && (await findActiveMember(connection, user.last_workspace_id, user._id))) {
    return user.last_workspace_id;
  }
  const workspaces = await activeWorkspacesOf(connection, user);
  return workspaces[0]?._id ?? null;
}
