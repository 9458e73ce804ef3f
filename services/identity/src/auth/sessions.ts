import type { ClientSession, Connection } from 'mongoose';
import { isoNow, newId } from '@crm/kit';
import { sessionModel, type SessionRecord } from './session.model';
import { issueSessionToken } from './token-format';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface StartedSession {
  token: string;
  record: SessionRecord;
}

// Sessions have a fixed lifetime from sign-in (not sliding), so authenticating a request
// never writes; sign-out revokes at once.
export async function startSession(
  connection: Connection,
  transaction: ClientSession,
  input: { userId: string; workspaceId: string | null; ttlDays: number },
): Promise<StartedSession> {
  const issued = issueSessionToken();
  const now = new Date();
  const record: SessionRecord = {
    _id: newId(),
    token_digest: issued.digest,
    user_id: input.userId,
    workspace_id: input.workspaceId,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + input.ttlDays * DAY_MS).toISOString(),
    revoked_at: null,
  };
  await sessionModel(connection).create([record], { session: transaction });
  return { token: issued.token, record };
}

export async function revokeSession(
  connection: Connection,
  transaction: ClientSession,
  sessionId: string,
  userId: string,
): Promise<boolean> {
  const result = await sessionModel(connection).updateOne(
    { _id: sessionId, user_id: userId, revoked_at: null },
    { $set: { revoked_at: isoNow() } },
    { session: transaction },
  );
  return result.modifiedCount === 1;
}

export async function switchSessionWorkspace(
  connection: Connection,
  transaction: ClientSession,
  sessionId: string,
  userId: string,
  workspaceId: string,
): Promise<void> {
  await sessionModel(connection).updateOne(
    { _id: sessionId, user_id: userId, revoked_at: null },
    { $set: { workspace_id: workspaceId } },
    { session: transaction },
  );
}

// A live session: not revoked and not expired at `now`.
export function isLive(record: Pick<SessionRecord, 'revoked_at' | 'expires_at'>, now = isoNow()): boolean {
  return record.revoked_at === null && record.expires_at > now;
}
