import { topicMatches, type EventEnvelope } from '@crm/bus';
import type { AuditSource } from './audit-entry.model';

// How an event reads in the audit log. The generic reading works for any
// `<context>.<entity>.<verb>` event, so a new service only has to publish its events; the table
// below refines what the generic reading would say badly and skips what is not worth auditing.

export interface AuditDescription {
  source: AuditSource;
  action: string | null;
  object_type: string | null;
  object_id: string | null;
  object_name: string | null;
  summary: string | null;
}

export type EventData = Readonly<Record<string, unknown>>;

// What the generic reading found; a rule's summary may use it.
export type AuditReading = Omit<AuditDescription, 'summary'>;

export interface AuditRule {
  // Not a change a workspace audits (sign-ins, session switches).
  skip?: true;
  source?: AuditSource;
  objectId?(data: EventData): string | null;
  objectName?(data: EventData): string | null;
  summary?(data: EventData, reading: AuditReading): string | null;
  // The event removes a person's data: earlier entries about the same object lose their names.
  erasesObject?: true;
}

// Services whose every entity is administration; the others' events are records.
const ADMIN_CONTEXTS: readonly string[] = ['identity', 'billing'];
// Workspace settings kept by the record-owning services (the spec's Admin section).
const ADMIN_ENTITIES: readonly string[] = [
  'crm.pipeline',
  'crm.pipeline_stage',
  'crm.lead_source',
  'crm.custom_field',
  'crm.export',
  'marketing.web_form',
];

export const text = (data: EventData, field: string): string | null => {
  const value = data[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

const capitalize = (sentence: string) => sentence.charAt(0).toUpperCase() + sentence.slice(1);

const ACRONYMS: Readonly<Record<string, string>> = { api: 'API', url: 'URL', id: 'ID', csv: 'CSV' };

// `api_key` -> `API key`, `stage_changed` -> `stage changed`.
export const words = (name: string) =>
  name
    .split('_')
    .map((word) => ACRONYMS[word] ?? word)
    .join(' ');

const quoted = (name: string | null) => (name === null ? '' : ` "${name}"`);

// `Created API key "Nightly sync"`; a verb of several words reads after the object:
// `Deal "Big order" stage changed`.
export function genericSummary(action: string, objectType: string, objectName: string | null): string {
  if (!action.includes('_')) return `${capitalize(words(action))} ${words(objectType)}${quoted(objectName)}`;
  return `${capitalize(words(objectType))}${quoted(objectName)} ${words(action)}`;
}

function fullName(data: EventData): string | null {
  const name = [text(data, 'first_name'), text(data, 'last_name')].filter((part) => part !== null).join(' ');
  return name === '' ? null : name;
}

// The object's name as the event gives it: a name, a title, a person's name, an email.
const genericName = (data: EventData) =>
  text(data, 'name') ?? text(data, 'title') ?? fullName(data) ?? text(data, 'email');

const genericId = (data: EventData, entity: string) => text(data, `${entity}_id`) ?? text(data, 'id');

const memberLabel = (data: EventData) => text(data, 'email') ?? text(data, 'name') ?? 'a member';

const asRole = (data: EventData) => {
  const role = text(data, 'role');
  return role === null ? '' : ` as ${role}`;
};

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

const asData = (value: unknown): EventData =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as EventData) : {};

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? 'nothing');

// data.changes: {field path: {before, after}}, e.g. `settings.currency`.
function workspaceUpdateSummary(data: EventData): string {
  const changes = Object.entries(asData(data.changes)).map(([field, change]) => [field, asData(change)] as const);
  const sentences: string[] = [];
  const rename = changes.find(([field]) => field === 'name');
  if (rename) sentences.push(`renamed the workspace from "${shown(rename[1].before)}" to "${shown(rename[1].after)}"`);
  const settings = changes
    .filter(([field]) => field !== 'name')
    .map(([field, change]) => `${words(field.replace(/^settings\./, ''))} from ${shown(change.before)} to ${shown(change.after)}`);
  if (settings.length > 0) sentences.push(`changed ${settings.join(', ')}`);
  return sentences.length > 0 ? capitalize(sentences.join('; ')) : `Updated workspace${quoted(text(data, 'name'))}`;
}

const stringsIn = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function roleUpdateSummary(data: EventData): string {
  const name = text(data, 'name');
  const previousName = text(data, 'previous_name');
  const sentences: string[] = [];
  if (previousName !== null && name !== null && previousName !== name) sentences.push(`renamed role "${previousName}" to "${name}"`);
  const permissions = stringsIn(data.permissions);
  const previous = stringsIn(data.previous_permissions);
  const added = permissions.filter((permission) => !previous.includes(permission));
  const removed = previous.filter((permission) => !permissions.includes(permission));
  const changes = [added.length > 0 ? `added ${added.join(', ')}` : null, removed.length > 0 ? `removed ${removed.join(', ')}` : null];
  const permissionChange = changes.filter((change) => change !== null).join('; ');
  if (permissionChange !== '') sentences.push(`changed permissions of role${quoted(name)}: ${permissionChange}`);
  return sentences.length > 0 ? capitalize(sentences.join('; ')) : `Updated role${quoted(name)}`;
}

