import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export const MEETING_STATUSES = ['scheduled', 'done', 'cancelled'] as const;
export type MeetingStatus = (typeof MEETING_STATUSES)[number];
export const CALENDAR_PROVIDERS = ['provider_a', 'provider_b'] as const;
export type CalendarProviderName = (typeof CALENDAR_PROVIDERS)[number];

export interface MeetingAttendee {
  type: 'user' | 'contact';
  id: string;
}

// A meeting as stored. Names and emails of the company and attendees are joined when read, so
// a rename shows on the next read. The calendar part (external_*, join_url, sync_error) is
// written by the sync job (meeting-sync.ts).
export interface MeetingRecord {
  _id: string;
  // Bumped by each change an event announces; 1 when created.
  version: number;
  workspace_id: string;
  title: string;
  location: string | null;
  notes: string | null;
  starts_at: string;
  ends_at: string;
  company_id: string | null;
  organiser_id: string;
  status: MeetingStatus;
  outcome: string | null;
  attendees: MeetingAttendee[];
  // The attendees' ids by type, for the merge and purge hooks and `mine` (multikey indexes).
  user_ids: string[];
  contact_ids: string[];
  online_meeting: boolean;
  // Invitations go out from the organiser's calendar with each sync.
  send_invites: boolean;
  external_provider: CalendarProviderName | null;
  // The event's id at the provider, once created there.
  external_event_id: string | null;
  join_url: string | null;
  sync_error: string | null;
  created_at: string;
  updated_at: string;
}

export const MEETING_MODEL = 'Meeting';

const attendeeSchema = new Schema<MeetingAttendee>(
  { type: { type: String, required: true }, id: { type: String, required: true } },
  { _id: false, versionKey: false },
);

const meetingSchema = new Schema<MeetingRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    title: { type: String, required: true },
    location: { type: String, default: null },
    notes: { type: String, default: null },
    starts_at: { type: String, required: true },
    ends_at: { type: String, required: true },
    company_id: { type: String, default: null },
    organiser_id: { type: String, required: true },
    status: { type: String, required: true },
    outcome: { type: String, default: null },
    attendees: { type: [attendeeSchema], default: [] },
    user_ids: { type: [String], default: [] },
    contact_ids: { type: [String], default: [] },
    online_meeting: { type: Boolean, default: false },
    send_invites: { type: Boolean, default: false },
    external_provider: { type: String, default: null },
    external_event_id: { type: String, default: null },
    join_url: { type: String, default: null },
    sync_error: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'meetings', versionKey: false, minimize: false },
);
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
