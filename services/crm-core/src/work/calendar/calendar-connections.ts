import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { EventActor } from '@crm/bus';
import {
  AppError,
  currentContext,
  isDuplicateKey,
  isoNow,
  newId,
  notFound,
  runWithContext,
  unavailable,
  type InternalClaims,
} from '@crm/kit';
import {
  calendarConnectionConnected,
  type CalendarConnectionConnectedData,
  calendarConnectionDisconnected,
  calendarConnectionUpdated,
} from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import type { CalendarProviderName } from '../meetings/meeting.model';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { checkMembers, memberNames } from '../../records/references/members';
import { calendarConnectionModel, usedStateModel, type CalendarConnectionRecord } from './calendar-connection.model';
import type { CalendarCallbackQuery, CalendarConnectionView } from './calendar.operations';
import { CalendarProviderError } from './calendar-provider';

// Connecting a member's calendar (OAuth 2.0 authorisation code), listing and deleting the
// connection, and the access token the sync uses (refreshed when it is about to expire).

// A token expiring sooner than this is refreshed before use.
const REFRESH_MARGIN_MS = 60_000;

const stateInvalid = () =>
  new AppError('calendar_state_invalid', 'the sign-in link is invalid, expired or already used: connect again', 400);
const otherBrowser = () =>
  new AppError(
    'calendar_state_invalid',
    'the sign-in link was started in another browser (or its cookie is gone): connect again from this browser',
    400,
  );

// The browser that asks for the sign-in link gets a random value in a cookie, and the state
// carries its digest: the callback completes only in that browser, so a link made by one member
// and opened by someone else cannot connect that person's calendar into the first member's
// account (login CSRF, RFC 6749 section 10.12). HttpOnly, SameSite=Lax (sent on the provider's
// redirect, a top-level GET), scoped to the provider's callback path, gone when the state expires.
export const FLOW_COOKIE = 'crm_calendar_flow';
const digestOf = (value: string) => createHash('sha256').update(value).digest('base64url');

