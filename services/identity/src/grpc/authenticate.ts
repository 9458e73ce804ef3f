import type { Connection } from 'mongoose';
import { AppError, isoNow, type Logger } from '@crm/kit';
import type { identityV1 } from '@crm/protos';
import { sessionModel, type SessionRecord } from '../auth/session.model';
import { isLive } from '../auth/sessions';
import { digestOf, digestsEqual, parseToken } from '../auth/token-format';
import { apiKeyCredentialModel, type ApiKeyCredentialRecord } from '../api-keys/api-key-credential.model';
import { apiKeyModel, type ApiKeyRecord } from '../api-keys/api-key.model';
import { memberModel } from '../members/member.model';
import { findActiveMember } from '../members/memberships';
import { PERMISSIONS, isAdminPermissionSet } from '../roles/permissions';
import { SUPPORT_ROLE } from '../roles/role-names';
import { roleModel, type RoleRecord } from '../roles/role.model';
import { findVerifiedGrant } from '../support/support-grants';
import { userModel, type UserRecord } from '../users/user.model';
import { workspaceModel, type WorkspaceRecord } from '../workspaces/workspace.model';
import type { AuthenticationCache, KeptAnswer } from './authentication-cache';

type Claims = identityV1.AuthenticateResponse;

// last_used_at is a hint for admins, not an audit trail: at most one write a minute per key.
const LAST_USED_RESOLUTION_MS = 60_000;
// A person with no workspace yet has no plan; nothing plan-gated is reachable without one.
const NO_WORKSPACE_PLAN = 'free';

const refused = (message = 'missing or invalid token') => new AppError('unauthenticated', message);

// What identity answers, and whether the caller may keep it: for as long as identity's
// generation stays `generation` (AuthenticationCache.onChange tells of each new one) and, by the
// clock, until `until` (ms since the epoch).
export interface Authenticated {
  claims: Claims;
  keep?: { generation: number; until: number };
}

// Who is calling: a session token or an API key. Answers of members acting in their workspace
// are served from the cache until identity next writes anything they are computed from (see
// AuthenticationCache), so revocation, a disabled membership or a role change apply on the very
// next request; expiry is checked against the clock. Refusals are never cached.
export async function authenticate(
  connection: Connection,
  logger: Logger,
  token: string,
  cache?: AuthenticationCache,
): Promise<Authenticated> {
  if (cache) {
    // Only a token that parsed and authenticated is ever stored, under its digest: a hit needs
    // neither the format nor the checksum checked again.
    const cached = cache.get(digestOf(token));
    if (cached) {
      // A key served from the cache still records its use (the write then clears the cache).
      const { key_id: keyId, workspace_id: workspaceId } = cached.claims;
      if (cached.lastUsedAt !== undefined && keyId && workspaceId && !recentlyUsed(cached.lastUsedAt)) {
        await touchLastUsed(
          connection,
          logger,
          { _id: keyId, workspace_id: workspaceId, last_used_at: cached.lastUsedAt },
          isoNow(),
        );
      }
      return { claims: cached.claims, keep: keptFor(cached) };
    }
  }
  const parsed = parseToken(token);
  if (!parsed) throw refused();
  const generation = cache?.begin() ?? 0;
  const answer =
    parsed.kind === 'session'
      ? await authenticateSession(connection, parsed.digest)
      : await authenticateApiKey(connection, logger, parsed.digest);
  const kept =
    answer.cacheUntil === undefined
      ? undefined
      : cache?.store(
          parsed.digest,
          generation,
          { claims: answer.claims, lastUsedAt: answer.lastUsedAt },
          answer.cacheUntil,
        );
  return { claims: answer.claims, keep: kept && keptFor(kept) };
}

// How long a caller may keep a kept answer: as long as identity does, and for a key no longer
// than until its use is due to be recorded again, so that identity hears of it then.
function keptFor(kept: KeptAnswer): Authenticated['keep'] {
  const until =
    kept.lastUsedAt === undefined
      ? kept.expiresAt
      : Math.min(kept.expiresAt, kept.lastUsedAt === null ? 0 : Date.parse(kept.lastUsedAt) + LAST_USED_RESOLUTION_MS);
  return until > Date.now() ? { generation: kept.generation, until } : undefined;
}

interface Answer {
  claims: Claims;
  // Set on answers that may be cached: until when they hold by the clock.
  cacheUntil?: number;
  lastUsedAt?: string | null;
}

const uncached = (claims: Claims): Answer => ({ claims });

async function authenticateSession(connection: Connection, digest: string): Promise<Answer> {
  const session = await sessionModel(connection).findOne({ token_digest: digest }).lean<SessionRecord>().exec();
  if (!session || !digestsEqual(session.token_digest, digest)) throw refused();
  if (session.revoked_at) throw refused('session has been signed out');
  if (!isLive(session)) throw refused('session has expired; sign in again');
  const user = await userModel(connection).findById(session.user_id).lean<UserRecord>().exec();
  if (!user) throw refused();

  const actor = { actor_type: 'user', actor_id: user._id, actor_label: user.name };
  if (!session.workspace_id) {
    return uncached({
      user_id: user._id,
      ...actor,
      permissions: [],
      is_admin: false,
      plan: NO_WORKSPACE_PLAN,
      session_id: session._id,
    });
  }
  const workspaceId = session.workspace_id;
  const [member, workspace] = await Promise.all([
    findActiveMember(connection, workspaceId, user._id),
    workspaceModel(connection).findById(workspaceId).lean<WorkspaceRecord>().exec(),
  ]);
  if (!workspace) throw refused('membership of this workspace is not active');
  // Rare (support staff, a person who left): always computed afresh, never cached.
  if (!member) return uncached(await authenticateOutsideMembership(connection, session, user, workspace, actor));
  const role = await roleModel(connection)
    .findOne({ workspace_id: workspaceId, _id: member.role_id })
    .lean<RoleRecord>()
    .exec();
  if (!role) throw refused('membership of this workspace is not active');
  const permissions = orderedPermissions(role.permissions);
  const claims = {
    workspace_id: workspaceId,
    user_id: user._id,
    ...actor,
    role: role.name,
    permissions,
    is_admin: isAdminPermissionSet(permissions),
    plan: workspace.plan,
    session_id: session._id,
  };
  return { claims, cacheUntil: Date.parse(session.expires_at) };
}

