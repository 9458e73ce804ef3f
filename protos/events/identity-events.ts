import { Type, type TSchema } from '@sinclair/typebox';
import { asData, capitalize, quoted, stringsIn, text, words } from './audit-text';
import { defineEvent, type EventData, type PayloadOf } from './event-contract';

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

const memberLabel = (data: EventData) => text(data, 'email') ?? text(data, 'name') ?? 'a member';
const asRole = (data: EventData) => {
  const role = text(data, 'role');
  return role === null ? '' : ` as ${role}`;
};
const nameOrEmail = (data: EventData) => text(data, 'name') ?? text(data, 'email');

function memberUpdateSummary(data: EventData): string {
  const who = memberLabel(data);
  const changes: string[] = [];
  const role = text(data, 'role');
  const previousRole = text(data, 'previous_role');
  if (role !== null && previousRole !== null && role !== previousRole) {
    changes.push(`changed role of ${who} from ${previousRole} to ${role}`);
  }
  const status = text(data, 'status');
  const previousStatus = text(data, 'previous_status');
  if (status !== null && previousStatus !== null && status !== previousStatus) {
    if (status === 'disabled') changes.push(`disabled ${who}`);
    else if (status === 'active') changes.push(`re-enabled ${who}`);
    else changes.push(`changed status of ${who} to ${status}`);
  }
  return changes.length === 0 ? `Updated member ${who}` : capitalize(changes.join(' and '));
}

const shown = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'nothing'));

// data.changes: {field path: {before, after}}, e.g. `settings.currency`.
function workspaceUpdateSummary(data: EventData): string {
  const changes = Object.entries(asData(data.changes)).map(([field, change]) => [field, asData(change)] as const);
  const sentences: string[] = [];
  const rename = changes.find(([field]) => field === 'name');
  if (rename) sentences.push(`renamed the workspace from "${shown(rename[1].before)}" to "${shown(rename[1].after)}"`);
  const settings = changes
    .filter(([field]) => field !== 'name')
    .map(
      ([field, change]) =>
        `${words(field.replace(/^settings\./, ''))} from ${shown(change.before)} to ${shown(change.after)}`,
    );
  if (settings.length > 0) sentences.push(`changed ${settings.join(', ')}`);
  return sentences.length > 0 ? capitalize(sentences.join('; ')) : `Updated workspace${quoted(text(data, 'name'))}`;
}

function roleUpdateSummary(data: EventData): string {
  const name = text(data, 'name');
  const previousName = text(data, 'previous_name');
  const sentences: string[] = [];
  if (previousName !== null && name !== null && previousName !== name)
    sentences.push(`renamed role "${previousName}" to "${name}"`);
  const permissions = stringsIn(data.permissions);
  const previous = stringsIn(data.previous_permissions);
  const added = permissions.filter((permission) => !previous.includes(permission));
  const removed = previous.filter((permission) => !permissions.includes(permission));
  const changes = [
    added.length > 0 ? `added ${added.join(', ')}` : null,
    removed.length > 0 ? `removed ${removed.join(', ')}` : null,
  ];
  const permissionChange = changes.filter((change) => change !== null).join('; ');
  if (permissionChange !== '') sentences.push(`changed permissions of role${quoted(name)}: ${permissionChange}`);
  return sentences.length > 0 ? capitalize(sentences.join('; ')) : `Updated role${quoted(name)}`;
}

const user = { entity: 'user', idField: 'user_id' };
const session = { entity: 'session', idField: 'session_id' };

export const userSignedUp = defineEvent({
  type: 'identity.user.signed_up',
  description: 'A person created an account.',
  record: user,
  payload: userState,
  // A person's own account, not a change to a workspace.
  audit: 'not_audited',
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
  audit: {
    source: 'admin',
    objectName: 'name',
    summary: (data) => {
      const fields = stringsIn(data.fields).map(words).join(', ');
      return `Updated the profile of ${text(data, 'name') ?? 'a person'}${fields === '' ? '' : ` (${fields})`}`;
    },
  },
});

export const passwordChangeRequested = defineEvent({
  type: 'identity.user.password_change_requested',
  description: 'A person asked for a link to set a new password (the link itself is never in an event).',
  record: user,
  payload: { ...userState, password_reset_id: Type.String(), expires_at: Timestamp },
  audit: { source: 'admin', objectName: null, summary: 'Requested a link to change their password' },
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
  audit: {
    source: 'admin',
    objectName: 'name',
    summary: (data) => `User${quoted(text(data, 'name'))} password changed`,
  },
});

export const emailVerified = defineEvent({
  type: 'identity.user.email_verified',
  description: "A person proved they receive mail at their account's address, by following the link mailed to it.",
  record: user,
  payload: { ...userState, email_verification_id: Type.String(), verified_at: Timestamp },
  // A person's own account, not a change to a workspace.
  audit: 'not_audited',
});

export const sessionStarted = defineEvent({
  type: 'identity.session.started',
  description: 'A person signed up or signed in.',
  record: session,
  payload: { ...sessionState, method: Type.Union([Type.Literal('sign_up'), Type.Literal('sign_in')]) },
  audit: 'not_audited',
});

