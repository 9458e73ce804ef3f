import type { ClientSession, Connection } from 'mongoose';
import { makeEventOf, transactWithEvents, type EventActor } from '@crm/bus';
import { acrossWorkspaces, isoNow, isUuid, newId, normaliseEmail, notFound, validationFailed } from '@crm/kit';
import { supportAccessGranted, supportAccessRevoked } from '@crm/protos';
import { supportGrantState } from '../events/record-states';
import { findActiveMember } from '../members/memberships';
import { assertEmailVerified, isEmailVerified } from '../users/email-verified';
import { userModel, type UserRecord } from '../users/user.model';
import { workspaceModel, type WorkspaceRecord } from '../workspaces/workspace.model';
import { supportGrantModel, SUPPORT_MODES, type SupportGrantRecord, type SupportMode } from './support-grant.model';

const HOUR_MS = 60 * 60 * 1000;
export const MIN_GRANT_HOURS = 1;
// A week at most: support access is for a case, not a standing arrangement.
export const MAX_GRANT_HOURS = 168;

// Grants are made and ended by an operator, so their events name no person.
export const OPERATOR_ACTOR: EventActor = { type: 'system', id: null, label: 'operator (support access)' };

// The outbox relay to nudge after a commit; the CLI has none (the service's relay publishes
// what it wrote on its next poll).
type Relay = { kick(): void } | undefined;

export type SupportGrantStatus = 'active' | 'expired' | 'revoked';

