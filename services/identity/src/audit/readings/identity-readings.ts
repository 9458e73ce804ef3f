import {
  apiKeyCreated,
  apiKeyRevoked,
  emailVerified,
  invitationAccepted,
  invitationCreated,
  invitationRevoked,
  memberAdded,
  memberUpdated,
  passwordChangeRequested,
  passwordChanged,
  roleCreated,
  roleDeleted,
  roleUpdated,
  sessionEnded,
  sessionStarted,
  sessionSwitched,
  supportAccessGranted,
  supportAccessRevoked,
  userSignedUp,
  userUpdated,
  workspaceCreated,
  workspaceUpdated,
  type EventData,
} from '@crm/protos';
import { reads } from './audit-reading';
import { asData, capitalize, quoted, stringsIn, text, words } from './audit-text';

// How the audit log reads identity's own events (protos/events/identity-events.ts).

const asRole = (data: EventData) => {
  const role = text(data, 'role');
  return role === null ? '' : ` as ${role}`;
};

const nameOrEmail = (data: EventData) => text(data, 'name') ?? text(data, 'email');

const memberLabel = (data: EventData) => text(data, 'email') ?? text(data, 'name') ?? 'a member';

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

// The audit log names a member by the id GET /members shows: the person's.
const memberId = (data: EventData) => text(data, 'user_id');

export const IDENTITY_READINGS = [
  // A person's own account, not a change to a workspace.
  reads(userSignedUp, 'not_audited'),
  reads(userUpdated, {
    source: 'admin',
    objectName: 'name',
    summary: (data) => {
      const fields = stringsIn(data.fields).map(words).join(', ');
      return `Updated the profile of ${text(data, 'name') ?? 'a person'}${fields === '' ? '' : ` (${fields})`}`;
    },
  }),
  reads(passwordChangeRequested, {
    source: 'admin',
    objectName: null,
    summary: 'Requested a link to change their password',
  }),
  reads(passwordChanged, {
    source: 'admin',
    objectName: 'name',
    summary: (data) => `User${quoted(text(data, 'name'))} password changed`,
  }),
  // A person's own account, not a change to a workspace.
  reads(emailVerified, 'not_audited'),
  reads(sessionStarted, 'not_audited'),
  reads(sessionSwitched, 'not_audited'),
  reads(sessionEnded, 'not_audited'),
  reads(workspaceCreated, { source: 'admin', objectName: 'name', summary: 'Created workspace "{name}"' }),
  reads(workspaceUpdated, { source: 'admin', objectName: 'name', summary: workspaceUpdateSummary }),
  reads(memberAdded, {
    source: 'admin',
    objectId: memberId,
    objectName: nameOrEmail,
    summary: (data) => `Added ${memberLabel(data)}${asRole(data)}`,
  }),
  reads(memberUpdated, { source: 'admin', objectId: memberId, objectName: nameOrEmail, summary: memberUpdateSummary }),
  reads(apiKeyCreated, { source: 'admin', objectName: 'name', summary: 'Created API key "{name}"' }),
  reads(apiKeyRevoked, { source: 'admin', objectName: 'name', summary: 'Revoked API key "{name}"' }),
  reads(roleCreated, { source: 'admin', objectName: 'name', summary: 'Created role "{name}"' }),
  reads(roleUpdated, { source: 'admin', objectName: 'name', summary: roleUpdateSummary }),
  reads(roleDeleted, { source: 'admin', objectName: 'name', summary: 'Deleted role "{name}"' }),
  reads(invitationCreated, {
    source: 'admin',
    objectName: 'email',
    summary: (data) => `Invited ${text(data, 'email') ?? 'someone'}${asRole(data)}`,
  }),
  reads(invitationRevoked, {
    source: 'admin',
    objectName: 'email',
    summary: (data) => `Revoked the invitation of ${text(data, 'email') ?? 'someone'}`,
  }),
  reads(invitationAccepted, {
    source: 'admin',
    objectName: 'email',
    summary: (data) => `${text(data, 'email') ?? 'Someone'} accepted the invitation${asRole(data)}`,
  }),
  reads(supportAccessGranted, {
    source: 'admin',
    objectName: 'staff_email',
    summary: (data) => {
      const mode = text(data, 'mode');
      const until = text(data, 'expires_at');
      const staff = text(data, 'staff_email') ?? 'support staff';
      return `Granted ${mode === null ? '' : `${mode} `}support access to ${staff}${until === null ? '' : ` until ${until}`}`;
    },
  }),
  reads(supportAccessRevoked, {
    source: 'admin',
    objectName: 'staff_email',
    summary: (data) => `Revoked the support access of ${text(data, 'staff_email') ?? 'support staff'}`,
  }),
];
