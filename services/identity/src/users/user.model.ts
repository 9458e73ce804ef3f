import { Schema, type Connection, type Model } from 'mongoose';
import { field, globalCollection, schemaOf, type RecordOf } from '@crm/kit';

// A person. People exist across workspaces, so this collection is not tenant-scoped; what a
// person may do inside a workspace lives on their Member record there.
const userFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version: field.absentOnOld(field.number({ default: 1 })),
  // Normalised: trimmed, lower case. Unique.
  email: field.string({ required: true }),
  // "first last", trimmed. Sign-up sets it directly; PATCH /me keeps it in step with the
  // two parts below.
  name: field.string({ required: true }),
  // Set by PATCH /me; absent until then (the parts are then read from `name`).
  first_name: field.absentOnOld(field.string({ default: null })),
  last_name: field.absentOnOld(field.string({ default: null })),
  password_hash: field.string({ required: true }),
  // When the person followed a verification link mailed to `email` (or signed up from an
  // invitation link, which was mailed there too). Null, or absent on accounts made before email
  // verification existed: not verified (docs/authentication.md).
  email_verified_at: field.absentOnOld(field.string({ default: null })),
  avatar: field.string({ default: null }),
  email_notifications: field.boolean({ default: true }),
  // Every workspace the person has been a member of: the explicit scope of the one
  // cross-workspace read of memberships (which workspaces may I switch to).
  workspace_ids: field.strings(),
  // Where a new session starts.
  last_workspace_id: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type UserRecord = RecordOf<typeof userFields>;

export const USER_MODEL = 'User';

const userSchema = new Schema<UserRecord>(schemaOf(userFields), { collection: 'users', versionKey: false });
userSchema.plugin(globalCollection, {
  reason: 'a person spans workspaces; what they may do in one lives on their Member record there',
});
userSchema.index({ email: 1 }, { unique: true });

export function registerUserModel(connection: Connection): void {
  connection.model(USER_MODEL, userSchema);
}

export function userModel(connection: Connection): Model<UserRecord> {
  return connection.model<UserRecord>(USER_MODEL);
}
