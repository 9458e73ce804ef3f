import { newId } from '@crm/kit';
import { request, sharedTestSystem, signUpWithWorkspace, waitFor } from '../support/system';
import { connectCalendar, flowCookie, followCallback, meetingsApi, signInAt } from './meetings-support';

// Calendar sync through the gateway against the simulated provider that runs in crm-core's
// process, as a browser reaches it (its sign-in page and join links): connect (sign-in URL with a
// signed, single-use state) → callback (the connection listed) → a meeting synced to the
// organiser's calendar with its join_url; Standard plan only. What the provider holds (the
// events, their invitations, outages and retries): crm-core's service specs, calendar connection
// and meeting sync.
const system = sharedTestSystem();
const base = system.url;

// The simulated provider's page behind a join link: it names the event's title.
async function joinPage(url: string): Promise<{ status: number; text: string }> {
  const page = await fetch(url);
  return { status: page.status, text: await page.text() };
}

describe('connecting a calendar', () => {
  it('lists both providers, signs in through the provider and stores the tokens encrypted', async () => {
    const owner = await signUpWithWorkspace(base, 'Cal');
    const before = await request(base, 'GET', '/integrations/calendar', { token: owner.token });
    expect(before).toMatchObject({
      status: 200,
      body: { available: ['provider_a', 'provider_b'], included_in_plan: true, connections: [] },
    });

    const connected = await connectCalendar(system, owner, 'provider_a', 'cal@calendar.test');
    expect(connected).toMatchObject({
      status: 200,
      body: {
        provider: 'provider_a',
        account_email: 'cal@calendar.test',
        status: 'connected',
        connected_at: expect.any(String),
      },
    });
    const listed = await request(base, 'GET', '/integrations/calendar', { token: owner.token });
    expect(listed.body.connections).toEqual([
      {
        provider: 'provider_a',
        account_email: 'cal@calendar.test',
        status: 'connected',
        connected_at: connected.body.connected_at,
      },
    ]);

    // The tokens at rest, sealed: crm-core's service spec, calendar connection.

    // The audit log has the connection, without a token.
    const audit = await waitFor(async () => {
      const log = await request(base, 'GET', '/audit-log?limit=100', { token: owner.token });
      return (log.body.data as Array<{ action: string | null; summary: string | null }>).find((entry) =>
        entry.summary?.includes('Connected calendar provider_a'),
      );
    });
    expect(JSON.stringify(audit)).not.toMatch(/access_|refresh_/);
  });

  it('refuses a state that is forged, used twice, for another provider, or denied at the provider', async () => {
    const owner = await signUpWithWorkspace(base, 'Sta');
    const started = await request(base, 'POST', '/integrations/calendar/provider_b/connect', { token: owner.token });
    const url = new URL(started.body.url as string);
    const state = url.searchParams.get('state')!;
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/v1\/public\/integrations\/calendar\/provider_b\/callback$/);

    // A forged state (payload changed, signature kept) is refused before anything else.
    const [payload, mac] = state.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: newId() }),
    ).toString('base64url');
    const forgedAnswer = await request(
      base.replace(/\/v1$/, ''),
      'GET',
      `/v1/public/integrations/calendar/provider_b/callback?code=x&state=${forged}.${mac}`,
    );
    expect(forgedAnswer).toMatchObject({ status: 400, body: { error: { code: 'calendar_state_invalid' } } });
    // Signed by crm-core but expired: crm-core's service spec, calendar connection.
    // The state of provider_b does not complete provider_a.
    const crossed = await request(
      base.replace(/\/v1$/, ''),
      'GET',
      `/v1/public/integrations/calendar/provider_a/callback?code=x&state=${state}`,
    );
    expect(crossed).toMatchObject({ status: 400, body: { error: { code: 'calendar_state_invalid' } } });

    const returned = await signInAt(url.toString(), 'sta@calendar.test', 'allow');
    const completed = await followCallback(system, returned, flowCookie(started));
    expect(completed.status).toBe(200);
    // The flow's cookie is cleared with the answer.
    expect(completed.headers.get('set-cookie')).toMatch(
      /^crm_calendar_flow=; Path=\/v1\/public\/integrations\/calendar\/provider_b\/callback; Max-Age=0; HttpOnly; SameSite=Lax/,
    );
    // Single use: the same redirect again is refused.
    expect(await followCallback(system, returned, flowCookie(started))).toMatchObject({
      status: 400,
      body: { error: { code: 'calendar_state_invalid' } },
    });

    // Denied at the provider: nothing connected for provider_a.
    const again = await request(base, 'POST', '/integrations/calendar/provider_a/connect', { token: owner.token });
    const denied = await followCallback(
      system,
      await signInAt(again.body.url as string, 'sta@calendar.test', 'deny'),
      flowCookie(again),
    );
    expect(denied).toMatchObject({ status: 400, body: { error: { code: 'calendar_access_denied' } } });
    const listed = await request(base, 'GET', '/integrations/calendar', { token: owner.token });
    expect(listed.body.connections.map((connection: { provider: string }) => connection.provider)).toEqual([
      'provider_b',
    ]);
  });

  it('completes only in the browser that asked for the sign-in link: a link passed to someone else connects nothing', async () => {
    const attacker = await signUpWithWorkspace(base, 'Mal');
    const victim = await signUpWithWorkspace(base, 'Vic');
    const started = await request(base, 'POST', '/integrations/calendar/provider_a/connect', { token: attacker.token });
    expect(started.status).toBe(200);
    // The browser that asked keeps a cookie for the callback's path only, for as long as the state lives.
    expect(started.headers.get('set-cookie')).toMatch(
      /^crm_calendar_flow=[\w-]{43}; Path=\/v1\/public\/integrations\/calendar\/provider_a\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );

    // The victim opens the attacker's link and signs in with their own account; their browser
    // returns to the callback without the attacker's cookie (or with one of its own flow).
    const returned = await signInAt(started.body.url as string, 'vic@calendar.test', 'allow');
    const own = await request(base, 'POST', '/integrations/calendar/provider_a/connect', { token: victim.token });
    for (const cookie of [undefined, flowCookie(own), 'crm_calendar_flow=guessed']) {
      const answer = await followCallback(system, returned, cookie);
      expect({ cookie, status: answer.status, body: answer.body }).toEqual({
        cookie,
        status: 400,
        body: { error: { code: 'calendar_state_invalid', message: expect.stringContaining('another browser') } },
      });
    }
    // Nothing was connected, to either member.
    for (const person of [attacker, victim]) {
      expect((await request(base, 'GET', '/integrations/calendar', { token: person.token })).body.connections).toEqual(
        [],
      );
    }
  });

  it('disconnects: the tokens go, events already created stay, and a second delete is 404', async () => {
    const owner = await signUpWithWorkspace(base, 'Dis');
    const api = meetingsApi(base, owner);
    await connectCalendar(system, owner, 'provider_b', 'dis@calendar.test');
    const meeting = await api.create({ title: 'Stays in the calendar', online_meeting: true });
    const synced = await waitFor(async () => {
      const current = await api.get(meeting.id);
      return current.join_url ? current : undefined;
    });
    expect(synced).toMatchObject({ external_provider: 'provider_b', sync_error: null });

    expect((await request(base, 'DELETE', '/integrations/calendar/provider_b', { token: owner.token })).status).toBe(
      204,
    );
    expect((await request(base, 'GET', '/integrations/calendar', { token: owner.token })).body.connections).toEqual([]);
    // The event stays at the provider: its join link still opens.
    expect(await joinPage(synced.join_url!)).toEqual({
      status: 200,
      text: expect.stringContaining('<h1>Stays in the calendar</h1>'),
    });
    expect(await api.get(meeting.id)).toMatchObject({ join_url: synced.join_url, external_provider: 'provider_b' });
    expect((await request(base, 'DELETE', '/integrations/calendar/provider_b', { token: owner.token })).status).toBe(
      404,
    );
    // Without a calendar an online meeting is refused with a code that says why.
    expect(
      await api.call('POST', '/meetings', {
        title: 'Online',
        starts_at: synced.starts_at,
        ends_at: synced.ends_at,
        online_meeting: true,
      }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: 'calendar_not_connected' } },
    });
  });
  // On the Free plan: tests/billing/plan-gating.test.ts.
});

