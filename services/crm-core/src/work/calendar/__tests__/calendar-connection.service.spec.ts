import { randomUUID } from 'node:crypto';
import { runWithContext } from '@crm/kit';
import { waitFor } from '@crm/testing';
import { startCrmCoreWithFakeIdentity, type CrmCoreWithFakeIdentity } from '../../../__tests__/fake-identity';
import { calendarConnectionModel } from '../calendar-connection.model';
import { calendarFlow, ownerOfNewWorkspace } from './calendar-flow';

// What crm-core keeps of a calendar connection: a sign-in state refused once it has expired, the
// provider's tokens sealed at rest and gone on disconnect (the events already made staying in the
// calendar), an access token refreshed once its stored expiry has passed, and a refused refresh
// marking the connection. (Connecting through the gateway: tests/crm-core/calendar.test.ts;
// the meetings' sync: the meetings' service spec, meeting sync.)
let started: CrmCoreWithFakeIdentity;
let crm: CrmCoreWithFakeIdentity['crm'];
let flow: ReturnType<typeof calendarFlow>;

beforeAll(async () => {
  started = await startCrmCoreWithFakeIdentity();
  crm = started.crm;
  flow = calendarFlow(crm);
});
afterAll(() => started.stop());

const simulator = () => flow.simulator();
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

describe('a calendar connection', () => {
  it('refuses a sign-in state this service signed once it has expired, and connects nothing', async () => {
    const owner = ownerOfNewWorkspace();
    const started = await crm.call(owner, 'POST', '/integrations/calendar/provider_b/connect');
    expect(started.status).toBe(200);
    const cookie = started.headers.get('set-cookie')!.split(';')[0];
    const [payload] = new URL(started.body.url as string).searchParams.get('state')!.split('.');
    // Signed with the service's own key, so only its expiry is wrong; sent from the browser that
    // asked, so the cookie is not what refuses it.
    const expired = crm.service.runtime.calendar.secrets.sign({
      ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>),
      e: Date.now() - 1000,
    });
    const answer = await crm.call(
      null,
      'GET',
      `/public/integrations/calendar/provider_b/callback?code=x&state=${expired}`,
      { headers: { cookie } },
    );
    expect({ status: answer.status, error: answer.body.error }).toEqual({
      status: 400,
      error: { code: 'calendar_state_invalid', message: expect.stringContaining('expired') },
    });
    expect((await crm.call(owner, 'GET', '/integrations/calendar')).body.connections).toEqual([]);
  });

  it("keeps the provider's tokens sealed, and removes them on disconnect, leaving the events made", async () => {
    const owner = ownerOfNewWorkspace();
    await flow.connect(owner, 'provider_a', 'seal@calendar.test');
    const stored = await storedConnection(owner.workspace_id!);
    expect(stored!.access_token_sealed).toMatch(/^v1\./);
    expect(stored!.access_token_sealed).not.toContain('access_');
    expect(stored!.refresh_token_sealed).not.toContain('refresh_');

    // An event made while connected stays in the calendar after the disconnect.
    const meeting = await flow.createMeeting(owner, { title: 'Stays in the calendar' });
    const synced = await flow.synced(owner, meeting.id);

    expect((await crm.call(owner, 'DELETE', '/integrations/calendar/provider_a')).status).toBe(204);
    expect(await storedConnection(owner.workspace_id!)).toBeNull();
    expect(
      simulator()
        .events('provider_a')
        .filter((event) => event.title === 'Stays in the calendar'),
    ).toEqual([expect.objectContaining({ status: 'confirmed', join_url: synced.join_url })]);
    expect(await flow.meetingOf(owner, meeting.id)).toMatchObject({
      join_url: synced.join_url,
      external_provider: 'provider_a',
    });
  });

  it('refreshes the access token once its stored expiry has passed, and the change reaches the event', async () => {
    const owner = ownerOfNewWorkspace();
    await flow.connect(owner, 'provider_a', 'ref@calendar.test');
    const meeting = await flow.createMeeting(owner, { title: 'Demo' });
    const synced = await flow.synced(owner, meeting.id);
    const event = flow.eventOf('provider_a', synced);

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
    expect(await flow.meetingOf(owner, meeting.id)).toMatchObject({
      sync_error: null,
      external_provider: 'provider_a',
    });
  });

  it('answers sync_error at once when the provider refused the stored access, and marks the connection', async () => {
    const owner = ownerOfNewWorkspace();
    await flow.connect(owner, 'provider_a', 'rev@calendar.test');
    simulator().revokeGrants('rev@calendar.test');
    await expireStoredAccess(owner.workspace_id!);
    const meeting = await flow.createMeeting(owner, { title: 'No access' });
    const failed = await waitFor(async () => {
      const current = await flow.meetingOf(owner, meeting.id);
      return current.sync_error ? current : undefined;
    }, 'the sync to fail');
    expect(failed.sync_error).toMatch(/provider_a refused the stored access .*connect the calendar again/);
    const listed = await crm.call(owner, 'GET', '/integrations/calendar');
    expect(listed.body.connections).toEqual([
      expect.objectContaining({ provider: 'provider_a', status: 'reconnect_required' }),
    ]);
  });
});
