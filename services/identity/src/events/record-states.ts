import type { ApiKeyRecord } from '../api-keys/api-key.model';
import type { SessionRecord } from '../auth/session.model';
import type { InvitationRecord } from '../invitations/invitation.model';
import type { MemberRecord } from '../members/member.model';
import type { RoleRecord } from '../roles/role.model';
import type { SupportGrantRecord } from '../support/support-grant.model';
import type { UserRecord } from '../users/user.model';
import type { WorkspaceRecord } from '../workspaces/workspace.model';

// The public state and version of each record identity publishes about, as its events carry
// them (contracts in protos/events/identity-events.ts). One function per record, so every event
// about it carries the same state; never a digest, hash or token.

const versionOf = (record: { version?: number }) => record.version ?? 1;

export const userState = (user: UserRecord) => ({
  user_id: user._id,
  email: user.email,
  name: user.name,
  email_notifications: user.email_notifications,
  version: versionOf(user),
});

export const sessionState = (session: SessionRecord) => ({
  session_id: session._id,
  user_id: session.user_id,
  workspace_id: session.workspace_id,
  expires_at: session.expires_at,
  revoked_at: session.revoked_at,
  version: versionOf(session),
});

export const workspaceState = (workspace: WorkspaceRecord) => ({
  workspace_id: workspace._id,
  slug: workspace.slug,
  name: workspace.name,
  plan: workspace.plan,
  complimentary_until: workspace.complimentary_until,
  billing_set_up: workspace.billing_set_up,
  settings: workspace.settings,
  created_by: workspace.created_by,
  version: versionOf(workspace),
});

export const memberState = (
  member: MemberRecord,
  person: Pick<UserRecord, 'name' | 'email'> | null,
  role: Pick<RoleRecord, '_id' | 'name'> | null,
) => ({
  member_id: member._id,
  user_id: member.user_id,
  name: person?.name ?? '',
  email: person?.email ?? '',
  role_id: member.role_id,
  role: role?.name ?? '',
  status: member.status,
  version: versionOf(member),
});

export const apiKeyState = (key: ApiKeyRecord) => ({
  api_key_id: key._id,
  name: key.name,
  kind: key.kind,
  prefix: key.prefix,
  role_id: key.role_id,
  created_by: key.created_by,
  expires_at: key.expires_at,
  revoked_at: key.revoked_at,
  version: versionOf(key),
});

export const roleState = (role: RoleRecord) => ({
  role_id: role._id,
  name: role.name,
  permissions: role.permissions,
  version: versionOf(role),
});

export const invitationState = (invitation: InvitationRecord, roleName: string) => ({
  invitation_id: invitation._id,
  email: invitation.email,
  role_id: invitation.role_id,
  role: roleName,
  status: invitation.status,
  invited_by: invitation.invited_by,
  expires_at: invitation.expires_at,
  version: versionOf(invitation),
});

export const supportGrantState = (grant: SupportGrantRecord) => ({
  grant_id: grant._id,
  workspace_id: grant.workspace_id,
  staff_email: grant.staff_email,
  mode: grant.mode,
  granted_at: grant.granted_at,
  expires_at: grant.expires_at,
  revoked_at: grant.revoked_at,
  version: versionOf(grant),
});