describe('syncing meetings to the organiser’s calendar', () => {
  it('gives the meeting a join_url that opens, follows its changes, and audits the sync beside them', async () => {
    const owner = await signUpWithWorkspace(base, 'Syn');
    const api = meetingsApi(base, owner);
    await connectCalendar(system, owner, 'provider_a', 'syn@calendar.test');
    const contact = (
      await request(base, 'POST', '/contacts', {
        token: owner.token,
        body: { first_name: 'Jo', last_name: 'Guest', email: 'jo@guest.test' },
      })
    ).body;
    const meeting = await api.create({
      title: 'Demo',
      online_meeting: true,
      send_invites: true,
      contact_ids: [contact.id],
    });
    expect(meeting).toMatchObject({ online_meeting: true, join_url: null, external_provider: null, sync_error: null });

    const synced = await waitFor(async () => {
      const current = await api.get(meeting.id);
      return current.join_url ? current : undefined;
    });
    expect(synced).toMatchObject({
      external_provider: 'provider_a',
      sync_error: null,
      join_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/join\//),
    });
    // The join link opens the provider's meeting (its attendees and invitations: crm-core's
    // service spec, meeting sync).
    expect(await joinPage(synced.join_url!)).toEqual({ status: 200, text: expect.stringContaining('<h1>Demo</h1>') });

    // A change reaches the same event: the same link shows the new title.
    await api.patch(meeting.id, { title: 'Demo (moved)', location: 'Room 2' });
    await waitFor(
      async () => (await joinPage(synced.join_url!)).text.includes('<h1>Demo (moved)</h1>'),
      'the change to reach the event',
    );
    expect((await api.get(meeting.id)).join_url).toBe(synced.join_url);

    await api.patch(meeting.id, { status: 'cancelled' });
    expect(await api.get(meeting.id)).toMatchObject({
      status: 'cancelled',
      sync_error: null,
      external_provider: 'provider_a',
    });

    // The sync's change is in the audit log as the system's, beside the user's own changes.
    // The audit log is built from events, so wait until every one of them has arrived.
    const expected = [
      'Created meeting "Demo"',
      'Synced meeting "Demo" to the calendar',
      'Updated meeting "Demo (moved)"',
      'Cancelled meeting "Demo (moved)"',
    ];
    const summaries = await waitFor(async () => {
      const answer = await request(base, 'GET', '/audit-log?source=record&limit=100', { token: owner.token });
      const entries = answer.body.data as Array<{ object_id: string | null; summary: string | null }>;
      const mine = entries.filter((entry) => entry.object_id === meeting.id).map((entry) => entry.summary);
      return expected.every((summary) => mine.includes(summary)) ? mine : undefined;
    });
    expect(summaries).toEqual(expect.arrayContaining(expected));
  });

  // Scheduled again after cancelling, a provider that keeps failing (sync_error after the
  // retries), a refused refresh of the stored access: crm-core's service specs, meeting sync and
  // calendar connection.
});