// Event type (or topic pattern: `*` one word, `#` any) -> how it reads. Exact types win.
export const AUDIT_RULES: Readonly<Record<string, AuditRule>> = {
  // A person's own comings and goings, not changes to the workspace.
  'identity.session.*': { skip: true },
  'identity.user.signed_up': { skip: true },

  'identity.workspace.updated': { summary: workspaceUpdateSummary },
  'identity.role.updated': { summary: roleUpdateSummary },
  'identity.user.updated': {
    summary: (data) => {
      const fields = stringsIn(data.fields).map(words).join(', ');
      return `Updated the profile of ${text(data, 'name') ?? 'a person'}${fields === '' ? '' : ` (${fields})`}`;
    },
  },
  'identity.user.password_change_requested': {
    objectName: () => null,
    summary: () => 'Requested a link to change their password',
  },
  'identity.support_access.granted': {
    objectId: (data) => text(data, 'grant_id'),
    objectName: (data) => text(data, 'staff_email'),
    summary: (data) => {
      const mode = text(data, 'mode');
      const until = text(data, 'expires_at');
      const staff = text(data, 'staff_email') ?? 'support staff';
      return `Granted ${mode === null ? '' : `${mode} `}support access to ${staff}${until === null ? '' : ` until ${until}`}`;
    },
  },
  'identity.support_access.revoked': {
    objectId: (data) => text(data, 'grant_id'),
    objectName: (data) => text(data, 'staff_email'),
    summary: (data) => `Revoked the support access of ${text(data, 'staff_email') ?? 'support staff'}`,
  },
  'identity.member.added': {
    objectName: (data) => text(data, 'name') ?? text(data, 'email'),
    summary: (data) => `Added ${memberLabel(data)}${asRole(data)}`,
  },
  'identity.member.updated': {
    objectName: (data) => text(data, 'name') ?? text(data, 'email'),
    summary: memberUpdateSummary,
  },
  'identity.invitation.created': {
    objectName: (data) => text(data, 'email'),
    summary: (data) => `Invited ${text(data, 'email') ?? 'someone'}${asRole(data)}`,
  },
  'identity.invitation.revoked': {
    objectName: (data) => text(data, 'email'),
    summary: (data) => `Revoked the invitation of ${text(data, 'email') ?? 'someone'}`,
  },
  'identity.invitation.accepted': {
    objectName: (data) => text(data, 'email'),
    summary: (data) => `${text(data, 'email') ?? 'Someone'} accepted the invitation${asRole(data)}`,
  },

  // Erasure keeps the fact, never the person: only the contact's id stays.
  'crm.contact.erased': {
    objectName: () => null,
    summary: () => 'Erased a contact',
    erasesObject: true,
  },
};

function ruleFor(type: string): AuditRule | undefined {
  const exact = AUDIT_RULES[type];
  if (exact) return exact;
  const pattern = Object.keys(AUDIT_RULES).find((key) => /[*#]/.test(key) && topicMatches(key, type));
  return pattern === undefined ? undefined : AUDIT_RULES[pattern];
}

// Only changes inside a workspace are audited, and not those the table skips.
export function isAudited(event: Pick<EventEnvelope, 'type' | 'workspace_id'>): boolean {
  return event.workspace_id !== null && ruleFor(event.type)?.skip !== true;
}

export function erasesObject(type: string): boolean {
  return ruleFor(type)?.erasesObject === true;
}

// The audit reading of an event, or null when the event is not audited.
export function describeEvent(event: Pick<EventEnvelope, 'type' | 'workspace_id' | 'data'>): AuditDescription | null {
  if (!isAudited(event)) return null;
  const [context, entity, action] = event.type.split('.');
  const rule = ruleFor(event.type) ?? {};
  const data = asData(event.data);
  const reading: AuditReading = {
    source: rule.source ?? (ADMIN_CONTEXTS.includes(context) || ADMIN_ENTITIES.includes(`${context}.${entity}`) ? 'admin' : 'record'),
    action,
    object_type: entity,
    object_id: rule.objectId ? rule.objectId(data) : genericId(data, entity),
    object_name: rule.objectName ? rule.objectName(data) : genericName(data),
  };
  const summary = rule.summary ? rule.summary(data, reading) : genericSummary(action, entity, reading.object_name);
  return { ...reading, summary };
}
