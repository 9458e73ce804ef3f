import { Type } from '@sinclair/typebox';
import { defineEvent, type PayloadOf } from './event-contract';

// crm-core's calendar connection facts: a member connected or disconnected their calendar at a
// provider, or the connection stopped working. The payload is the connection as GET
// /integrations/calendar lists it; the OAuth tokens never leave crm-core's database (and are
// encrypted there).

const calendarConnectionState = {
  connection_id: Type.String(),
  user_id: Type.String({ description: 'The member whose calendar this is.' }),
  provider: Type.Union([Type.Literal('provider_a'), Type.Literal('provider_b')]),
  account_email: Type.Union([Type.String(), Type.Null()], { description: 'The account signed in at the provider.' }),
  status: Type.String({ description: 'connected, or reconnect_required when the provider refused the stored tokens' }),
  connected_at: Type.String(),
};

const calendarConnection = { entity: 'calendar_connection', idField: 'connection_id' };

export const calendarConnectionConnected = defineEvent({
  type: 'crm.calendar_connection.connected',
  description:
    'A member connected their calendar at a provider (the OAuth callback stored its tokens). Reconnecting replaces the earlier connection to the same provider.',
  record: calendarConnection,
  payload: calendarConnectionState,
});

export const calendarConnectionUpdated = defineEvent({
  type: 'crm.calendar_connection.updated',
  description:
    'A connection changed status: the provider refused to refresh its tokens, so the member must connect again (status reconnect_required).',
  record: calendarConnection,
  payload: {
    ...calendarConnectionState,
    fields: Type.Array(Type.String(), { description: 'The fields this change set.' }),
  },
});

export const calendarConnectionDisconnected = defineEvent({
  type: 'crm.calendar_connection.disconnected',
  description:
    'A member disconnected a calendar (DELETE /integrations/calendar/{provider}): its tokens were deleted; events already created stay in that calendar.',
  record: { ...calendarConnection, deletes: true },
  payload: calendarConnectionState,
});

export const CRM_CALENDAR_EVENT_CONTRACTS = [
  calendarConnectionConnected,
  calendarConnectionUpdated,
  calendarConnectionDisconnected,
] as const;

export type CalendarConnectionConnectedData = PayloadOf<typeof calendarConnectionConnected>;
export type CalendarConnectionUpdatedData = PayloadOf<typeof calendarConnectionUpdated>;
export type CalendarConnectionDisconnectedData = PayloadOf<typeof calendarConnectionDisconnected>;

export const CRM_CALENDAR_EVENTS_TYPES = {
  calendarConnectionConnected: calendarConnectionConnected.type,
  calendarConnectionUpdated: calendarConnectionUpdated.type,
  calendarConnectionDisconnected: calendarConnectionDisconnected.type,
} as const;
