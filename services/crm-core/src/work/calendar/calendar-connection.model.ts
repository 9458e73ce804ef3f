import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';
import type { CalendarProviderName } from '../meetings/meeting.model';

export const CONNECTION_STATUSES = ['connected', 'reconnect_required'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

// A member's calendar at one provider. The tokens are sealed with AES-256-GCM (calendar-secrets),
// bound to the workspace, member and provider; they never leave this collection in clear.
export interface CalendarConnectionRecord {
  _id: string;
  version: number;
  workspace_id: string;
  user_id: string;
  provider: CalendarProviderName;
  account_email: string | null;
  status: ConnectionStatus;
  access_token_sealed: string;
  refresh_token_sealed: string | null;
  access_expires_at: Date;
  connected_at: string;
  updated_at: string;
}

const connectionSchema = new Schema<CalendarConnectionRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    user_id: { type: String, required: true },
    provider: { type: String, required: true },
    account_email: { type: String, default: null },
    status: { type: String, required: true },
    access_token_sealed: { type: String, required: true },
    refresh_token_sealed: { type: String, default: null },
    access_expires_at: { type: Date, required: true },
    connected_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'calendar_connections', versionKey: false },
);
connectionSchema.plugin(tenantScoped);
// One connection per member and provider; reconnecting replaces it.
connectionSchema.index({ workspace_id: 1, user_id: 1, provider: 1 }, { unique: true });

// A sign-in state that was used: single use is a unique id, kept until the state could no
// longer be accepted anyway.
export interface UsedStateRecord {
  _id: string;
  workspace_id: string;
  expires_at: Date;
}

const usedStateSchema = new Schema<UsedStateRecord>(
  {
    _id: { type: String, required: true },
    expires_at: { type: Date, required: true },
  },
  { collection: 'calendar_used_states', versionKey: false },
);
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
