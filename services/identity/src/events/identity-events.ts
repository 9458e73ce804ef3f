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

export function userActor(user: { _id: string; name: string }): EventActor {
  return { type: 'user', id: user._id, label: user.name };
}
