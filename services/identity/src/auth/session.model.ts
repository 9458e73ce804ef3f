import { Schema, type Connection, type Model } from 'mongoose';
import { field, globalCollection, schemaOf, type RecordOf } from '@crm/kit';

// A signed-in session. It belongs to a person, not to a workspace (its current workspace
// changes with switch-workspace), so it is not tenant-scoped. Only the token's SHA-256
// digest is stored.
const sessionFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version: field.absentOnOld(field.number({ default: 1 })),
  token_digest: field.string({ required: true }),
  user_id: field.string({ required: true }),
  workspace_id: field.string({ default: null }),
  created_at: field.string({ required: true }),
  // Fixed lifetime from sign-in (SESSION_TTL_DAYS).
  expires_at: field.string({ required: true }),
  revoked_at: field.string({ default: null }),
};

export type SessionRecord = RecordOf<typeof sessionFields>;

export const SESSION_MODEL = 'Session';

const sessionSchema = new Schema<SessionRecord>(schemaOf(sessionFields), { collection: 'sessions', versionKey: false });
sessionSchema.plugin(globalCollection, {
  reason: 'a session belongs to a person and moves between workspaces (switch-workspace); found by token digest',
});
sessionSchema.index({ token_digest: 1 }, { unique: true });
sessionSchema.index({ user_id: 1 });

export function registerSessionModel(connection: Connection): void {
  connection.model(SESSION_MODEL, sessionSchema);
}

export function sessionModel(connection: Connection): Model<SessionRecord> {
  return connection.model<SessionRecord>(SESSION_MODEL);
}