export interface SupportGrantView {
  id: string;
  workspace_id: string;
  workspace_slug: string;
  staff_email: string;
  mode: SupportMode;
  status: SupportGrantStatus;
  granted_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export function grantStatus(grant: SupportGrantRecord, now = isoNow()): SupportGrantStatus {
  if (grant.revoked_at) return 'revoked';
  return grant.expires_at > now ? 'active' : 'expired';
}

function grantView(grant: SupportGrantRecord, workspace: WorkspaceRecord, now = isoNow()): SupportGrantView {
  return {
    id: grant._id,
    workspace_id: grant.workspace_id,
    workspace_slug: workspace.slug,
    staff_email: grant.staff_email,
    mode: grant.mode,
    status: grantStatus(grant, now),
    granted_at: grant.granted_at,
    expires_at: grant.expires_at,
    revoked_at: grant.revoked_at,
  };
}

// The live grant for this person in this workspace, if any.
export async function findActiveGrant(
  connection: Connection,
  workspaceId: string,
  email: string,
  now = isoNow(),
  transaction?: ClientSession,
): Promise<SupportGrantRecord | null> {
  return supportGrantModel(connection)
    .findOne({
      workspace_id: workspaceId,
      staff_email: normaliseEmail(email),
      revoked_at: null,
      expires_at: { $gt: now },
    })
    .sort({ expires_at: -1 })
    .session(transaction ?? null)
    .lean<SupportGrantRecord>()
    .exec();
}

// The live grant a person acts under: one made to their email, once that email is verified (a
// grant made before verification existed does not let an unverified account in).
export async function findVerifiedGrant(
  connection: Connection,
  workspaceId: string,
  user: Pick<UserRecord, 'email' | 'email_verified_at'>,
  transaction?: ClientSession,
): Promise<SupportGrantRecord | null> {
  if (!isEmailVerified(user)) return null;
  return findActiveGrant(connection, workspaceId, user.email, isoNow(), transaction);
}

// A session may enter a workspace its person is an active member of, or one they hold live
// support access to.
export async function canEnterWorkspace(
  connection: Connection,
  workspaceId: string,
  userId: string,
  transaction?: ClientSession,
): Promise<boolean> {
  // Asked from a request in another workspace (switching into this one).
  return acrossWorkspaces('may a person enter a workspace they are switching to', async () => {
    if (await findActiveMember(connection, workspaceId, userId, transaction)) return true;
    const user = await userModel(connection)
      .findById(userId)
      .session(transaction ?? null)
      .lean<UserRecord>()
      .exec();
    return user !== null && (await findVerifiedGrant(connection, workspaceId, user, transaction)) !== null;
  });
}

// By id or by slug, as an operator would name it.
export async function findWorkspace(connection: Connection, idOrSlug: string): Promise<WorkspaceRecord> {
  const workspaces = workspaceModel(connection);
  const workspace =
    (isUuid(idOrSlug) ? await workspaces.findById(idOrSlug).lean<WorkspaceRecord>().exec() : null) ??
    (await workspaces.findOne({ slug: idOrSlug.trim().toLowerCase() }).lean<WorkspaceRecord>().exec());
  if (!workspace) throw notFound(`workspace '${idOrSlug}'`);
  return workspace;
}

export interface GrantInput {
  workspace: string;
  staffEmail: string;
  mode: SupportMode;
  hours: number;
}

// A new grant; an earlier live grant of the same person to the same workspace ends with it,
// so there is one at a time.
export async function grantSupportAccess(
  connection: Connection,
  relay: Relay,
  input: GrantInput,
): Promise<SupportGrantView> {
  if (!SUPPORT_MODES.includes(input.mode)) throw validationFailed(`mode must be one of ${SUPPORT_MODES.join(', ')}`);
  if (!Number.isInteger(input.hours) || input.hours < MIN_GRANT_HOURS || input.hours > MAX_GRANT_HOURS) {
    throw validationFailed(`hours must be an integer from ${MIN_GRANT_HOURS} to ${MAX_GRANT_HOURS}`);
  }
  const workspace = await findWorkspace(connection, input.workspace);
  const email = normaliseEmail(input.staffEmail);
  const staff = await userModel(connection).findOne({ email }).lean<UserRecord>().exec();
  if (!staff) throw notFound(`account with email '${email}'`);
  // Access is granted to an email: only to an account that has proved it receives mail there.
  assertEmailVerified(staff, 'getting support access (the account must follow its verification link)');

  const grants = supportGrantModel(connection);
  return transactWithEvents(connection, relay, async (transaction, emit) => {
    const now = new Date();
    const nowText = now.toISOString();
    const previous = await findActiveGrant(connection, workspace._id, email, nowText, transaction);
    if (previous) {
      await grants.updateMany(
        { workspace_id: workspace._id, staff_email: email, revoked_at: null, expires_at: { $gt: nowText } },
        { $set: { revoked_at: nowText }, $inc: { version: 1 } },
        { session: transaction },
      );
    }
    const grant: SupportGrantRecord = {
      _id: newId(),
      workspace_id: workspace._id,
      staff_email: email,
      mode: input.mode,
      expires_at: new Date(now.getTime() + input.hours * HOUR_MS).toISOString(),
      granted_at: nowText,
      revoked_at: null,
    };
    await grants.create([grant], { session: transaction });
    emit(
      makeEventOf(supportAccessGranted, {
        workspace_id: workspace._id,
        actor: OPERATOR_ACTOR,
        data: {
          ...supportGrantState(grant),
          replaced_grant_id: previous?._id ?? null,
        },
      }),
    );
    return grantView(grant, workspace, nowText);
  });
}

export interface RevokeInput {
  workspace: string;
  staffEmail: string;
}

// Ends the person's live access to the workspace; their next request no longer reaches it.
export async function revokeSupportAccess(
  connection: Connection,
  relay: Relay,
  input: RevokeInput,
): Promise<SupportGrantView[]> {
  const workspace = await findWorkspace(connection, input.workspace);
  const email = normaliseEmail(input.staffEmail);
  const grants = supportGrantModel(connection);
  return transactWithEvents(connection, relay, async (transaction, emit) => {
    const now = isoNow();
    const live = await grants
      .find({ workspace_id: workspace._id, staff_email: email, revoked_at: null, expires_at: { $gt: now } })
      .session(transaction)
      .lean<SupportGrantRecord[]>()
      .exec();
    if (live.length === 0) throw notFound(`active support access for '${email}' to workspace '${workspace.slug}'`);
    await grants.updateMany(
      { workspace_id: workspace._id, _id: { $in: live.map((grant) => grant._id) } },
      { $set: { revoked_at: now }, $inc: { version: 1 } },
      { session: transaction },
    );
    const revoked = live.map((grant) => ({ ...grant, revoked_at: now, version: (grant.version ?? 1) + 1 }));
    for (const grant of revoked) {
      emit(
        makeEventOf(supportAccessRevoked, {
          workspace_id: workspace._id,
          actor: OPERATOR_ACTOR,
          data: supportGrantState(grant),
        }),
      );
    }
    return revoked.map((grant) => grantView(grant, workspace, now));
  });
}

// Every grant of the workspace, newest first, with its status now.
export async function listSupportGrants(
  connection: Connection,
  workspaceIdOrSlug: string,
): Promise<SupportGrantView[]> {
  const workspace = await findWorkspace(connection, workspaceIdOrSlug);
  const grants = await supportGrantModel(connection)
    .find({ workspace_id: workspace._id })
    .sort({ granted_at: -1, _id: -1 })
    .lean<SupportGrantRecord[]>()
    .exec();
  const now = isoNow();
  return grants.map((grant) => grantView(grant, workspace, now));
}
