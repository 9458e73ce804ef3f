import {
  bodyValidator,
  DateTime,
  declareOperation,
  ListOf,
  Named,
  NextCursor,
  Nullable,
  SingleLine,
  Strict,
  StringEnum,
  Text,
  Type,
  Uuid,
  validationFailed,
  type Static,
} from '@crm/kit';
import { contactsAside, needs } from '@crm/protos';
import { ACTIVITY_TARGET_TYPES, ACTIVITY_TYPES, ACTOR_TYPES } from './activity.model';

export const CALL_OUTCOMES = [
  'connected',
  'voicemail',
  'no_answer',
  'wrong_number',
  'out_of_office',
  'in_meeting',
] as const;
export const ACTIVITY_PAGE_DEFAULT = 25;
export const ACTIVITY_PAGE_MAX = 50;
const BODY_MAX = 20000;

// Activity (spec section 2).
export const Activity = Named(
  'Activity',
  Strict({
    id: Uuid(),
    type: StringEnum(ACTIVITY_TYPES),
    subject: Nullable(Type.String()),
    body: Nullable(Type.String()),
    outcome: Nullable(Type.String()),
    target_type: StringEnum(ACTIVITY_TARGET_TYPES),
    target_id: Uuid(),
    actor_type: StringEnum(ACTOR_TYPES),
    actor_id: Nullable(Uuid()),
    actor_label: Nullable(
      Type.String({ description: "The person's name; the API key's name when a key wrote it; null for the system." }),
    ),
    occurred_at: DateTime(),
  }),
);
export type ActivityView = Static<typeof Activity>;

const target = {
  target_type: StringEnum(ACTIVITY_TARGET_TYPES),
  target_id: Uuid({ description: 'A company or contact outside the recycle bin, or a deal, of the workspace.' }),
};

// The two shapes of ActivityCreate, selected by type.
export const NoteCreate = Named(
  'NoteCreate',
  Strict({
    type: Type.Literal('note'),
    ...target,
    subject: Type.Optional(Nullable(SingleLine({ maxLength: 200 }))),
    body: Text({ minLength: 1, maxLength: BODY_MAX }),
  }),
);
export const CallCreate = Named(
  'CallCreate',
  Strict({
    type: Type.Literal('call'),
    ...target,
    outcome: StringEnum(CALL_OUTCOMES),
    body: Type.Optional(Nullable(Text({ maxLength: BODY_MAX }))),
    occurred_at: Type.Optional(DateTime({ description: 'When the call took place; defaults to now.' })),
  }),
);
export type NoteCreateBody = Static<typeof NoteCreate>;
export type CallCreateBody = Static<typeof CallCreate>;

const checkNote = bodyValidator<NoteCreateBody>(NoteCreate);
const checkCall = bodyValidator<CallCreateBody>(CallCreate);

// The type picks the shape, so a refusal names the field of that shape (an anyOf would report
// the first shape's complaint). Entries of other types are the service's to write.
function prepareActivityBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const fields = { ...(body as Record<string, unknown>) };
  for (const field of ['target_id']) if (typeof fields[field] === 'string') fields[field] = fields[field].toLowerCase();
  const type = fields.type;
  if (type === undefined) throw validationFailed('type is required');
  if (type === 'note') return checkNote(fields);
  if (type === 'call') return checkCall(fields);
  if (typeof type === 'string' && (ACTIVITY_TYPES as readonly string[]).includes(type)) {
    throw validationFailed(`type ${type} is written by the service; clients create note or call`);
  }
  throw validationFailed('type must be one of note, call');
}

export const listActivities = declareOperation({
  method: 'GET',
  path: '/activities',
  access: contactsAside(
    needs('companies:read'),
    "refused for a contact's timeline; a company's leaves out its contacts' entries",
  ),
  summary: "A record's timeline, newest first",
  description:
    "Newest first by occurred_at (then id), with opaque cursors no new entry moves. For a company, include_contacts (default true) adds the entries of the contacts now at that company. A target that is not a record of the workspace (another workspace's too) is 404; a record in the recycle bin can be read.",
  query: Type.Object({
    limit: Type.Integer({ minimum: 1, maximum: ACTIVITY_PAGE_MAX, default: ACTIVITY_PAGE_DEFAULT }),
    cursor: Type.Optional(Type.String({ maxLength: 500 })),
    target_type: StringEnum(ACTIVITY_TARGET_TYPES),
    target_id: Uuid(),
    include_contacts: Type.Boolean({ default: true, description: 'For a company: also the entries of its contacts.' }),
  }),
  status: 200,
  response: Named('ActivityList', ListOf(Activity, { next_cursor: NextCursor(500) })),
  errors: [404],
});
export type ListActivitiesQuery = Static<NonNullable<typeof listActivities.query>>;

export const createActivity = declareOperation({
  method: 'POST',
  path: '/activities',
  access: needs('activities:write'),
  summary: 'Add a note or log a call',
  description:
    "A note needs body (1..20000) and may have subject (up to 200); a call needs outcome and may have body and occurred_at. Other types (system, email, meeting, task, plugin) are written by the service: 400. The target must be a company or contact outside the recycle bin, or a deal, of the workspace (400 naming target_id). actor_label is the person's name, or the API key's name when a key writes it.",
  body: Named('ActivityCreate', Type.Union([NoteCreate, CallCreate])),
  trim: ['subject'],
  prepare: prepareActivityBody,
  status: 201,
  response: Activity,
});
export type CreateActivityBody = NoteCreateBody | CallCreateBody;
