import type { Router } from 'express';
import { authOf, workspaceOf } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { runtimeOf } from '../identity-runtime';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { userModel, type UserRecord } from '../users/user.model';
import { memberModel, type MemberRecord } from './member.model';
import { validateUpdateMember } from './member.schemas';
import { memberView } from './member-view';
import { updateMember } from './update-member';

export function memberRoutes(router: Router, context: ServiceContext): void {
  const runtime = runtimeOf(context);
  const { connection } = context;

  // For owner and assignee pickers, so any member may list them: every member of the
  // workspace, active and disabled, by name.
  router.get('/members', async (req, res) => {
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
    const views = members.map((member) => memberView(member, usersById.get(member.user_id), roleNames.get(member.role_id) ?? ''));
    views.sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id));
    res.json({ data: views });
  });

  // Admin-only (users:manage), enforced by the permission matrix before this handler runs.
  router.patch('/members/:id', async (req, res) => {
    const workspaceId = workspaceOf(req);
    const body = validateUpdateMember(req.body);
    await updateMember(runtime, authOf(req), workspaceId, String(req.params.id), body);
    res.status(204).end();
  });
}
