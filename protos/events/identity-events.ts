import { Type, type TSchema } from '@sinclair/typebox';
import { defineEvent, type PayloadOf } from './event-contract';

// The facts identity publishes. Each payload carries its record's public state and version;
// never a token, a digest or anything about a password.

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Timestamp = Type.String({ description: 'ISO 8601 UTC with milliseconds' });

const userState = {
  user_id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  email_notifications: Type.Boolean(),
};

const sessionState = {
  session_id: Type.String(),
  user_id: Type.String(),
  // The workspace the session is in, null before onboarding.
  workspace_id: Nullable(Type.String()),
  expires_at: Timestamp,
  revoked_at: Nullable(Timestamp),
};

const WorkspaceSettings = Type.Object({
  currency: Type.String(),
  date_format: Type.String(),
  timezone: Type.String(),
  page_size: Type.Integer(),
});

const workspaceState = {
  workspace_id: Type.String(),
  slug: Type.String(),
  name: Type.String(),
  plan: Type.String(),
  complimentary_until: Nullable(Timestamp),
  billing_set_up: Type.Boolean(),
  settings: WorkspaceSettings,
  created_by: Type.String(),
};

const memberState = {
  member_id: Type.String({
    description: "The membership record's own id inside identity; never an id a client sends.",
  }),
  user_id: Type.String({
    description:
      "The person's id: the member's id in GET /members and PATCH /members/{id}, and what every field naming a person holds.",
  }),
  // The person's name and email when the membership changed.
  name: Type.String(),
  email: Type.String(),
  role_id: Type.String(),
  role: Type.String(),
  status: Type.String(),
};

const apiKeyState = {
  api_key_id: Type.String(),
  name: Type.String(),
  kind: Type.String(),
  // The public part shown in lists (crm_ak_xxxxxxxx), not the key.
  prefix: Type.String(),
  role_id: Type.String(),
  // User id of the member the key acts as.
  created_by: Type.String(),
  expires_at: Nullable(Timestamp),
  revoked_at: Nullable(Timestamp),
};

const roleState = {
  role_id: Type.String(),
  name: Type.String(),
  permissions: Type.Array(Type.String()),
};

const invitationState = {
  invitation_id: Type.String(),
  email: Type.String(),
  role_id: Type.String(),
  role: Type.String(),
  status: Type.String(),
  // User id of the member who invited.
  invited_by: Type.String(),
  expires_at: Timestamp,
};

const supportGrantState = {
  grant_id: Type.String(),
  workspace_id: Type.String(),
  staff_email: Type.String(),
  mode: Type.String(),
  granted_at: Timestamp,
  expires_at: Timestamp,
  revoked_at: Nullable(Timestamp),
};

const FieldChange = Type.Object({ before: Type.Unknown(), after: Type.Unknown() });

const user = { entity: 'user', idField: 'user_id' };
const session = { entity: 'session', idField: 'session_id' };

export const userSignedUp = defineEvent({
  type: 'identity.user.signed_up',
  description: 'A person created an account.',
  record: user,
  payload: userState,
});

export const userUpdated = defineEvent({
  type: 'identity.user.updated',
  description: 'A person changed their profile.',
  record: user,
  payload: {
    ...userState,
    // Names of the changed fields (first_name, last_name, name, avatar, email_notifications);
    // never the avatar itself.
    fields: Type.Array(Type.String()),
  },
});

export const passwordChangeRequested = defineEvent({
  type: 'identity.user.password_change_requested',
  description: 'A person asked for a link to set a new password (the link itself is never in an event).',
  record: user,
  payload: { ...userState, password_reset_id: Type.String(), expires_at: Timestamp },
});

export const passwordChanged = defineEvent({
  type: 'identity.user.password_changed',
  description: 'A person set a new password from a link.',
  record: user,
  payload: {
    ...userState,
    password_reset_id: Type.String(),
    // Sessions of the person revoked with the change (0 with sign_out_other_sessions false).
    signed_out_sessions: Type.Integer({ minimum: 0 }),
  },
});

export const emailVerified = defineEvent({
  type: 'identity.user.email_verified',
  description: "A person proved they receive mail at their account's address, by following the link mailed to it.",
  record: user,
  payload: { ...userState, email_verification_id: Type.String(), verified_at: Timestamp },
});

export const sessionStarted = defineEvent({
  type: 'identity.session.started',
  description: 'A person signed up or signed in.',
  record: session,
  payload: { ...sessionState, method: Type.Union([Type.Literal('sign_up'), Type.Literal('sign_in')]) },
});

export const sessionSwitched = defineEvent({
  type: 'identity.session.switched',
  description: 'A session moved to another workspace.',
  record: session,
  payload: { ...sessionState, from_workspace_id: Nullable(Type.String()), to_workspace_id: Type.String() },
});

export const sessionEnded = defineEvent({
  type: 'identity.session.ended',
  description: 'A person signed out.',
  record: session,
  payload: { ...sessionState, reason: Type.Literal('sign_out') },
});

const workspace = { entity: 'workspace', idField: 'workspace_id' };

export const workspaceCreated = defineEvent({
  type: 'identity.workspace.created',
  description: 'A person created a workspace (onboarding).',
  record: workspace,
  payload: workspaceState,
});

export const workspaceUpdated = defineEvent({
  type: 'identity.workspace.updated',
  description: "An admin changed the workspace's name or settings.",
  record: workspace,
  payload: {
    ...workspaceState,
    // Only what changed, by field path: `name`, `settings.currency`, `settings.timezone`, ...
    changes: Type.Record(Type.String(), FieldChange),
  },
});

const member = { entity: 'member', idField: 'member_id' };

