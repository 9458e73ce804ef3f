import type { Connection } from 'mongoose';
import { validationFailed } from '@crm/kit';
import type { identityV1 } from '@crm/protos';
import { memberView } from '../members/member-view';
import { memberModel, type MemberRecord } from '../members/member.model';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { userModel, type UserRecord } from '../users/user.model';

export const LIST_MEMBERS_MAX_LIMIT = 500;

// The workspace's members as GET /members shows them, one page at a time in the order of their
// ids (the person's id, on the unique workspace_id + user_id index), so a caller walking a large
// workspace (an export) never needs them all at once.
export async function listMembersPage(
  connection: Connection,
  request: identityV1.ListMembersRequest,
): Promise<identityV1.ListMembersResponse> {
  const { workspace_id: workspaceId, after } = request;
  if (!workspaceId) throw validationFailed('workspace_id is required');
  if (!Number.isInteger(request.limit) || request.limit < 1 || request.limit > LIST_MEMBERS_MAX_LIMIT)
    throw validationFailed(`limit must be 1 to ${LIST_MEMBERS_MAX_LIMIT}`);
  const filter = after ? { workspace_id: workspaceId, user_id: { $gt: after } } : { workspace_id: workspaceId };
  const members = await memberModel(connection)
    .find(filter)
    .sort({ user_id: 1 })
    .limit(request.limit)
    .lean<MemberRecord[]>()
    .exec();
  if (members.length === 0) return { members: [], next_after: '' };
  const [users, roles] = await Promise.all([
    userModel(connection)
      .find({ _id: { $in: members.map((member) => member.user_id) } })
      .lean<UserRecord[]>()
      .exec(),
    roleModel(connection)
      .find({ workspace_id: workspaceId, _id: { $in: [...new Set(members.map((member) => member.role_id))] } })
      .lean<RoleRecord[]>()
      .exec(),
  ]);
  const usersById = new Map(users.map((user) => [user._id, user]));
  const roleNames = new Map(roles.map((role) => [role._id, role.name]));
  return {
    members: members.map((member) => {
      const view = memberView(member, usersById.get(member.user_id), roleNames.get(member.role_id) ?? '');
      return {
        id: view.id,
        user_id: member.user_id,
        name: view.name,
        email: view.email,
        avatar: view.avatar ?? undefined,
        role: view.role,
        status: view.status,
      };
    }),
    next_after: members.length === request.limit ? members[members.length - 1].user_id : '',
  };
}
