import type { ClientSession, Connection } from 'mongoose';
import { apiKeyModel } from '../api-keys/api-key.model';
import { invitationModel } from '../invitations/invitation.model';
import { memberModel, type MemberRecord } from '../members/member.model';

// Members holding each role (active or disabled), by role id.
export async function memberCountsByRole(
  connection: Connection,
  workspaceId: string,
  transaction?: ClientSession,
): Promise<Map<string, number>> {
  const members = await memberModel(connection)
    .find({ workspace_id: workspaceId }, { role_id: 1 })
    .session(transaction ?? null)
    .lean<Array<Pick<MemberRecord, 'role_id'>>>()
    .exec();
  const counts = new Map<string, number>();
  for (const member of members) counts.set(member.role_id, (counts.get(member.role_id) ?? 0) + 1);
  return counts;
}

export interface RoleUsage {
  members: number;
  apiKeys: number;
  invitations: number;
}

// What still relies on a role: any member (a disabled one may be enabled again), a key that
// still works (not revoked, not expired) and an invitation that can still be accepted.
export async function roleUsage(
  connection: Connection,
  transaction: ClientSession,
  workspaceId: string,
  roleId: string,
  now: string,
): Promise<RoleUsage> {
  // One after another: operations of one transaction are not run in parallel.
  const members = await memberModel(connection)
    .countDocuments({ workspace_id: workspaceId, role_id: roleId })
    .session(transaction)
    .exec();
  const apiKeys = await apiKeyModel(connection)
    .countDocuments({
      workspace_id: workspaceId,
      role_id: roleId,
      revoked_at: null,
      $or: [{ expires_at: null }, { expires_at: { $gt: now } }],
    })
    .session(transaction)
    .exec();
  const invitations = await invitationModel(connection)
    .countDocuments({ workspace_id: workspaceId, role_id: roleId, status: 'pending', expires_at: { $gt: now } })
    .session(transaction)
    .exec();
  return { members, apiKeys, invitations };
}

export function describeUsage(usage: RoleUsage): string | null {
  const parts = [
    usage.members ? `${usage.members} member${usage.members === 1 ? '' : 's'}` : null,
    usage.apiKeys ? `${usage.apiKeys} API key${usage.apiKeys === 1 ? '' : 's'}` : null,
    usage.invitations ? `${usage.invitations} pending invitation${usage.invitations === 1 ? '' : 's'}` : null,
  ].filter((part): part is string => part !== null);
  return parts.length ? parts.join(', ') : null;
}
