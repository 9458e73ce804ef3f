import { Schema, type Connection, type Model } from 'mongoose';
import { globalCollection, schemaOf } from '@crm/kit';
import { PERSON_LINK_FIELDS, type PersonLinkRecord } from '../shared/person-links';

// A one-time link to set a new password (POST /me/password). It belongs to a person, not to
// a workspace, so it is not tenant-scoped. Only the token's SHA-256 digest is stored.
export type PasswordResetRecord = PersonLinkRecord;

export const PASSWORD_RESET_MODEL = 'PasswordReset';

const passwordResetSchema = new Schema<PasswordResetRecord>(schemaOf(PERSON_LINK_FIELDS), {
  collection: 'password_resets',
  versionKey: false,
});
passwordResetSchema.plugin(globalCollection, {
  reason: 'a reset link belongs to a person, not a workspace; found by token digest',
});
passwordResetSchema.index({ token_digest: 1 }, { unique: true });
passwordResetSchema.index({ user_id: 1 });

export function registerPasswordResetModel(connection: Connection): void {
  connection.model(PASSWORD_RESET_MODEL, passwordResetSchema);
}

export function passwordResetModel(connection: Connection): Model<PasswordResetRecord> {
  return connection.model<PasswordResetRecord>(PASSWORD_RESET_MODEL);
}