export const memberAdded = defineEvent({
  type: 'identity.member.added',
  description: 'A person became a member of the workspace.',
  record: member,
  payload: memberState,
});

export const memberUpdated = defineEvent({
  type: 'identity.member.updated',
  description:
    "A member's role or status changed. Consumers compare role with previous_role and status with previous_status.",
  record: member,
  payload: {
    ...memberState,
    previous_role_id: Type.String(),
    previous_role: Type.String(),
    previous_status: Type.String(),
    role_changed: Type.Boolean(),
    status_changed: Type.Boolean(),
  },
});

const apiKey = { entity: 'api_key', idField: 'api_key_id' };

export const apiKeyCreated = defineEvent({
  type: 'identity.api_key.created',
  description: 'An API key was created (its secret is shown once to its creator, never published).',
  record: apiKey,
  payload: { ...apiKeyState, role: Type.String() },
});

export const apiKeyRevoked = defineEvent({
  type: 'identity.api_key.revoked',
  description: 'An API key was revoked; it is refused from the next request on.',
  record: apiKey,
  payload: apiKeyState,
});

const role = { entity: 'role', idField: 'role_id' };

export const roleCreated = defineEvent({
  type: 'identity.role.created',
  description: 'A custom role was created.',
  record: role,
  payload: roleState,
});

export const roleUpdated = defineEvent({
  type: 'identity.role.updated',
  description: 'A custom role was renamed or its permissions changed.',
  record: role,
  payload: { ...roleState, previous_name: Type.String(), previous_permissions: Type.Array(Type.String()) },
});

export const roleDeleted = defineEvent({
  type: 'identity.role.deleted',
  description: 'A custom role was deleted; the payload is its last state.',
  record: { ...role, deletes: true },
  payload: roleState,
});

const invitation = { entity: 'invitation', idField: 'invitation_id' };

export const invitationCreated = defineEvent({
  type: 'identity.invitation.created',
  description: 'Someone was invited to the workspace (the link is mailed, never published).',
  record: invitation,
  payload: invitationState,
});

export const invitationRevoked = defineEvent({
  type: 'identity.invitation.revoked',
  description: 'A pending invitation was revoked.',
  record: invitation,
  payload: { ...invitationState, revoked_at: Timestamp },
});

export const invitationAccepted = defineEvent({
  type: 'identity.invitation.accepted',
  description: 'An invitation was accepted; the person is now a member. The notification consumer tells invited_by.',
  record: invitation,
  payload: {
    ...invitationState,
    // The person who joined and their new membership.
    user_id: Type.String(),
    member_id: Type.String(),
    // sign_up: the account was created from the link; sign_in: an existing account accepted.
    via: Type.Union([Type.Literal('sign_up'), Type.Literal('sign_in')]),
  },
});

const supportAccess = { entity: 'support_access', idField: 'grant_id' };

export const supportAccessGranted = defineEvent({
  type: 'identity.support_access.granted',
  description: 'An operator gave support staff access to the workspace for a while.',
  record: supportAccess,
  payload: {
    ...supportGrantState,
    // The grant this one replaced (a new grant ends the earlier active one), or null.
    replaced_grant_id: Nullable(Type.String()),
  },
});

export const supportAccessRevoked = defineEvent({
  type: 'identity.support_access.revoked',
  description: 'An operator ended a support access grant.',
  record: supportAccess,
  payload: supportGrantState,
});

export const IDENTITY_EVENT_CONTRACTS = [
  userSignedUp,
  userUpdated,
  passwordChangeRequested,
  passwordChanged,
  emailVerified,
  sessionStarted,
  sessionSwitched,
  sessionEnded,
  workspaceCreated,
  workspaceUpdated,
  memberAdded,
  memberUpdated,
  apiKeyCreated,
  apiKeyRevoked,
  roleCreated,
  roleUpdated,
  roleDeleted,
  invitationCreated,
  invitationRevoked,
  invitationAccepted,
  supportAccessGranted,
  supportAccessRevoked,
] as const;

export type UserSignedUpData = PayloadOf<typeof userSignedUp>;
export type UserUpdatedData = PayloadOf<typeof userUpdated>;
export type PasswordChangeRequestedData = PayloadOf<typeof passwordChangeRequested>;
export type PasswordChangedData = PayloadOf<typeof passwordChanged>;
export type EmailVerifiedData = PayloadOf<typeof emailVerified>;
export type SessionStartedData = PayloadOf<typeof sessionStarted>;
export type SessionSwitchedData = PayloadOf<typeof sessionSwitched>;
export type SessionEndedData = PayloadOf<typeof sessionEnded>;
export type WorkspaceCreatedData = PayloadOf<typeof workspaceCreated>;
export type WorkspaceUpdatedData = PayloadOf<typeof workspaceUpdated>;
export type MemberAddedData = PayloadOf<typeof memberAdded>;
export type MemberUpdatedData = PayloadOf<typeof memberUpdated>;
export type ApiKeyCreatedData = PayloadOf<typeof apiKeyCreated>;
export type ApiKeyRevokedData = PayloadOf<typeof apiKeyRevoked>;
export type RoleCreatedData = PayloadOf<typeof roleCreated>;
export type RoleUpdatedData = PayloadOf<typeof roleUpdated>;
export type RoleDeletedData = PayloadOf<typeof roleDeleted>;
export type InvitationCreatedData = PayloadOf<typeof invitationCreated>;
export type InvitationRevokedData = PayloadOf<typeof invitationRevoked>;
export type InvitationAcceptedData = PayloadOf<typeof invitationAccepted>;
export type SupportAccessGrantedData = PayloadOf<typeof supportAccessGranted>;
export type SupportAccessRevokedData = PayloadOf<typeof supportAccessRevoked>;