// A session in a workspace its person is not an active member of: staff with live support
// access act there with the Support role; a session whose support access has ended (its
// person was never a member) is back outside any workspace; a disabled member is refused.
async function authenticateOutsideMembership(
  connection: Connection,
  session: SessionRecord,
  user: UserRecord,
  workspace: WorkspaceRecord,
  actor: { actor_type: string; actor_id: string; actor_label: string },
): Promise<Claims> {
  const grant = await findVerifiedGrant(connection, workspace._id, user);
  if (grant) {
    const permissions = [...PERMISSIONS];
    return {
      workspace_id: workspace._id,
      user_id: user._id,
      ...actor,
      // Shown in the audit log and on timeline entries: support staff acted, not a member.
      actor_label: `${user.name} (support)`,
      role: SUPPORT_ROLE,
      permissions,
      is_admin: true,
      plan: workspace.plan,
      session_id: session._id,
      support: { staff_email: grant.staff_email, mode: grant.mode, expires_at: grant.expires_at },
    };
  }
  const wasMember = await memberModel(connection).exists({ workspace_id: workspace._id, user_id: user._id });
  if (wasMember) throw refused('membership of this workspace is not active');
  return {
    user_id: user._id,
    ...actor,
    permissions: [],
    is_admin: false,
    plan: NO_WORKSPACE_PLAN,
    session_id: session._id,
  };
}

async function authenticateApiKey(connection: Connection, logger: Logger, digest: string): Promise<Answer> {
  const credential = await apiKeyCredentialModel(connection).findById(digest).lean<ApiKeyCredentialRecord>().exec();
  if (!credential || !digestsEqual(credential._id, digest)) throw refused();
  const workspaceId = credential.workspace_id;
  const key = await apiKeyModel(connection)
    .findOne({ _id: credential.key_id, workspace_id: workspaceId })
    .lean<ApiKeyRecord>()
    .exec();
  if (!key) throw refused();
  const now = isoNow();
  if (key.revoked_at) throw refused('API key has been revoked');
  if (key.expires_at !== null && key.expires_at <= now) throw refused('API key has expired');

  const [member, workspace] = await Promise.all([
    findActiveMember(connection, workspaceId, key.created_by),
    workspaceModel(connection).findById(workspaceId).lean<WorkspaceRecord>().exec(),
  ]);
  if (!member || !workspace) throw refused('the member who created this API key is no longer active');
  const roles = await roleModel(connection)
    .find({ workspace_id: workspaceId, _id: { $in: [key.role_id, member.role_id] } })
    .lean<RoleRecord[]>()
    .exec();
  const keyRole = roles.find((role) => role._id === key.role_id);
  const memberRole = roles.find((role) => role._id === member.role_id);
  if (!keyRole || !memberRole) throw refused('API key role no longer exists');

  // A key acts as its creator: it never has a right its creator has lost since.
  const permissions = orderedPermissions(
    keyRole.permissions.filter((permission) => memberRole.permissions.includes(permission)),
  );
  const lastUsedAt = await touchLastUsed(connection, logger, key, now);
  const claims = {
    workspace_id: workspaceId,
    user_id: key.created_by,
    actor_type: key.kind === 'agent' ? 'agent' : 'app',
    actor_id: key._id,
    actor_label: key.name,
    role: keyRole.name,
    permissions,
    is_admin: isAdminPermissionSet(permissions),
    plan: workspace.plan,
    key_id: key._id,
  };
  return { claims, cacheUntil: key.expires_at === null ? Infinity : Date.parse(key.expires_at), lastUsedAt };
}

// Whether last_used_at is recent enough not to be written again: checked on every cached
// answer of a key, so by number, without building the threshold's text.
function recentlyUsed(lastUsedAt: string | null): boolean {
  return lastUsedAt !== null && Date.parse(lastUsedAt) > Date.now() - LAST_USED_RESOLUTION_MS;
}

// Returns last_used_at as it now stands.
async function touchLastUsed(
  connection: Connection,
  logger: Logger,
  key: Pick<ApiKeyRecord, '_id' | 'workspace_id' | 'last_used_at'>,
  now: string,
): Promise<string | null> {
  const threshold = new Date(Date.parse(now) - LAST_USED_RESOLUTION_MS).toISOString();
  if (key.last_used_at && key.last_used_at > threshold) return key.last_used_at;
  try {
    await apiKeyModel(connection).updateOne(
      {
        _id: key._id,
        workspace_id: key.workspace_id,
        $or: [{ last_used_at: null }, { last_used_at: { $lte: threshold } }],
      },
      { $set: { last_used_at: now } },
    );
  } catch (error) {
    // Bookkeeping only: a failed write must not refuse a valid key.
    logger.warn({ err: error, key_id: key._id }, 'could not record API key use');
    return key.last_used_at;
  }
  return now;
}

// Permissions in the catalogue's order, unknown names dropped.
function orderedPermissions(permissions: readonly string[]): string[] {
  return PERMISSIONS.filter((permission) => permissions.includes(permission));
}
