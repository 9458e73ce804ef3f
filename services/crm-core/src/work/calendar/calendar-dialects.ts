import type { CalendarProviderName } from '../meetings/meeting.model';
import type { CalendarEventInput } from './calendar-provider';

// How each provider's calendar API writes an event: paths, bodies and where the join link is
// in the answer. provider_a takes events in a calendar resource with conference data and a
// sendUpdates switch; provider_b takes them under the account with an online meeting flag and
// sends invitations to the attendees it is given. The simulated provider reads both.

export interface EventRequest {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
}

export interface CalendarDialect {
  create(event: CalendarEventInput): EventRequest;
  update(eventId: string, event: CalendarEventInput): EventRequest;
  cancel(eventId: string, sendInvites: boolean): EventRequest;
  // The event id and join link of a create or update answer.
  read(answer: Record<string, unknown>): { event_id: string | null; join_url: string | null };
  // The account's email in the userinfo answer.
  email(answer: Record<string, unknown>): string | null;
  // Extra parameters of the authorisation request (offline access for a refresh token).
  authorizeParameters: Record<string, string>;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const obj = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

const providerA: CalendarDialect = {
  authorizeParameters: { access_type: 'offline', prompt: 'consent' },
  create: (event) => ({
    method: 'POST',
    path: `/calendars/primary/events?conferenceDataVersion=1&sendUpdates=${event.send_invites ? 'all' : 'none'}`,
    body: providerABody(event),
  }),
  update: (eventId, event) => ({
    method: 'PATCH',
    path: `/calendars/primary/events/${encodeURIComponent(eventId)}?conferenceDataVersion=1&sendUpdates=${event.send_invites ? 'all' : 'none'}`,
    body: providerABody(event),
  }),
  cancel: (eventId, sendInvites) => ({
    method: 'PATCH',
    path: `/calendars/primary/events/${encodeURIComponent(eventId)}?sendUpdates=${sendInvites ? 'all' : 'none'}`,
    body: { status: 'cancelled' },
  }),
  read(answer) {
    const entryPoints = Array.isArray(obj(answer.conferenceData).entryPoints)
      ? (obj(answer.conferenceData).entryPoints as unknown[])
      : [];
    const video = entryPoints.map(obj).find((entry) => entry.entryPointType === 'video');
    return { event_id: str(answer.id), join_url: str(video?.uri) ?? str(answer.hangoutLink) };
  },
  email: (answer) => str(answer.email),
};

function providerABody(event: CalendarEventInput): Record<string, unknown> {
  return {
    // Confirmed again when a cancelled meeting is scheduled anew.
    status: 'confirmed',
    summary: event.title,
    location: event.location ?? '',
    description: event.notes ?? '',
    start: { dateTime: event.starts_at, timeZone: 'UTC' },
    end: { dateTime: event.ends_at, timeZone: 'UTC' },
    attendees: event.attendees.map((attendee) => ({
      email: attendee.email,
      ...(attendee.name ? { displayName: attendee.name } : {}),
    })),
    // null removes the conference from an event that had one.
    conferenceData: event.online_meeting ? { createRequest: { requestId: event.request_id } } : null,
  };
}

const providerB: CalendarDialect = {
  authorizeParameters: { response_mode: 'query' },
  create: (event) => ({ method: 'POST', path: '/me/events', body: providerBBody(event) }),
  update: (eventId, event) => ({
    method: 'PATCH',
    path: `/me/events/${encodeURIComponent(eventId)}`,
    body: providerBBody(event),
  }),
  // Cancelling tells the attendees; deleting quietly takes it out of the organiser's calendar.
  cancel: (eventId, sendInvites) =>
    sendInvites
      ? {
          method: 'POST',
          path: `/me/events/${encodeURIComponent(eventId)}/cancel`,
          body: { comment: 'This meeting was cancelled.' },
        }
      : { method: 'DELETE', path: `/me/events/${encodeURIComponent(eventId)}` },
  read: (answer) => ({ event_id: str(answer.id), join_url: str(obj(answer.onlineMeeting).joinUrl) }),
  email: (answer) => str(answer.mail) ?? str(answer.userPrincipalName),
};

// provider_b invites everyone on the event: without send_invites, attendees stay off it.
function providerBBody(event: CalendarEventInput): Record<string, unknown> {
  return {
    subject: event.title,
    body: { contentType: 'text', content: event.notes ?? '' },
    start: { dateTime: event.starts_at, timeZone: 'UTC' },
    end: { dateTime: event.ends_at, timeZone: 'UTC' },
    location: { displayName: event.location ?? '' },
    attendees: event.send_invites
      ? event.attendees.map((attendee) => ({
          emailAddress: { address: attendee.email, name: attendee.name ?? attendee.email },
          type: 'required',
        }))
      : [],
    isOnlineMeeting: event.online_meeting,
    transactionId: event.request_id,
  };
}

export const CALENDAR_DIALECTS: Record<CalendarProviderName, CalendarDialect> = {
  provider_a: providerA,
  provider_b: providerB,
};