function flowCookie(
  runtime: CrmCoreRuntime,
  provider: CalendarProviderName,
  value: string,
  maxAgeSeconds: number,
): string {
  const callback = new URL(redirectUri(runtime, provider));
  const secure = callback.protocol === 'https:' ? '; Secure' : '';
  return `${FLOW_COOKIE}=${value}; Path=${callback.pathname}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

// The flow cookie's value in a Cookie header, if sent.
function flowCookieOf(cookieHeader: string | undefined): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === FLOW_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}

function sameDigest(expected: string, value: string | undefined): boolean {
  if (value === undefined) return false;
  const given = Buffer.from(digestOf(value));
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export const connectionView = (record: CalendarConnectionRecord): CalendarConnectionView => ({
  provider: record.provider,
  account_email: record.account_email ?? null,
  connected_at: record.connected_at,
  status: record.status,
});

export function connectionState(record: CalendarConnectionRecord): CalendarConnectionConnectedData {
  return { connection_id: record._id, user_id: record.user_id, ...connectionView(record), version: record.version };
}

// The sealed tokens are bound to their connection: a ciphertext copied elsewhere fails.
const tokenContext = (record: Pick<CalendarConnectionRecord, 'workspace_id' | 'user_id' | 'provider'>) =>
  `${record.workspace_id}:${record.user_id}:${record.provider}`;

export const redirectUri = (runtime: CrmCoreRuntime, provider: CalendarProviderName) =>
  `${runtime.calendar.config.publicUrl}/v1/public/integrations/calendar/${provider}/callback`;

// The member's connections; while the plan has no calendar sync a working one reads paused.
export async function listConnections(
  context: ServiceContext,
  workspaceId: string,
  userId: string,
  syncIncluded: boolean,
): Promise<CalendarConnectionView[]> {
  const rows = await calendarConnectionModel(context.connection)
    .find({ workspace_id: workspaceId, user_id: userId })
    .sort({ provider: 1 })
    .lean<CalendarConnectionRecord[]>()
    .exec();
  return rows.map((row) => ({
    ...connectionView(row),
    ...(!syncIncluded && row.status === 'connected' ? { status: 'paused' as const } : {}),
  }));
}

// The sign-in link, and the cookie that binds it to the browser that asked for it.
export async function startConnect(
  runtime: CrmCoreRuntime,
  claims: InternalClaims,
  workspaceId: string,
  provider: CalendarProviderName,
): Promise<{ url: string; cookie: string }> {
  const { calendar } = runtime;
  const browser = randomBytes(32).toString('base64url');
  const state = calendar.secrets.sign({
    n: newId(),
    w: workspaceId,
    u: claims.user_id,
    p: provider,
    b: digestOf(browser),
    e: Date.now() + calendar.config.stateTtlMs,
  });
  const url = await calendar.providers[provider].authorizationUrl({
    state,
    redirectUri: redirectUri(runtime, provider),
  });
  return { url, cookie: flowCookie(runtime, provider, browser, Math.ceil(calendar.config.stateTtlMs / 1000)) };
}

// Ends the flow's cookie in the browser, whatever the callback answered.
export const clearedFlowCookie = (runtime: CrmCoreRuntime, provider: CalendarProviderName) =>
  flowCookie(runtime, provider, '', 0);

interface SignedState {
  nonce: string;
  workspaceId: string;
  userId: string;
  browserDigest: string;
  expiresAt: number;
}

function readState(runtime: CrmCoreRuntime, provider: CalendarProviderName, state: string): SignedState {
  const payload = runtime.calendar.secrets.verify(state);
  if (
    !payload ||
    payload.p !== provider ||
    typeof payload.n !== 'string' ||
    typeof payload.w !== 'string' ||
    typeof payload.u !== 'string' ||
    typeof payload.b !== 'string' ||
    typeof payload.e !== 'number'
  ) {
    throw stateInvalid();
  }
  if (payload.e <= Date.now()) throw stateInvalid();
  return {
    nonce: payload.n,
    workspaceId: payload.w,
    userId: payload.u,
    browserDigest: payload.b,
    expiresAt: payload.e,
  };
}

// The provider sent the member back: the state (signed, unexpired, unused) says who they are, and
// the flow cookie that they are in the browser that asked for the link.
export async function completeConnect(
  runtime: CrmCoreRuntime,
  provider: CalendarProviderName,
  query: CalendarCallbackQuery,
  cookieHeader: string | undefined,
): Promise<CalendarConnectionView> {
  const { context, calendar } = runtime;
  const state = readState(runtime, provider, query.state);
  // Before the state is spent: a link opened in the wrong browser leaves it to its own member.
  if (!sameDigest(state.browserDigest, flowCookieOf(cookieHeader))) throw otherBrowser();
  return runWithContext(
    { request_id: currentContext()?.request_id ?? newId(), ...currentContext(), workspace_id: state.workspaceId },
    async () => {
      try {
        await usedStateModel(context.connection).create({
          _id: state.nonce,
          workspace_id: state.workspaceId,
          expires_at: new Date(state.expiresAt),
        });
      } catch (error) {
        if (isDuplicateKey(error)) throw stateInvalid();
        throw error;
      }
      if (query.error !== undefined)
        throw new AppError(
          'calendar_access_denied',
          `${provider} did not allow access (${query.error}): connect again to retry`,
          400,
        );
      if (query.code === undefined) throw new AppError('validation_failed', 'code is required', 400);
      // The member may have been disabled since the link was made.
      await checkMembers(context, state.workspaceId, [{ field: 'state', id: state.userId }]);
      const adapter = calendar.providers[provider];
      let tokens;
      let email: string | null;
      try {
        tokens = await adapter.exchangeCode({ code: query.code, redirectUri: redirectUri(runtime, provider) });
        email = await adapter.accountEmail(tokens.access_token);
      } catch (error) {
        if (error instanceof CalendarProviderError && error.permanent)
          throw new AppError('calendar_access_denied', `${error.message}: connect again`, 400);
        if (error instanceof CalendarProviderError) throw unavailable(error.message);
        throw error;
      }
      const names = await memberNames(context, state.workspaceId, [state.userId]);
      const actor: EventActor = { type: 'user', id: state.userId, label: names.get(state.userId) ?? null };
      return commit(context, async ({ transaction, publish }) => {
        const model = calendarConnectionModel(context.connection);
        const filter = { workspace_id: state.workspaceId, user_id: state.userId, provider };
        const existing = await model.findOne(filter).session(transaction).lean<CalendarConnectionRecord>().exec();
        const now = isoNow();
        const identity = { workspace_id: state.workspaceId, user_id: state.userId, provider };
        const record: CalendarConnectionRecord = {
          _id: existing?._id ?? newId(),
          version: (existing?.version ?? 0) + 1,
          ...identity,
          account_email: email,
          status: 'connected',
          access_token_sealed: calendar.secrets.encrypt(tokens.access_token, tokenContext(identity)),
          refresh_token_sealed: tokens.refresh_token
            ? calendar.secrets.encrypt(tokens.refresh_token, tokenContext(identity))
            : null,
          access_expires_at: new Date(tokens.expires_at),
          connected_at: now,
          updated_at: now,
        };
        if (existing)
          await model.replaceOne({ _id: existing._id, workspace_id: state.workspaceId }, record, {
            session: transaction,
          });
        else await model.create([record], { session: transaction });
        publish(calendarConnectionConnected, { workspace_id: state.workspaceId, actor, data: connectionState(record) });
        return connectionView(record);
      });
    },
  );
}

export async function disconnect(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  provider: CalendarProviderName,
): Promise<void> {
  await commit(context, async ({ transaction, publish }) => {
    const model = calendarConnectionModel(context.connection);
    const record = await model
      .findOne({ workspace_id: workspaceId, user_id: claims.user_id, provider })
      .session(transaction)
      .lean<CalendarConnectionRecord>()
      .exec();
    if (!record) throw notFound('calendar connection');
    await model.deleteOne({ _id: record._id, workspace_id: workspaceId }, { session: transaction });
    publish(calendarConnectionDisconnected, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: connectionState({ ...record, version: record.version + 1 }),
    });
  });
}

// The organiser's calendar to sync with: the provider the meeting is already in when still
// connected, else the member's most recent working connection.
export async function organiserConnection(
  context: ServiceContext,
  workspaceId: string,
  userId: string,
  preferred: CalendarProviderName | null,
): Promise<CalendarConnectionRecord | null> {
  const rows = await calendarConnectionModel(context.connection)
    .find({ workspace_id: workspaceId, user_id: userId, status: 'connected' })
    .sort({ connected_at: -1 })
    .lean<CalendarConnectionRecord[]>()
    .exec();
  return rows.find((row) => row.provider === preferred) ?? rows[0] ?? null;
}

export async function hasConnectedCalendar(
  context: ServiceContext,
  workspaceId: string,
  userId: string,
): Promise<boolean> {
  return (
    (await calendarConnectionModel(context.connection)
      .exists({ workspace_id: workspaceId, user_id: userId, status: 'connected' })
      .exec()) !== null
  );
}

// A working access token of the connection: refreshed (and stored again, sealed) when it is
// about to expire. A provider refusing the refresh marks the connection reconnect_required.
export async function accessToken(runtime: CrmCoreRuntime, record: CalendarConnectionRecord): Promise<string> {
  const { context, calendar } = runtime;
  const bound = tokenContext(record);
  if (record.access_expires_at.getTime() - REFRESH_MARGIN_MS > Date.now())
    return calendar.secrets.decrypt(record.access_token_sealed, bound);
  if (!record.refresh_token_sealed) {
    await markReconnectRequired(context, record);
    throw new CalendarProviderError(
      `the ${record.provider} calendar access has expired: the organiser must connect it again`,
      true,
      true,
    );
  }
  let tokens;
  try {
    tokens = await calendar.providers[record.provider].refresh(
      calendar.secrets.decrypt(record.refresh_token_sealed, bound),
    );
  } catch (error) {
    if (error instanceof CalendarProviderError && error.reconnect) {
      await markReconnectRequired(context, record);
      throw new CalendarProviderError(
        `${record.provider} refused the stored access (${error.message}): the organiser must connect the calendar again`,
        true,
        true,
      );
    }
    throw error;
  }
  await calendarConnectionModel(context.connection).updateOne(
    { _id: record._id, workspace_id: record.workspace_id },
    {
      $set: {
        access_token_sealed: calendar.secrets.encrypt(tokens.access_token, bound),
        ...(tokens.refresh_token
          ? { refresh_token_sealed: calendar.secrets.encrypt(tokens.refresh_token, bound) }
          : {}),
        access_expires_at: new Date(tokens.expires_at),
        updated_at: isoNow(),
      },
    },
  );
  return tokens.access_token;
}

// The provider said 401 to a token it issued: the next use refreshes first.
export async function forgetAccessToken(context: ServiceContext, record: CalendarConnectionRecord): Promise<void> {
  await calendarConnectionModel(context.connection).updateOne(
    { _id: record._id, workspace_id: record.workspace_id },
    { $set: { access_expires_at: new Date(0) } },
  );
}

async function markReconnectRequired(context: ServiceContext, record: CalendarConnectionRecord): Promise<void> {
  await commit(context, async ({ transaction, publish }) => {
    const model = calendarConnectionModel(context.connection);
    const current = await model
      .findOne({ _id: record._id, workspace_id: record.workspace_id })
      .session(transaction)
      .lean<CalendarConnectionRecord>()
      .exec();
    if (!current || current.status === 'reconnect_required') return;
    const updated = {
      ...current,
      status: 'reconnect_required' as const,
      version: current.version + 1,
      updated_at: isoNow(),
    };
    await model.updateOne(
      { _id: current._id, workspace_id: current.workspace_id },
      { $set: { status: updated.status, version: updated.version, updated_at: updated.updated_at } },
      { session: transaction },
    );
    publish(calendarConnectionUpdated, {
      workspace_id: current.workspace_id,
      actor: null,
      data: { ...connectionState(updated), fields: ['status'] },
    });
  });
}
