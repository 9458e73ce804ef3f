import { DateTime, declareOperation, Named, Nullable, Strict, StringEnum, Type, Uri, type Static } from '@crm/kit';
import { anyone, remove, standard } from '@crm/protos';
import { CALENDAR_PROVIDERS } from '../meetings/meeting.model';
import { CONNECTION_STATUSES } from './calendar-connection.model';

// The item of `connections` (the contract leaves its shape open): one per provider the caller
// connected. No token ever appears in an answer. paused is not stored: a working connection reads
// so while the workspace's plan has no calendar sync.
const CONNECTION_VIEW_STATUSES = [...CONNECTION_STATUSES, 'paused'] as const;
export const CalendarConnection = Named(
  'CalendarConnection',
  Strict({
    provider: StringEnum(CALENDAR_PROVIDERS),
    account_email: Nullable(Type.String({ description: 'The account signed in at the provider.' })),
    connected_at: DateTime(),
    status: StringEnum(CONNECTION_VIEW_STATUSES, {
      description:
        'connected; reconnect_required when the provider refused the stored tokens (connect again); paused while the workspace is on a plan without calendar sync (nothing is synced; the tokens are kept, so syncing resumes on Standard without connecting again).',
    }),
  }),
);
export type CalendarConnectionView = Static<typeof CalendarConnection>;

export const getCalendarIntegration = declareOperation({
  method: 'GET',
  path: '/integrations/calendar',
  // A member connects their own calendar; syncing it is a Standard plan feature.
  access: anyone,
  summary: "The calendar providers and the caller's connections",
  description:
    'connections are the caller’s own: each member connects their own calendar. Calendar sync is part of the Standard plan (included_in_plan); on another plan working connections are listed as paused.',
  status: 200,
  response: Named(
    'CalendarIntegration',
    Strict({
      available: Type.Array(StringEnum(CALENDAR_PROVIDERS)),
      included_in_plan: Type.Boolean({ description: 'Calendar sync is part of the Standard plan.' }),
      connections: Type.Array(CalendarConnection),
    }),
  ),
});

const byProvider = Type.Object({ provider: StringEnum(CALENDAR_PROVIDERS) });

export const connectCalendar = declareOperation({
  method: 'POST',
  path: '/integrations/calendar/{provider}/connect',
  access: standard(anyone),
  summary: 'Start connecting a calendar',
  description:
    "Answers the provider's sign-in address. Its state is signed, expires after 10 minutes (CALENDAR_STATE_TTL_SECONDS) and works once; after sign-in the provider returns the member to /v1/public/integrations/calendar/{provider}/callback, which stores the connection. The answer sets the cookie crm_calendar_flow (HttpOnly, SameSite=Lax, for the callback's path): the state is bound to it, so the sign-in must happen in the browser that received this answer. Connecting again replaces an earlier connection to the same provider.",
  params: byProvider,
  bodyRequired: false,
  status: 200,
  response: Named('CalendarSignIn', Strict({ url: Uri({ description: 'Open it to sign in at the provider.' }) })),
});

export const disconnectCalendar = declareOperation({
  method: 'DELETE',
  path: '/integrations/calendar/{provider}',
  access: remove(null),
  summary: 'Disconnect a calendar',
  description:
    "Deletes the caller's tokens for the provider (404 when not connected), on every plan (a paused connection too). Events already created stay in the calendar; later changes to those meetings are no longer synced.",
  params: byProvider,
  status: 204,
  response: null,
});

export const calendarCallback = declareOperation({
  method: 'GET',
  path: '/public/integrations/calendar/{provider}/callback',
  // The flow's cookie shows it is the browser that asked for the sign-in link (docs/calendar.md).
  cookies: ['crm_calendar_flow'],
  summary: 'Where the provider returns a member after sign-in',
  description:
    "Reached without a token: the signed state names the workspace and member, and the crm_calendar_flow cookie set by connect shows it is the browser that asked. Exchanges the code for tokens, stores them encrypted and answers the connection; the cookie is cleared. An invalid, expired or used state, or a browser without the flow's cookie, is 400 calendar_state_invalid; a refusal at the provider 400 calendar_access_denied.",
  access: 'public',
  params: byProvider,
  // Providers add parameters of their own (scope, session_state, ...): they are ignored.
  query: Type.Object(
    {
      state: Type.String({ minLength: 1, maxLength: 2000 }),
      code: Type.Optional(Type.String({ minLength: 1, maxLength: 4000 })),
      error: Type.Optional(Type.String({ maxLength: 200 })),
      error_description: Type.Optional(Type.String({ maxLength: 2000 })),
    },
    { additionalProperties: true },
  ),
  status: 200,
  response: Named('CalendarConnected', Strict({ ...CalendarConnection.properties })),
});
export type CalendarCallbackQuery = Static<NonNullable<typeof calendarCallback.query>>;
