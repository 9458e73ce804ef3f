import { Schema, type Connection, type Model } from 'mongoose';
import { globalCollection } from '@crm/kit';

// A person. People exist across workspaces, so this collection is not tenant-scoped; what a
// person may do inside a workspace lives on their Member record there.
export interface UserRecord {
  _id: string;
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version?: number;
  // Normalised: trimmed, lower case. Unique.
  email: string;
  // "first last", trimmed. Sign-up sets it directly; PATCH /me keeps it in step with the
  // two parts below.
  name: string;
  // Set by PATCH /me; absent until then (the parts are then read from `name`).
  first_name?: string | null;
  last_name?: string | null;
  password_hash: string;
  // When the person followed a verification link mailed to `email` (or signed up from an
  // invitation link, which was mailed there too). Null, or absent on accounts made before email
  // verification existed: not verified (docs/authentication.md).
  email_verified_at?: string | null;
  avatar: string | null;
  email_notifications: boolean;
  // Every workspace the person has been a member of: the explicit scope of the one
  // cross-workspace read of memberships (which workspaces may I switch to).
  workspace_ids: string[];
  // Where a new session starts.
  last_workspace_id: string | null;
  created_at: string;
  updated_at: string;
}

export const USER_MODEL = 'User';

const userSchema = new Schema<UserRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    email: { type: String, required: true },
    name: { type: String, required: true },
    first_name: { type: String, default: null },
    last_name: { type: String, default: null },
    password_hash: { type: String, required: true },
    email_verified_at: { type: String, default: null },
    avatar: { type: String, default: null },
    email_notifications: { type: Boolean, default: true },
    workspace_ids: { type: [String], default: [] },
    last_workspace_id: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'users', versionKey: false },
);
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
