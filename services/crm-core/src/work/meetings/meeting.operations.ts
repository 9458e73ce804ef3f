import {
  DateTime,
  declareOperation,
  ListOf,
  Named,
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
import { CALENDAR_PROVIDERS, MEETING_STATUSES } from './meeting.model';

export const MEETING_PAGE_DEFAULT = 100;
// The contract leaves the maximum open: 500 keeps one answer (attendees joined) small.
export const MEETING_PAGE_MAX = 500;
// A meeting's attendees: more than this is a mailing, not a meeting.
export const MEETING_ATTENDEES_MAX = 200;
// The default window of the list (the contract's "next 30 days").
export const MEETING_DEFAULT_WINDOW_DAYS = 30;

// Fields of Meeting a client reads but never writes: naming one in a body is a 400 that says so.
export const MEETING_READ_ONLY_FIELDS = [
  'id',
  'company_name',
  'organiser_id',
  'attendees',
  'join_url',
  'external_provider',
  'sync_error',
] as const;

const Ids = (what: string) =>
  Type.Array(Uuid(), {
    maxItems: MEETING_ATTENDEES_MAX,
    uniqueItems: true,
    description: `${what}; replaces the attendees of that type on PATCH.`,
  });

// The writable fields of POST and PATCH /meetings (spec section 4, Meetings), each optional.
const writable = {
  location: Nullable(SingleLine({ maxLength: 300 })),
  notes: Nullable(Text({ maxLength: 10000 })),
  starts_at: DateTime(),
  ends_at: DateTime({ description: 'After starts_at.' }),
  company_id: Nullable(Uuid({ description: 'A company of the workspace, not in the recycle bin.' })),
  status: StringEnum(MEETING_STATUSES, { description: 'Default scheduled; any status may follow any other.' }),
  outcome: Nullable(Text({ maxLength: 5000, description: 'How it went; may be recorded with any status.' })),
  user_ids: Ids('Active members of the workspace who attend'),
  contact_ids: Ids('Contacts of the workspace (not in the recycle bin) who attend'),
  online_meeting: Type.Boolean({
    description: "true adds an online meeting link (join_url) from the organiser's connected calendar (Standard plan).",
  }),
  send_invites: Type.Boolean({
    description: "true sends invitations to the attendees from the organiser's connected calendar (Standard plan).",
  }),
};
const optionalWritable = Type.Partial(Type.Object(writable)).properties;

const Title = () => SingleLine({ minLength: 1, maxLength: 300 });
const TRIMMED = ['title', 'location'];

// Read-only fields are refused by name before the unknown-field rule; ids are stored lower-case,
// an empty location or outcome means none.
function prepareMeetingBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const readOnly = MEETING_READ_ONLY_FIELDS.find((field) => Object.hasOwn(body, field));
  if (readOnly) throw validationFailed(`${readOnly} is read-only`);
  const fields: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (typeof fields.company_id === 'string') fields.company_id = fields.company_id.toLowerCase();
  for (const list of ['user_ids', 'contact_ids']) {
    if (Array.isArray(fields[list]))
      fields[list] = (fields[list] as unknown[]).map((id) => (typeof id === 'string' ? id.toLowerCase() : id));
  }
  for (const field of ['location', 'outcome', 'notes']) {
    if (typeof fields[field] === 'string' && fields[field].trim() === '') fields[field] = null;
  }
  return fields;
}

export const MeetingAttendee = Named(
  'MeetingAttendee',
  Strict({
    type: StringEnum(['user', 'contact'] as const),
    id: Uuid(),
    name: Nullable(Type.String({ description: "The member's or contact's name as it is now." })),
    email: Nullable(Type.String({ description: "The member's or contact's email as it is now." })),
  }),
);

