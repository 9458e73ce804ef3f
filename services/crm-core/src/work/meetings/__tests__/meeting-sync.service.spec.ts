import { waitFor } from '@crm/testing';
import {
  startCrmCoreWithFakeIdentity,
  workspaceWith,
  type CrmCoreWithFakeIdentity,
} from '../../../__tests__/fake-identity';
import { calendarFlow, ownerOfNewWorkspace } from '../../calendar/__tests__/calendar-flow';

// A meeting synced to its organiser's calendar, as the simulated provider sees it: the event made
// with the attendees invited and a join link, changes and cancellation reaching the same event
// (a new one where the provider cannot change a cancelled event), a provider that keeps failing
// ending in sync_error after five attempts, and a workspace that left the Standard plan writing
// nothing until it is back. (Connecting and syncing through the gateway:
// tests/crm-core/calendar.test.ts and tests/billing/plan-gating.test.ts.)
let started: CrmCoreWithFakeIdentity;
let flow: ReturnType<typeof calendarFlow>;
// The plan identity answers for a workspace: Standard unless a test moves it.
const plans = new Map<string, string>();

beforeAll(async () => {
  started = await startCrmCoreWithFakeIdentity((workspaceId) => ({
    ...workspaceWith(workspaceId, {}),
    plan: plans.get(workspaceId) ?? 'standard',
  }));
  flow = calendarFlow(started.crm);
});
afterAll(() => started.stop());

const simulator = () => flow.simulator();
const eventById = (provider: 'provider_a' | 'provider_b', id: string) =>
  simulator()
    .events(provider)
    .find((event) => event.id === id);
const eventsTitled = (provider: 'provider_a' | 'provider_b', title: string) =>
  simulator()
    .events(provider)
    .filter((event) => event.title === title);

