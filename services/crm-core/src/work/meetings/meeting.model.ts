import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type RecordOf, type ScopedRecordOf } from '@crm/kit';

export const MEETING_STATUSES = ['scheduled', 'done', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const CALENDAR_PROVIDERS = ['provider_a', 'provider_b'] as const;
export type CalendarProviderName = (typeof CALENDAR_PROVIDERS)[number];

const attendeeFields = {
  type: field.string<'user' | 'contact'>({ required: true }),
  id: field.string({ required: true }),
};

export type MeetingAttendee = RecordOf<typeof attendeeFields>;

const attendeeSchema = new Schema<MeetingAttendee>(schemaOf(attendeeFields), { _id: false, versionKey: false });

// A meeting as stored. Names and emails of the company and attendees are joined when read, so
// a rename shows on the next read. The calendar part (external_*, join_url, sync_error) is
// written by the sync job (meeting-sync.ts).
const meetingFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces; 1 when created.
  version: field.number({ default: 1 }),
  title: field.string({ required: true }),
  location: field.string({ default: null }),
  notes: field.string({ default: null }),
  starts_at: field.string({ required: true }),
  ends_at: field.string({ required: true }),
  company_id: field.string({ default: null }),
  organiser_id: field.string({ required: true }),
  status: field.string<MeetingStatus>({ required: true }),
  outcome: field.string({ default: null }),
  attendees: field.list(attendeeSchema),
  // The attendees' ids by type, for the merge and purge hooks and `mine` (multikey indexes).
  user_ids: field.strings(),
  contact_ids: field.strings(),
  online_meeting: field.boolean({ default: false }),
  // Invitations go out from the organiser's calendar with each sync.
  send_invites: field.boolean({ default: false }),
  external_provider: field.string<CalendarProviderName>({ default: null }),
  // The event's id at the provider, once created there.
  external_event_id: field.string({ default: null }),
  join_url: field.string({ default: null }),
  sync_error: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type MeetingRecord = ScopedRecordOf<typeof meetingFields>;

export const MEETING_MODEL = 'Meeting';

const meetingSchema = new Schema<MeetingRecord>(schemaOf(meetingFields), {
  collection: 'meetings',
  versionKey: false,
  minimize: false,
});
meetingSchema.plugin(tenantScoped);
// The list: a time window in start order, of the workspace, of one company, or of one person.
meetingSchema.index({ workspace_id: 1, starts_at: 1, _id: 1 });
meetingSchema.index({ workspace_id: 1, company_id: 1, starts_at: 1 });
meetingSchema.index({ workspace_id: 1, organiser_id: 1, starts_at: 1 });
meetingSchema.index({ workspace_id: 1, user_ids: 1, starts_at: 1 });
// Merges and purges of contacts.
meetingSchema.index({ workspace_id: 1, contact_ids: 1 });

export function registerMeetingModel(connection: Connection): void {
  connection.model(MEETING_MODEL, meetingSchema);
}

export function meetingModel(connection: Connection): Model<MeetingRecord> {
  return connection.model<MeetingRecord>(MEETING_MODEL);
}
