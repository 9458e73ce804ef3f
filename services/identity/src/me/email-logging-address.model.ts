import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// A member's personal address for logging email (BCC or forward to it): one per member and
// workspace, made on first request and then stable.
const emailLoggingAddressFields = {
  _id: field.string({ required: true }),
  member_id: field.string({ required: true }),
  user_id: field.string({ required: true }),
  // Random, unguessable local-part token; the address is log-<token>@<MAIL_LOGGING_DOMAIN>.
  token: field.string({ required: true }),
  created_at: field.string({ required: true }),
};

export type EmailLoggingAddressRecord = ScopedRecordOf<typeof emailLoggingAddressFields>;

export const EMAIL_LOGGING_ADDRESS_MODEL = 'EmailLoggingAddress';

const emailLoggingAddressSchema = new Schema<EmailLoggingAddressRecord>(schemaOf(emailLoggingAddressFields), {
  collection: 'email_logging_addresses',
  versionKey: false,
});
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