// Meeting (spec section 2).
export const Meeting = Named(
  'Meeting',
  Strict({
    id: Uuid(),
    title: Type.String(),
    location: Nullable(Type.String()),
    notes: Nullable(Type.String()),
    starts_at: DateTime(),
    ends_at: DateTime(),
    company_id: Nullable(Uuid()),
    company_name: Nullable(Type.String()),
    organiser_id: Uuid({ description: 'The member who created it; their connected calendar holds the event.' }),
    status: StringEnum(MEETING_STATUSES),
    outcome: Nullable(Type.String()),
    attendees: Type.Array(MeetingAttendee),
    online_meeting: Type.Boolean(),
    join_url: Nullable(
      Type.String({ description: "The online meeting link, once synced to the organiser's calendar." }),
    ),
    external_provider: Nullable(
      StringEnum(CALENDAR_PROVIDERS, { description: 'The calendar the meeting is synced to.' }),
    ),
    sync_error: Nullable(
      Type.String({
        description: 'Why the last sync to the calendar failed (after its retries); null once a sync succeeds.',
      }),
    ),
  }),
);
export type MeetingView = Static<typeof Meeting>;

export const listMeetings = declareOperation({
  method: 'GET',
  path: '/meetings',
  // Meetings are scheduled work, like tasks.
  access: contactsAside(needs('tasks:read'), "contact attendees' names and emails left out (`null`)"),
  summary: 'List meetings',
  description: `Meetings starting at or after from and before to (default: now and ${MEETING_DEFAULT_WINDOW_DAYS} days later), earliest first. mine=true keeps those the caller organises or attends. At most limit (1 to ${MEETING_PAGE_MAX}) are answered.`,
  query: Type.Object({
    from: Type.Optional(DateTime()),
    to: Type.Optional(DateTime({ description: 'After from.' })),
    company_id: Type.Optional(Uuid()),
    mine: Type.Boolean({ default: false }),
    limit: Type.Integer({ minimum: 1, maximum: MEETING_PAGE_MAX, default: MEETING_PAGE_DEFAULT }),
  }),
  status: 200,
  response: Named('MeetingList', ListOf(Meeting)),
});
export type ListMeetingsQuery = Static<NonNullable<typeof listMeetings.query>>;

export const createMeeting = declareOperation({
  method: 'POST',
  path: '/meetings',
  access: contactsAside(needs('tasks:write'), "contact attendees' names and emails left out (`null`)"),
  etag: 'meetings',
  summary: 'Create a meeting',
  description:
    "The caller is the organiser. With the organiser's calendar connected (Standard plan) the meeting is added to it shortly after (join_url appears for an online meeting); online_meeting and send_invites need that calendar (400 calendar_not_connected).",
  body: Named(
    'MeetingCreate',
    Strict({
      title: Title(),
      ...optionalWritable,
      starts_at: DateTime(),
      ends_at: DateTime({ description: 'After starts_at.' }),
    }),
  ),
  trim: TRIMMED,
  prepare: prepareMeetingBody,
  status: 201,
  response: Meeting,
});
export type CreateMeetingBody = Static<NonNullable<typeof createMeeting.body>>;

const byId = Type.Object({ id: Uuid() });

export const getMeeting = declareOperation({
  method: 'GET',
  path: '/meetings/{id}',
  access: contactsAside(needs('tasks:read'), "contact attendees' names and emails left out (`null`)"),
  etag: 'meetings',
  summary: 'Read a meeting',
  params: byId,
  status: 200,
  response: Meeting,
});

export const updateMeeting = declareOperation({
  method: 'PATCH',
  path: '/meetings/{id}',
  access: contactsAside(needs('tasks:write'), "contact attendees' names and emails left out (`null`)"),
  etag: 'meetings',
  summary: 'Change a meeting',
  description:
    "Only the fields given change; user_ids and contact_ids replace the attendees of their type. status moves freely between scheduled, done and cancelled; cancelling cancels the event in the organiser's calendar.",
  params: byId,
  body: Named('MeetingUpdate', Strict({ title: Type.Optional(Title()), ...optionalWritable })),
  trim: TRIMMED,
  prepare: prepareMeetingBody,
  status: 200,
  response: Meeting,
});
export type UpdateMeetingBody = Static<NonNullable<typeof updateMeeting.body>>;
