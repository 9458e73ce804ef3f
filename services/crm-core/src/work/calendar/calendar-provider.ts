import type { CalendarProviderName } from '../meetings/meeting.model';

// One interface for every calendar provider: OAuth 2.0 authorisation code sign-in, token
// refresh, and the events of the signed-in account's calendar. The HTTP adapter speaks it to a
// real provider and to the simulated one alike (http-calendar-provider.ts).

export interface ProviderTokens {
  access_token: string;
  // Absent when the provider keeps the earlier one (a refresh need not rotate it).
  refresh_token?: string;
  // When the access token stops working (ms since the epoch).
  expires_at: number;
}

export interface CalendarEventInput {
  title: string;
  location: string | null;
  notes: string | null;
  starts_at: string;
  ends_at: string;
  attendees: Array<{ name: string | null; email: string }>;
  online_meeting: boolean;
  send_invites: boolean;
  // Stable per meeting: a retried create asks the provider for the same online meeting.
  request_id: string;
}

export interface CalendarEventResult {
  event_id: string;
  join_url: string | null;
}

// A provider's refusal or failure. `permanent` ones are not retried (a refused token, an event
// the provider no longer has); the reason is shown to people in sync_error.
export class CalendarProviderError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    // The provider refused the tokens themselves: the member must connect again.
    readonly reconnect = false,
    // The provider's HTTP status, when it answered.
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = 'CalendarProviderError';
  }
}

export interface CalendarProvider {
  readonly name: CalendarProviderName;
  // Where the member signs in; the provider sends them back to redirectUri with code and state.
  authorizationUrl(input: { state: string; redirectUri: string }): Promise<string>;
  exchangeCode(input: { code: string; redirectUri: string }): Promise<ProviderTokens>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  // The signed-in account's email, shown with the connection.
  accountEmail(accessToken: string): Promise<string | null>;
  createEvent(accessToken: string, event: CalendarEventInput): Promise<CalendarEventResult>;
  updateEvent(accessToken: string, eventId: string, event: CalendarEventInput): Promise<CalendarEventResult>;
  // Cancels it in the calendar (attendees told when send_invites).
  cancelEvent(accessToken: string, eventId: string, sendInvites: boolean): Promise<void>;
}
