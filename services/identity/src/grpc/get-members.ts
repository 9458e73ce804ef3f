import type { Connection } from 'mongoose';
import { validationFailed } from '@crm/kit';
import type { identityV1 } from '@crm/protos';
import { memberModel, type MemberRecord } from '../members/member.model';
import { userModel, type UserRecord } from '../users/user.model';

// One call checks every member a request names (owners, assignees): a bounded batch.
export const GET_MEMBERS_MAX_IDS = 500;

// Members of the workspace among the given people, read from identity's own records (not a
// projection), so a member added by one request is known to the very next one. People who are
// not members there are left out; the caller decides what a disabled member means to it.
export async function getMembers(
  connection: Connection,
  request: identityV1.GetMembersRequest,
): Promise<identityV1.GetMembersResponse> {
  const { workspace_id: workspaceId } = request;
  const userIds = [...new Set(request.user_ids)];
  if (!workspaceId) throw validationFailed('workspace_id is required');
  if (userIds.length > GET_MEMBERS_MAX_IDS) throw validationFailed(`at most ${GET_MEMBERS_MAX_IDS} user_ids`);
  if (userIds.length === 0) return { members: [] };
  const members = await memberModel(connection)
    .find({ workspace_id: workspaceId, user_id: { $in: userIds } })
    .lean<MemberRecord[]>()
    .exec();
  if (members.length === 0) return { members: [] };
  const users = await userModel(connection)
    .find({ _id: { $in: members.map((member) => member.user_id) } }, { name: 1, version: 1 })
    .lean<Array<Pick<UserRecord, '_id' | 'name' | 'version'>>>()
    .exec();
  const usersById = new Map(users.map((user) => [user._id, user]));
  return {
    members: members.flatMap((member) => {
      const user = usersById.get(member.user_id);
      if (!user) return [];
      return [
        {
          user_id: member.user_id,
          name: user.name,
          status: member.status,
          member_id: member._id,
          member_version: member.version ?? 1,
          user_version: user.version ?? 1,
        },
      ];
    }),
  };
}
