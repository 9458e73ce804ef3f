import { Schema, type Connection, type Model } from 'mongoose';
import { field, globalCollection, schemaOf, type RecordOf } from '@crm/kit';
import { PERSON_LINK_FIELDS } from '../shared/person-links';

// A link mailed to a person's address to prove they receive mail there. It belongs to a person,
// not to a workspace, so it is not tenant-scoped. Only the token's SHA-256 digest is stored.
const emailVerificationFields = {
  ...PERSON_LINK_FIELDS,
  // The address the link was mailed to: it verifies that address only.
  email: field.string({ required: true }),
};

export type EmailVerificationRecord = RecordOf<typeof emailVerificationFields>;

export const EMAIL_VERIFICATION_MODEL = 'EmailVerification';

const emailVerificationSchema = new Schema<EmailVerificationRecord>(schemaOf(emailVerificationFields), {
  collection: 'email_verifications',
  versionKey: false,
});
emailVerificationSchema.plugin(globalCollection, {
  reason: 'a verification link belongs to a person, not a workspace; found by token digest',
});
emailVerificationSchema.index({ token_digest: 1 }, { unique: true });
// The links sent to a person lately: replacing them, and the limit on how many are sent.
emailVerificationSchema.index({ user_id: 1, created_at: -1 });

export function registerEmailVerificationModel(connection: Connection): void {
  connection.model(EMAIL_VERIFICATION_MODEL, emailVerificationSchema);
}

export function emailVerificationModel(connection: Connection): Model<EmailVerificationRecord> {
  return connection.model<EmailVerificationRecord>(EMAIL_VERIFICATION_MODEL);
}
