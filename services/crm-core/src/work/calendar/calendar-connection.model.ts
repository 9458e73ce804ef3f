import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';
import type { CalendarProviderName } from '../meetings/meeting.model';

export const CONNECTION_STATUSES = ['connected', 'reconnect_required'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

// A member's calendar at one provider. The tokens are sealed with AES-256-GCM (calendar-secrets),
// bound to the workspace, member and provider; they never leave this collection in clear.
const connectionFields = {
  _id: field.string({ required: true }),
  version: field.number({ default: 1 }),
  user_id: field.string({ required: true }),
  provider: field.string<CalendarProviderName>({ required: true }),
  account_email: field.string({ default: null }),
  status: field.string<ConnectionStatus>({ required: true }),
  access_token_sealed: field.string({ required: true }),
  refresh_token_sealed: field.string({ default: null }),
  access_expires_at: field.date({ required: true }),
  connected_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type CalendarConnectionRecord = ScopedRecordOf<typeof connectionFields>;

const connectionSchema = new Schema<CalendarConnectionRecord>(schemaOf(connectionFields), {
  collection: 'calendar_connections',
  versionKey: false,
});
connectionSchema.plugin(tenantScoped);
// One connection per member and provider; reconnecting replaces it.
connectionSchema.index({ workspace_id: 1, user_id: 1, provider: 1 }, { unique: true });

// A sign-in state that was used: single use is a unique id, kept until the state could no
// longer be accepted anyway.
const usedStateFields = {
  _id: field.string({ required: true }),
  expires_at: field.date({ required: true }),
};

export type UsedStateRecord = ScopedRecordOf<typeof usedStateFields>;

const usedStateSchema = new Schema<UsedStateRecord>(schemaOf(usedStateFields), {
  collection: 'calendar_used_states',
  versionKey: false,
});
usedStateSchema.plugin(tenantScoped);
usedStateSchema.index({ expires_at: 1 }, { expireAfterSeconds: 0 });

export function registerCalendarModels(connection: Connection): void {
  connection.model('CalendarConnection', connectionSchema);
  connection.model('CalendarUsedState', usedStateSchema);
}

export const calendarConnectionModel = (connection: Connection): Model<CalendarConnectionRecord> =>
  connection.model<CalendarConnectionRecord>('CalendarConnection');
export const usedStateModel = (connection: Connection): Model<UsedStateRecord> =>
  connection.model<UsedStateRecord>('CalendarUsedState');
