import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// A member's personal address for logging email (BCC or forward to it): one per member and
// workspace, made on first request and then stable.
export interface EmailLoggingAddressRecord {
  _id: string;
  workspace_id: string;
  member_id: string;
  user_id: string;
  // Random, unguessable local-part token; the address is log-<token>@<MAIL_LOGGING_DOMAIN>.
  token: string;
  created_at: string;
}

export const EMAIL_LOGGING_ADDRESS_MODEL = 'EmailLoggingAddress';

const emailLoggingAddressSchema = new Schema<EmailLoggingAddressRecord>(
  {
    _id: { type: String, required: true },
    member_id: { type: String, required: true },
    user_id: { type: String, required: true },
    token: { type: String, required: true },
    created_at: { type: String, required: true },
  },
  { collection: 'email_logging_addresses', versionKey: false },
);
emailLoggingAddressSchema.plugin(tenantScoped);
emailLoggingAddressSchema.index({ workspace_id: 1, member_id: 1 }, { unique: true });
// Unique across workspaces: the token alone will identify the member when mail arrives.
emailLoggingAddressSchema.index({ token: 1 }, { unique: true });

export function registerEmailLoggingAddressModel(connection: Connection): void {
  connection.model(EMAIL_LOGGING_ADDRESS_MODEL, emailLoggingAddressSchema);
}

export function emailLoggingAddressModel(connection: Connection): Model<EmailLoggingAddressRecord> {
  return connection.model<EmailLoggingAddressRecord>(EMAIL_LOGGING_ADDRESS_MODEL);
}