describe('syncing meetings to the organiser’s calendar', () => {
  it('creates the event with a join_url and invitations, follows changes and cancels it', async () => {
    const owner = ownerOfNewWorkspace();
    await flow.connect(owner, 'provider_a', 'syn@calendar.test');
    const contact = await started.crm.call(owner, 'POST', '/contacts', {
      body: { first_name: 'Jo', last_name: 'Guest', email: 'jo@guest.test' },
    });
    expect(contact.status).toBe(201);
    const meeting = await flow.createMeeting(owner, {
      title: 'Demo',
      send_invites: true,
      contact_ids: [contact.body.id],
    });
    expect(meeting).toMatchObject({ online_meeting: true, join_url: null, external_provider: null, sync_error: null });

    const synced = await flow.synced(owner, meeting.id);
    expect(synced).toMatchObject({
      external_provider: 'provider_a',
      sync_error: null,
      join_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/join\//),
    });
    const event = flow.eventOf('provider_a', synced);
    expect(event).toMatchObject({
      account_email: 'syn@calendar.test',
      title: 'Demo',
      starts_at: meeting.starts_at,
      attendees: ['jo@guest.test'],
      online_meeting: true,
      invitations_sent: 1,
    });

    // A change reaches the same event; the access token is refreshed when the provider no longer
    // takes it, and the attendees are told again.
    simulator().expireAccessTokens();
    await flow.patchMeeting(owner, meeting.id, { title: 'Demo (moved)', location: 'Room 2' });
    const moved = await waitFor(
      () => (eventById('provider_a', event.id)?.title === 'Demo (moved)' ? eventById('provider_a', event.id) : null),
      'the change to reach the event',
    );
    expect(moved).toMatchObject({ location: 'Room 2', invitations_sent: 2 });

    await flow.patchMeeting(owner, meeting.id, { status: 'cancelled' });
    await waitFor(() => eventById('provider_a', event.id)?.status === 'cancelled', 'the event to be cancelled');
    expect(await flow.meetingOf(owner, meeting.id)).toMatchObject({
      status: 'cancelled',
      sync_error: null,
      external_provider: 'provider_a',
    });
  });

  it('puts a meeting scheduled again after cancelling back in the calendar', async () => {
    const owner = ownerOfNewWorkspace();
    await flow.connect(owner, 'provider_b', 'reo@calendar.test');
    const meeting = await flow.createMeeting(owner, { title: 'On again' });
    const first = await flow.synced(owner, meeting.id);
    const firstEvent = flow.eventOf('provider_b', first);
    await flow.patchMeeting(owner, meeting.id, { status: 'cancelled' });
    await waitFor(() => eventById('provider_b', firstEvent.id)?.status === 'cancelled', 'the event to be cancelled');
    // provider_b cannot change a cancelled event: the sync makes a new one, with a new link.
    await flow.patchMeeting(owner, meeting.id, { status: 'scheduled' });
    const again = await flow.synced(owner, meeting.id, first.join_url);
    expect(again).toMatchObject({ status: 'scheduled', sync_error: null, external_provider: 'provider_b' });
    expect(eventsTitled('provider_b', 'On again').map((event) => event.status)).toEqual(['cancelled', 'confirmed']);
  });

  it('records sync_error after the retries when the provider keeps failing, and keeps the meeting', async () => {
    const owner = ownerOfNewWorkspace();
    await flow.connect(owner, 'provider_b', 'err@calendar.test');
    simulator().setOutage('provider_b', { status: 503, message: 'calendar service unavailable' });
    try {
      const failures = () =>
        simulator().calls.filter((call) => call.provider === 'provider_b' && call.status === 503).length;
      const before = failures();
      const meeting = await flow.createMeeting(owner, { title: 'Doomed sync' });
      let failed;
      // Each worker runs days ahead of the last, so every retry is due for it.
      for (let day = 1; day <= 10 && !failed; day += 1) {
        await started.crm.jobsAt(day).runDue();
        const current = await flow.meetingOf(owner, meeting.id);
        if (current.sync_error) failed = current;
      }
      expect(failed).toMatchObject({
        id: meeting.id,
        title: 'Doomed sync',
        join_url: null,
        external_provider: null,
        sync_error:
          'provider_b answered 503 while creating the event: calendar service unavailable (gave up after 5 attempts)',
      });
      // Five attempts, no more: the job is done (not parked) once the error is recorded.
      expect(failures() - before).toBe(5);
      await started.crm.jobsAt(30).runDue();
      expect(failures() - before).toBe(5);

      // Working again: the next change syncs and clears the error.
      simulator().setOutage('provider_b', null);
      await flow.patchMeeting(owner, meeting.id, { notes: 'Try again' });
      expect(await flow.synced(owner, meeting.id)).toMatchObject({ sync_error: null, external_provider: 'provider_b' });
    } finally {
      simulator().setOutage('provider_b', null);
    }
  });

  it('writes nothing for a workspace that left the Standard plan, and syncs again once it is back', async () => {
    const standard = ownerOfNewWorkspace('standard');
    const free = { ...standard, plan: 'free' };
    const workspaceId = standard.workspace_id!;
    await flow.connect(standard, 'provider_b', 'pau@calendar.test');
    const before = simulator().calls.length;
    const created = () =>
      simulator()
        .calls.slice(before)
        .filter((call) => call.provider === 'provider_b' && call.method === 'POST' && call.path === '/me/events');
    // The provider is down when the meeting is made: its sync is due again later.
    simulator().setOutage('provider_b', { status: 503, message: 'calendar service unavailable' });
    try {
      const meeting = await flow.createMeeting(standard, { title: 'Before the downgrade' });
      await waitFor(() => created().length > 0, 'the first attempt to fail');
      // Identity now answers Free for the workspace, and the members' requests carry it.
      plans.set(workspaceId, 'free');
      simulator().setOutage('provider_b', null);
      expect((await started.crm.call(free, 'GET', '/integrations/calendar')).body).toMatchObject({
        included_in_plan: false,
        connections: [{ provider: 'provider_b', account_email: 'pau@calendar.test', status: 'paused' }],
      });

      // The retry finds the workspace on Free: nothing reaches the calendar.
      let paused;
      for (let day = 1; day <= 10 && !paused; day += 1) {
        await started.crm.jobsAt(day).runDue();
        const current = await flow.meetingOf(free, meeting.id);
        if (current.sync_error) paused = current;
      }
      expect(paused).toMatchObject({
        id: meeting.id,
        join_url: null,
        external_provider: null,
        sync_error: 'not synced: calendar sync is part of the Standard plan and the workspace is on the Free plan',
      });
      expect(created().every((call) => call.status === 503)).toBe(true);
      expect(eventsTitled('provider_b', 'Before the downgrade')).toEqual([]);
      // A change on Free schedules nothing either.
      await flow.patchMeeting(free, meeting.id, { location: 'Room 1' });
      await started.crm.jobsAt(20).runDue();
      expect(eventsTitled('provider_b', 'Before the downgrade')).toEqual([]);

      // Back on Standard the stored connection works again: the next change syncs.
      plans.delete(workspaceId);
      expect((await started.crm.call(standard, 'GET', '/integrations/calendar')).body.connections).toEqual([
        expect.objectContaining({ provider: 'provider_b', status: 'connected' }),
      ]);
      await flow.patchMeeting(standard, meeting.id, { notes: 'Synced again' });
      expect(await flow.synced(standard, meeting.id)).toMatchObject({
        external_provider: 'provider_b',
        sync_error: null,
      });
      expect(eventsTitled('provider_b', 'Before the downgrade')).toEqual([
        expect.objectContaining({ location: 'Room 1', online_meeting: true }),
      ]);
    } finally {
      simulator().setOutage('provider_b', null);
    }
  });
});
