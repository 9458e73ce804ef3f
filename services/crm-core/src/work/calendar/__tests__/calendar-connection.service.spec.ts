import { randomUUID } from 'node:crypto';
import { runWithContext, type InternalClaims } from '@crm/kit';
import { PERMISSIONS } from '@crm/protos';
import { tenantClaims, waitFor } from '@crm/testing';
import {
  startCrmCoreWithFakeIdentity,
  workspaceWith,
  type CrmCoreWithFakeIdentity,
} from '../../../__tests__/fake-identity';
import { calendarConnectionModel } from '../calendar-connection.model';

// What crm-core keeps of a calendar connection: the provider's tokens sealed at rest and gone on
// disconnect, an access token refreshed once its stored expiry has passed, and a refused refresh
// marking the connection. (Connecting and syncing through the gateway: tests/crm-core/calendar.test.ts.)
let started: CrmCoreWithFakeIdentity;
let crm: CrmCoreWithFakeIdentity['crm'];

beforeAll(async () => {
  started = await startCrmCoreWithFakeIdentity((workspaceId) => workspaceWith(workspaceId, {}));
  crm = started.crm;
});
afterAll(() => started.stop());

const simulator = () => crm.service.runtime.calendar.simulator;
const inWorkspace = <T>(workspaceId: string, work: () => Promise<T>) =>
  runWithContext({ request_id: randomUUID(), workspace_id: workspaceId }, work);
const storedConnection = (workspaceId: string) =>
  inWorkspace(workspaceId, () =>
    calendarConnectionModel(crm.service.context.connection).findOne({ workspace_id: workspaceId }).lean().exec(),
  );
// The stored access token's expiry moved to the past, as an hour later.
const expireStoredAccess = (workspaceId: string) =>
  inWorkspace(workspaceId, () =>
    calendarConnectionModel(crm.service.context.connection)
      .updateOne({ workspace_id: workspaceId }, { $set: { access_expires_at: new Date(0) } })
      .exec(),
  );

function ownerOfNewWorkspace(): InternalClaims {
  return tenantClaims({ workspace_id: randomUUID(), plan: 'standard', permissions: [...PERMISSIONS] });
}

// Connect as a browser does: crm-core's connect answer and cookie, the simulated provider's
// sign-in page allowing access, and the callback the provider redirects to.
async function connect(owner: InternalClaims, provider: string, email: string): Promise<void> {
  const started = await crm.call(owner, 'POST', `/integrations/calendar/${provider}/connect`);
  expect(started.status).toBe(200);
  const cookie = started.headers.get('set-cookie')!.split(';')[0];
  const approved = await fetch(started.body.url as string, {
    method: 'POST',
    body: new URLSearchParams({ email, decision: 'allow' }),
    redirect: 'manual',
  });
  expect(approved.status).toBe(302);
  const callback = new URL(approved.headers.get('location')!);
  const answer = await crm.call(null, 'GET', `${callback.pathname.replace(/^\/v1/, '')}${callback.search}`, {
    headers: { cookie },
  });
  expect({ status: answer.status, connected: answer.body.status }).toEqual({ status: 200, connected: 'connected' });
}

async function syncedMeeting(owner: InternalClaims, title: string) {
  const hour = 60 * 60 * 1000;
  const created = await crm.call(owner, 'POST', '/meetings', {
    body: {
      title,
      starts_at: new Date(Date.now() + 2 * hour).toISOString(),
      ends_at: new Date(Date.now() + 3 * hour).toISOString(),
      online_meeting: true,
    },
  });
  expect(created.status).toBe(201);
  return created.body as { id: string };
}

const meetingOf = async (owner: InternalClaims, id: string) => (await crm.call(owner, 'GET', `/meetings/${id}`)).body;

describe('a calendar connection', () => {
  it("keeps the provider's tokens sealed, and removes them on disconnect", async () => {
    const owner = ownerOfNewWorkspace();
    await connect(owner, 'provider_a', 'seal@calendar.test');
    const stored = await storedConnection(owner.workspace_id!);
    expect(stored!.access_token_sealed).toMatch(/^v1\./);
    expect(stored!.access_token_sealed).not.toContain('access_');
    expect(stored!.refresh_token_sealed).not.toContain('refresh_');

    expect((await crm.call(owner, 'DELETE', '/integrations/calendar/provider_a')).status).toBe(204);
    expect(await storedConnection(owner.workspace_id!)).toBeNull();
  });

  it('refreshes the access token once its stored expiry has passed, and the change reaches the event', async () => {
    const owner = ownerOfNewWorkspace();
    await connect(owner, 'provider_a', 'ref@calendar.test');
    const meeting = await syncedMeeting(owner, 'Demo');
    const synced = await waitFor(async () => {
      const current = await meetingOf(owner, meeting.id);
      return current.join_url ? current : undefined;
    }, 'the meeting to sync');
    const event = simulator()
      .events('provider_a')
      .find((candidate) => candidate.join_url === synced.join_url)!;

    // The provider no longer takes the access token it issued: only a refreshed one works.
    simulator().expireAccessTokens();
    await expireStoredAccess(owner.workspace_id!);
    expect(
      (await crm.call(owner, 'PATCH', `/meetings/${meeting.id}`, { body: { title: 'Demo (moved)' } })).status,
    ).toBe(200);
    await waitFor(
      async () =>
        simulator()
          .events('provider_a')
          .find((candidate) => candidate.id === event.id)?.title === 'Demo (moved)' || undefined,
      'the change to reach the event',
    );
    expect(await meetingOf(owner, meeting.id)).toMatchObject({ sync_error: null, external_provider: 'provider_a' });
  });

  it('answers sync_error at once when the provider refused the stored access, and marks the connection', async () => {
    const owner = ownerOfNewWorkspace();
    await connect(owner, 'provider_a', 'rev@calendar.test');
    simulator().revokeGrants('rev@calendar.test');
    await expireStoredAccess(owner.workspace_id!);
    const meeting = await syncedMeeting(owner, 'No access');
    const failed = await waitFor(async () => {
      const current = await meetingOf(owner, meeting.id);
      return current.sync_error ? current : undefined;
    }, 'the sync to fail');
    expect(failed.sync_error).toMatch(/provider_a refused the stored access .*connect the calendar again/);
    const listed = await crm.call(owner, 'GET', '/integrations/calendar');
    expect(listed.body.connections).toEqual([
      expect.objectContaining({ provider: 'provider_a', status: 'reconnect_required' }),
    ]);
  });
});