export const sessionSwitched = defineEvent({
  type: 'identity.session.switched',
  description: 'A session moved to another workspace.',
  record: session,
  payload: { ...sessionState, from_workspace_id: Nullable(Type.String()), to_workspace_id: Type.String() },
  audit: 'not_audited',
});

export const sessionEnded = defineEvent({
  type: 'identity.session.ended',
  description: 'A person signed out.',
  record: session,
  payload: { ...sessionState, reason: Type.Literal('sign_out') },
  audit: 'not_audited',
});

const workspace = { entity: 'workspace', idField: 'workspace_id' };

export const workspaceCreated = defineEvent({
  type: 'identity.workspace.created',
  description: 'A person created a workspace (onboarding).',
  record: workspace,
  payload: workspaceState,
  audit: { source: 'admin', objectName: 'name', summary: 'Created workspace "{name}"' },
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
  audit: { source: 'admin', objectName: 'name', summary: workspaceUpdateSummary },
});

const member = { entity: 'member', idField: 'member_id' };
// The audit log names a member by the id GET /members shows: the person's.
const memberId = (data: EventData) => text(data, 'user_id');

export const memberAdded = defineEvent({
  type: 'identity.member.added',
  description: 'A person became a member of the workspace.',
  record: member,
  payload: memberState,
  audit: {
    source: 'admin',
    objectId: memberId,
    objectName: nameOrEmail,
    summary: (data) => `Added ${memberLabel(data)}${asRole(data)}`,
  },
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
  audit: { source: 'admin', objectId: memberId, objectName: nameOrEmail, summary: memberUpdateSummary },
});

const apiKey = { entity: 'api_key', idField: 'api_key_id' };

export const apiKeyCreated = defineEvent({
  type: 'identity.api_key.created',
  description: 'An API key was created (its secret is shown once to its creator, never published).',
  record: apiKey,
  payload: { ...apiKeyState, role: Type.String() },
  audit: { source: 'admin', objectName: 'name', summary: 'Created API key "{name}"' },
});

export const apiKeyRevoked = defineEvent({
  type: 'identity.api_key.revoked',
  description: 'An API key was revoked; it is refused from the next request on.',
  record: apiKey,
  payload: apiKeyState,
  audit: { source: 'admin', objectName: 'name', summary: 'Revoked API key "{name}"' },
});

const role = { entity: 'role', idField: 'role_id' };

export const roleCreated = defineEvent({
  type: 'identity.role.created',
  description: 'A custom role was created.',
  record: role,
  payload: roleState,
  audit: { source: 'admin', objectName: 'name', summary: 'Created role "{name}"' },
});

export const roleUpdated = defineEvent({
  type: 'identity.role.updated',
  description: 'A custom role was renamed or its permissions changed.',
  record: role,
  payload: { ...roleState, previous_name: Type.String(), previous_permissions: Type.Array(Type.String()) },
  audit: { source: 'admin', objectName: 'name', summary: roleUpdateSummary },
});

export const roleDeleted = defineEvent({
  type: 'identity.role.deleted',
  description: 'A custom role was deleted; the payload is its last state.',
  record: { ...role, deletes: true },
  payload: roleState,
  audit: { source: 'admin', objectName: 'name', summary: 'Deleted role "{name}"' },
});

const invitation = { entity: 'invitation', idField: 'invitation_id' };

export const invitationCreated = defineEvent({
  type: 'identity.invitation.created',
  description: 'Someone was invited to the workspace (the link is mailed, never published).',
  record: invitation,
  payload: invitationState,
  audit: {
    source: 'admin',
    objectName: 'email',
    summary: (data) => `Invited ${text(data, 'email') ?? 'someone'}${asRole(data)}`,
  },
});

export const invitationRevoked = defineEvent({
  type: 'identity.invitation.revoked',
  description: 'A pending invitation was revoked.',
  record: invitation,
  payload: { ...invitationState, revoked_at: Timestamp },
  audit: {
    source: 'admin',
    objectName: 'email',
    summary: (data) => `Revoked the invitation of ${text(data, 'email') ?? 'someone'}`,
  },
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
  audit: {
    source: 'admin',
    objectName: 'email',
    summary: (data) => `${text(data, 'email') ?? 'Someone'} accepted the invitation${asRole(data)}`,
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
  audit: {
    source: 'admin',
    objectName: 'staff_email',
    summary: (data) => {
      const mode = text(data, 'mode');
      const until = text(data, 'expires_at');
      const staff = text(data, 'staff_email') ?? 'support staff';
      return `Granted ${mode === null ? '' : `${mode} `}support access to ${staff}${until === null ? '' : ` until ${until}`}`;
    },
  },
});

export const supportAccessRevoked = defineEvent({
  type: 'identity.support_access.revoked',
  description: 'An operator ended a support access grant.',
  record: supportAccess,
  payload: supportGrantState,
  audit: {
    source: 'admin',
    objectName: 'staff_email',
    summary: (data) => `Revoked the support access of ${text(data, 'staff_email') ?? 'support staff'}`,
  },
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
