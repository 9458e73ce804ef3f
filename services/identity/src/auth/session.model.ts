import { Schema, type Connection, type Model } from 'mongoose';
import { globalCollection } from '@crm/kit';

// A signed-in session. It belongs to a person, not to a workspace (its current workspace
// changes with switch-workspace), so it is not tenant-scoped. Only the token's SHA-256
// digest is stored.
export interface SessionRecord {
  _id: string;
  // Bumped by each change an event announces (the event carries it); absent on records stored
  // before versions existed, which count as 1.
  version?: number;
  token_digest: string;
  user_id: string;
  workspace_id: string | null;
  created_at: string;
  // Fixed lifetime from sign-in (SESSION_TTL_DAYS).
  expires_at: string;
  revoked_at: string | null;
}

export const SESSION_MODEL = 'Session';

const sessionSchema = new Schema<SessionRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    token_digest: { type: String, required: true },
    user_id: { type: String, required: true },
    workspace_id: { type: String, default: null },
    created_at: { type: String, required: true },
    expires_at: { type: String, required: true },
    revoked_at: { type: String, default: null },
  },
  { collection: 'sessions', versionKey: false },
);
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
