import { implement, workspaceOf, type Implementation } from '@crm/kit';
import type { IdentityRuntime } from '../identity-runtime';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { userModel, type UserRecord } from '../users/user.model';
import { memberModel, type MemberRecord } from './member.model';
import { listMembers, updateMember } from './member.operations';
import { memberView } from './member-view';
import { updateMember as update } from './update-member';

export function memberOperations(runtime: IdentityRuntime): Implementation[] {
  const { connection } = runtime.context;

  return [
    // For owner and assignee pickers, so any member may list them: every member of the
    // workspace, active and disabled, by name.
    implement(listMembers, async ({ req }) => {
      const workspaceId = workspaceOf(req);
      const members = await memberModel(connection).find({ workspace_id: workspaceId }).lean<MemberRecord[]>().exec();
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
      const views = members.map((member) =>
        memberView(member, usersById.get(member.user_id), roleNames.get(member.role_id) ?? ''),
      );
      views.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
      return { data: views };
    }),

    // Admin-only (users:manage), enforced by the permission matrix before this handler runs.
    implement(updateMember, async ({ req, auth, params, body }) => {
      await update(runtime, auth, workspaceOf(req), params.id, body);
    }),
  ];
}
