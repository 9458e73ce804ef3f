import { Schema, type Connection, type Model } from 'mongoose';
import { globalCollection } from '@crm/kit';

// A one-time link to set a new password (POST /me/password). It belongs to a person, not to
// a workspace, so it is not tenant-scoped. Only the token's SHA-256 digest is stored.
export interface PasswordResetRecord {
  _id: string;
  token_digest: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  // Set when the link was used to set a password.
  used_at: string | null;
  // Set when a newer link was asked for: only the latest one works.
  replaced_at: string | null;
}

export const PASSWORD_RESET_MODEL = 'PasswordReset';

const passwordResetSchema = new Schema<PasswordResetRecord>(
  {
    _id: { type: String, required: true },
    token_digest: { type: String, required: true },
    user_id: { type: String, required: true },
    created_at: { type: String, required: true },
    expires_at: { type: String, required: true },
    used_at: { type: String, default: null },
    replaced_at: { type: String, default: null },
  },
  { collection: 'password_resets', versionKey: false },
);
passwordResetSchema.plugin(globalCollection, { reason: 'a reset link belongs to a person, not a workspace; found by token digest' });
passwordResetSchema.index({ token_digest: 1 }, { unique: true });
passwordResetSchema.index({ user_id: 1 });

export function registerPasswordResetModel(connection: Connection): void {
  connection.model(PASSWORD_RESET_MODEL, passwordResetSchema);
}

export function passwordResetModel(connection: Connection): Model<PasswordResetRecord> {
  return connection.model<PasswordResetRecord>(PASSWORD_RESET_MODEL);
}

// Usable: not used, not replaced by a newer link, not expired at `now`.
export function isOpen(reset: PasswordResetRecord, now: string): boolean {
  return reset.used_at === null && reset.replaced_at === null && reset.expires_at > now;
}
