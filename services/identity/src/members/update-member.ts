import { memberUpdated } from '@crm/protos';
import { AppError, isUuid, isoNow, notFound, validationFailed, type InternalClaims } from '@crm/kit';
import { commit } from '@crm/service-host';
import { memberState } from '../events/record-states';
import type { IdentityRuntime } from '../identity-runtime';
import { OWNER_ROLE } from '../roles/built-in-roles';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { userModel, type UserRecord } from '../users/user.model';
import { memberModel, type MemberRecord } from './member.model';
import type { UpdateMemberBody } from './member.operations';
import { ensureSeatFree } from './seats';

const lastOwner = () =>
  new AppError(
    'last_owner',
    'the last active Owner can be neither disabled nor given another role; make another member Owner first',
    409,
  );

// Changes a member's role or status. Both take effect on the member's next request:
// Authenticate reads the membership and its role every time, so a disabled member's sessions
// and the API keys they created are refused at once, and work again once re-enabled.
export async function updateMember(
  runtime: IdentityRuntime,
  claims: InternalClaims,
  workspaceId: string,
  // The person's id, as GET /members shows it.
  userId: string,
  body: UpdateMemberBody,
): Promise<void> {
  if (!isUuid(userId)) throw notFound('member');
  const { connection } = runtime.context;
  const members = memberModel(connection);
  const roles = roleModel(connection);
  await commit(runtime.context, async ({ transaction, publish }) => {
    const member = await members
      .findOne({ workspace_id: workspaceId, user_id: userId })
      .session(transaction)
      .lean<MemberRecord>()
      .exec();
    if (!member) throw notFound('member');
    const currentRole = await roles
      .findOne({ _id: member.role_id, workspace_id: workspaceId })
      .session(transaction)
      .lean<RoleRecord>()
      .exec();
    const role =
      body.role_id === undefined || body.role_id === member.role_id
        ? currentRole
        : await roles
            .findOne({ _id: body.role_id, workspace_id: workspaceId })
            .session(transaction)
            .lean<RoleRecord>()
            .exec();
    if (!role) throw validationFailed('role_id: no such role in this workspace');
    const status = body.status ?? member.status;
    const roleChanged = role._id !== member.role_id;
    const statusChanged = status !== member.status;
    if (!roleChanged && !statusChanged) return;

    // Owners hold the workspace itself: only an Owner makes another one or changes one (as
    // only an Owner may invite one).
    const isOwnerRole = (record: RoleRecord | null) => record?.is_system === true && record.name === OWNER_ROLE;
    if ((isOwnerRole(currentRole) || (roleChanged && isOwnerRole(role))) && claims.role !== OWNER_ROLE) {
      throw new AppError('forbidden', 'only an Owner can make someone an Owner or change an Owner');
    }
    // The workspace must keep an active Owner: someone who can always administer it.
    const losesOwnership =
      member.status === 'active' && isOwnerRole(currentRole) && (status !== 'active' || !isOwnerRole(role));
    if (losesOwnership) {
      // Two Owners stepping down at once must not both succeed: both transactions write the
      // Owner role, so the second to commit conflicts, is retried, and then counts right.
      await roles.updateOne(
        { _id: member.role_id, workspace_id: workspaceId },
        { $set: { updated_at: isoNow() } },
        { session: transaction },
      );
      const otherOwners = await members
        .countDocuments({
          workspace_id: workspaceId,
          role_id: member.role_id,
          status: 'active',
          _id: { $ne: member._id },
        })
        .session(transaction)
        .exec();
      if (otherOwners === 0) throw lastOwner();
    }

    // Re-enabling takes a seat again; a role change of an active member takes none.
    if (member.status !== 'active' && status === 'active')
      await ensureSeatFree(connection, transaction, workspaceId, claims.plan, 'member');

    if (roleChanged) {
      // Written, not only read: a concurrent DELETE /roles/{id} of this role then conflicts
      // instead of leaving the member with a deleted role.
      await roles.updateOne(
        { _id: role._id, workspace_id: workspaceId },
        { $set: { updated_at: isoNow() } },
        { session: transaction },
      );
    }
    // Read in this transaction, so a concurrent change conflicts instead of sharing a version.
    const version = (member.version ?? 1) + 1;
    await members.updateOne(
      { _id: member._id, workspace_id: workspaceId },
      { $set: { role_id: role._id, status, version, updated_at: isoNow() } },
      { session: transaction },
    );
    const user = await userModel(connection).findById(member.user_id).session(transaction).lean<UserRecord>().exec();
    publish(memberUpdated, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: {
        ...memberState({ ...member, role_id: role._id, status, version }, user, role),
        previous_role_id: member.role_id,
        previous_role: currentRole?.name ?? '',
        previous_status: member.status,
        role_changed: roleChanged,
        status_changed: statusChanged,
      },
    });
  });
}
