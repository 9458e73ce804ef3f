import { Type } from '@sinclair/typebox';
import { defineEvent, type PayloadOf } from './event-contract';

// crm-core's meeting facts. Each payload is the meeting's full public state (Meeting in the
// contract, without the names joined on read) and its version. Attendees are references only:
// a consumer that shows names joins them from its own read models, so renames show there too.
// join_url and sync_error follow the organiser's calendar sync (a change made by the sync job is
// a crm.meeting.updated of the system actor with those fields).

const nullableString = () => Type.Union([Type.String(), Type.Null()]);

const meetingState = {
  meeting_id: Type.String(),
  title: Type.String(),
  location: nullableString(),
  // Optional so a consumer that must not keep free text (an erased person's notes) can be sent without it.
  notes: Type.Optional(nullableString()),
  starts_at: Type.String({ description: 'ISO 8601 UTC' }),
  ends_at: Type.String({ description: 'ISO 8601 UTC, after starts_at' }),
  company_id: nullableString(),
  organiser_id: Type.String({ description: 'The member who organises it; their connected calendar holds the event.' }),
  status: Type.String({ description: 'scheduled, done or cancelled' }),
  outcome: nullableString(),
  attendees: Type.Array(
    Type.Object(
      { type: Type.String({ description: 'user or contact' }), id: Type.String() },
      { additionalProperties: false },
    ),
  ),
  online_meeting: Type.Boolean(),
  external_provider: Type.Union([Type.Literal('provider_a'), Type.Literal('provider_b'), Type.Null()]),
  join_url: Type.Optional(nullableString()),
  sync_error: Type.Optional(nullableString()),
};

const meeting = { entity: 'meeting', idField: 'meeting_id' };

export const meetingCreated = defineEvent({
  type: 'crm.meeting.created',
  description: 'A meeting was created (POST /meetings).',
  record: meeting,
  payload: meetingState,
});

export const meetingUpdated = defineEvent({
  type: 'crm.meeting.updated',
  description:
    "A meeting was changed: by PATCH (status done with an outcome records how it went), by the calendar sync (join_url, external_provider, sync_error), or because its company or a contact attending it was merged into another (company_id or attendees moved) or purged (company_id cleared, the contact's attendance removed).",
  record: meeting,
  payload: { ...meetingState, fields: Type.Array(Type.String(), { description: 'The fields this change set.' }) },
});

export const meetingDeleted = defineEvent({
  type: 'crm.meeting.deleted',
  description:
    'A meeting was deleted for good; the payload is its last state with the next version. Version 1 of the API has no operation that deletes a meeting (a cancelled one stays, and a purge of its company detaches it), so consumers treat this as the end of the record whenever a later slice publishes it.',
  record: { ...meeting, deletes: true },
  payload: meetingState,
});

export const CRM_MEETING_EVENT_CONTRACTS = [meetingCreated, meetingUpdated, meetingDeleted] as const;

export type MeetingCreatedData = PayloadOf<typeof meetingCreated>;
export type MeetingUpdatedData = PayloadOf<typeof meetingUpdated>;
export type MeetingDeletedData = PayloadOf<typeof meetingDeleted>;

export const CRM_MEETING_EVENTS_TYPES = {
  meetingCreated: meetingCreated.type,
  meetingUpdated: meetingUpdated.type,
  meetingDeleted: meetingDeleted.type,
} as const;
