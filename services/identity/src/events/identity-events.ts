import type { EventActor } from '@crm/bus';
import type { WorkspaceSettings } from '../workspaces/workspace.model';

// The facts identity publishes. Data never carries a secret, a token or a digest.
export const IDENTITY_EVENTS = {
  userSignedUp: 'identity.user.signed_up',
  sessionStarted: 'identity.session.started',
  sessionSwitched: 'identity.session.switched',
  sessionEnded: 'identity.session.ended',
  workspaceCreated: 'identity.workspace.created',
  memberAdded: 'identity.member.added',
  apiKeyCreated: 'identity.api_key.created',
  apiKeyRevoked: 'identity.api_key.revoked',
  workspaceUpdated: 'identity.workspace.updated',
  memberUpdated: 'identity.member.updated',
  roleCreated: 'identity.role.created',
  roleUpdated: 'identity.role.updated',
  roleDeleted: 'identity.role.deleted',
  userUpdated: 'identity.user.updated',
  supportAccessGranted: 'identity.support_access.granted',
  supportAccessRevoked: 'identity.support_access.revoked',
} as const;

export interface UserSignedUpData {
  user_id: string;
  email: string;
  name: string;
}

export interface SessionStartedData {
  session_id: string;
  user_id: string;
  // sign_up or sign_in
  method: 'sign_up' | 'sign_in';
  expires_at: string;
}

export interface SessionSwitchedData {
  session_id: string;
  user_id: string;
  from_workspace_id: string | null;
  to_workspace_id: string;
}

export interface SessionEndedData {
  session_id: string;
  user_id: string;
  reason: 'sign_out';
}

export interface WorkspaceCreatedData {
  workspace_id: string;
  slug: string;
  name: string;
  plan: string;
  complimentary_until: string | null;
  billing_set_up: boolean;
  settings: WorkspaceSettings;
  created_by: string;
}

export interface MemberAddedData {
  member_id: string;
  user_id: string;
  name: string;
  email: string;
  role_id: string;
  role: string;
  status: string;
}

export interface ApiKeyCreatedData {
  api_key_id: string;
  name: string;
  kind: string;
  prefix: string;
  role_id: string;
  role: string;
  created_by: string;
  expires_at: string | null;
}

export interface ApiKeyRevokedData {
  api_key_id: string;
  name: string;
  prefix: string;
  revoked_at: string;
}

// One changed field: its value before and after the change.
export interface FieldChange<T = unknown> {
  before: T;
  after: T;
}

export interface WorkspaceUpdatedData {
  workspace_id: string;
  // The name after the change.
  name: string;
  // Only what changed, by field path: `name`, `settings.currency`, `settings.timezone`, ...
  changes: Record<string, FieldChange>;
}

// Consumers (audit log, the "role changed" notification) compare `role` with `previous_role`
// and `status` with `previous_status`.
export interface MemberUpdatedData {
  member_id: string;
  user_id: string;
  name: string;
  email: string;
  role_id: string;
  role: string;
  previous_role_id: string;
  previous_role: string;
  status: string;
  previous_status: string;
  role_changed: boolean;
  status_changed: boolean;
}

export interface RoleData {
  role_id: string;
  name: string;
  permissions: string[];
}

export interface RoleUpdatedData extends RoleData {
  previous_name: string;
  previous_permissions: string[];
}

export interface UserUpdatedData {
  user_id: string;
  // The name after the change.
  name: string;
  // Names of the changed fields (first_name, last_name, name, avatar, email_notifications);
  // never the avatar itself.
  fields: string[];
}

export interface SupportAccessGrantedData {
  grant_id: string;
  workspace_id: string;
  staff_email: string;
  mode: string;
  expires_at: string;
  granted_at: string;
  // The grant this one replaced (a new grant ends the earlier active one), or null.
  replaced_grant_id: string | null;
}

export interface SupportAccessRevokedData {
  grant_id: string;
  workspace_id: string;
  staff_email: string;
  mode: string;
  revoked_at: string;
}

export function userActor(user: { _id: string; name: string }): EventActor {
  return { type: 'user', id: user._id, label: user.name };
}
