import { callerFor, request, startTestSystem, verifyEmail, waitFor, type TestSystem } from '../support/system';
import { freeWorkspace, openHostedPage, submitHostedForm, upgradeToStandard, waitForPlan } from '../support/plans';
import { invitationTokenMailedTo, leadsRefusedByCrmCore, outcome, signUpAlone } from './plan-limits-support';

// The Free plan's limits as a client meets them through the gateway: 3 seats (active members;
// a pending invitation holds one against new invitations) and 2,500 records (companies, contacts
// and deals together, the recycle bin included). At a limit the request that would take one more
// is refused with 409 and a message naming the plan and the limit; upgrading lifts it, and a
// downgraded workspace keeps what it has.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem({
    env: { ...process.env, COMPLIMENTARY_DAYS: '0' },
    rateLimits: { perTokenPerMinute: 100_000, publicPerMinute: 100_000 },
  });
  base = system.url;
});

afterAll(() => system.destroy());

const SEATS_FULL_WITH_PENDING =
  'the Free plan allows 3 seats, and 2 active members and 1 pending invitation take them all; revoke an invitation, disable a member or upgrade to Standard';
const SEATS_FULL =
  'the Free plan allows 3 seats, and 3 active members take them all; disable a member or upgrade to Standard';
const RECORDS_FULL =
  'the Free plan allows 2,500 records (companies, contacts and deals together, the recycle bin included) and the workspace holds that many; ' +
  'a deleted deal frees its place at once, a company or contact when the recycle bin purges it (30 days after its deletion); or upgrade to Standard';

describe('the Free plan seat limit', () => {
  it('refuses invitations, joining and re-enabling past 3 active members, lifts with Standard, and keeps the members of a downgraded workspace', async () => {
    const owner = await freeWorkspace(base, 'Sam');
    const roles = await request(base, 'GET', '/roles', { token: owner.token });
    const roleId = roles.body.data.find((role: { name: string }) => role.name === 'Sales').id as string;
    const stamp = `${process.pid}.${Date.now()}`;
    const emailOf = (name: string) => `${name}.${stamp}@example.com`;
    const invite = (name: string) =>
      request(base, 'POST', '/invitations', { token: owner.token, body: { email: emailOf(name), role_id: roleId } });
    const joinBySignUp = (name: string) =>
      request(base, 'POST', '/auth/sign-up', {
        body: {
          email: emailOf(name),
          password: 'correct horse battery staple',
          name,
          invitation_token: invitationTokenMailedTo(system, emailOf(name)),
        },
      });
    const memberId = async (name: string) => {
      const members = await request(base, 'GET', '/members', { token: owner.token });
      return (members.body.data as Array<{ id: string; name: string }>).find((member) => member.name === name)!.id;
    };
    const setStatus = async (name: string, status: 'active' | 'disabled') =>
      request(base, 'PATCH', `/members/${await memberId(name)}`, { token: owner.token, body: { status } });
    const seatsShown = async () => (await request(base, 'GET', '/billing', { token: owner.token })).body.seats;

    // One member and two pending invitations hold the three seats: a third invitation could
    // never be accepted, so it is not sent.
    expect((await invite('ada')).status).toBe(201);
    expect((await invite('ben')).status).toBe(201);
    const third = await invite('xia');
    expect(third.status).toBe(409);
    expect(third.body.error).toEqual({
      code: 'seat_limit_reached',
      message:
        'the Free plan allows 3 seats, and 1 active member and 2 pending invitations take them all; revoke an invitation, disable a member or upgrade to Standard',
    });
    expect((await request(base, 'GET', '/invitations', { token: owner.token })).body.data).toHaveLength(2);

    expect((await joinBySignUp('ada')).status).toBe(201);
    expect((await joinBySignUp('ben')).status).toBe(201);
    expect(await seatsShown()).toBe(3);
    expect((await invite('xia')).body.error).toEqual({ code: 'seat_limit_reached', message: SEATS_FULL });

    // A disabled member frees a seat; API keys take none.
    const key = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Sync', kind: 'integration', role: 'Agent (read & write)' },
    });
    expect(key.status).toBe(201);
    expect((await setStatus('ben', 'disabled')).status).toBe(204);
    expect((await invite('xia')).status).toBe(201);
    expect((await joinBySignUp('xia')).status).toBe(201);
    // Room for one invitation while Ada is disabled; re-enabling her takes the seat back (a
    // pending invitation does not hold a seat against a member coming back).
    expect((await setStatus('ada', 'disabled')).status).toBe(204);
    expect((await invite('dan')).status).toBe(201);
    expect((await invite('eve')).body.error).toEqual({ code: 'seat_limit_reached', message: SEATS_FULL_WITH_PENDING });
    expect((await setStatus('ada', 'active')).status).toBe(204);

    // Full: three active members (owner, Ada, Xia), Ben disabled, Dan's invitation pending.
    expect(await seatsShown()).toBe(3);
    expect(outcome(await invite('eve'))).toEqual({ status: 409, code: 'seat_limit_reached' });
    const danSignUp = await joinBySignUp('dan');
    expect(danSignUp.body.error).toEqual({ code: 'seat_limit_reached', message: SEATS_FULL });
    // The refused sign-up made no account: Dan signs up on his own, and accepting is refused too.
    const dan = await signUpAlone(base, emailOf('dan'), 'dan');
    await verifyEmail(system, emailOf('dan'));
    const danToken = invitationTokenMailedTo(system, emailOf('dan'));
    const accept = await request(base, 'POST', '/invitations/accept', { token: dan, body: { token: danToken } });
    expect(accept.body.error).toEqual({ code: 'seat_limit_reached', message: SEATS_FULL });
    const reEnable = await setStatus('ben', 'active');
    expect(reEnable.body.error).toEqual({ code: 'seat_limit_reached', message: SEATS_FULL });
    // Nothing changed: Ben is still disabled, Dan's invitation still pending.
    const members = (await request(base, 'GET', '/members', { token: owner.token })).body.data as Array<{
      name: string;
      status: string;
    }>;
    expect(members.map((member) => [member.name, member.status]).sort()).toEqual([
      ['Sam', 'active'],
      ['ada', 'active'],
      ['ben', 'disabled'],
      ['xia', 'active'],
    ]);
    expect((await request(base, 'GET', '/invitations', { token: owner.token })).body.data).toEqual([
      expect.objectContaining({ email: emailOf('dan'), status: 'pending' }),
    ]);

    // Standard has no seat limit: the same requests go through.
    await upgradeToStandard(base, owner.token);
    expect((await request(base, 'POST', '/invitations/accept', { token: dan, body: { token: danToken } })).status).toBe(
      200,
    );
    expect((await setStatus('ben', 'active')).status).toBe(204);
    expect((await invite('eve')).status).toBe(201);
    expect(await seatsShown()).toBe(5);

    // Back on Free with five active members: they keep their seats and their access; only a
    // new seat is refused.
    const portal = await request(base, 'POST', '/billing/portal', { token: owner.token });
    const page = await openHostedPage(base, portal.body.url);
    await submitHostedForm(
      base,
      page.forms.find((form) => form.fields.action === 'cancel_now')!,
    );
    await waitForPlan(base, owner.token, 'free');
    expect(await seatsShown()).toBe(5);
    expect((await request(base, 'GET', '/me', { token: dan })).body.workspace).toMatchObject({
      id: owner.workspaceId,
      plan: 'free',
    });
    expect(outcome(await invite('fay'))).toEqual({ status: 409, code: 'seat_limit_reached' });
    expect((await setStatus('ada', 'disabled')).status).toBe(204);
    const backOver = await setStatus('ada', 'active');
    expect(backOver.body.error).toEqual({
      code: 'seat_limit_reached',
      message:
        'the Free plan allows 3 seats, and 4 active members take them all; disable a member or upgrade to Standard',
    });
  });

  // Two people joining at the same moment for the last seat: identity's service spec, seats.
});

describe('the Free plan record limit', () => {
  it('fills to 2,500 records by import, refuses what does not fit, counts the recycle bin, frees a deal at once, and lifts with Standard', async () => {
    const owner = await freeWorkspace(base, 'Rex');
    const call = callerFor(base, owner);
    const form = await call('POST', '/web-forms', { name: 'Contact us' });
    expect(form.status).toBe(201);

    // Two deals, then 1,248 companies with a contact each: 2,498 records.
    const deals = [
      await call('POST', '/deals', { name: 'Deal one' }),
      await call('POST', '/deals', { name: 'Deal two' }),
    ];
    expect(deals.map((deal) => deal.status)).toEqual([201, 201]);
    const rows = Array.from({ length: 1248 }, (_, index) => ({
      name: `Filler ${index}`,
      contact: { first_name: 'Person', last_name: `${index}` },
    }));
    const filled = await call('POST', '/import/companies', { rows });
    expect(filled.body).toEqual({ created: 1248, updated: 0, skipped: 0, contacts: 1248, errors: [], dry_run: false });

    // At the edge, rows are taken in order while they fit: the first row's company and contact
    // take the last two places, the second is refused whole, a row that creates nothing goes ahead.
    const edge = {
      rows: [
        { name: 'Fits Ltd', contact: { first_name: 'Fit' } },
        { name: 'Over Ltd', contact: { first_name: 'Over' } },
        { name: 'Filler 7', description: 'already here' },
      ],
    };
    const refusal = { index: 1, field: null, message: RECORDS_FULL };
    const dryRun = await call('POST', '/import/companies', { ...edge, dry_run: true });
    expect(dryRun.body).toEqual({ created: 1, updated: 0, skipped: 1, contacts: 1, errors: [refusal], dry_run: true });
    const imported = await call('POST', '/import/companies', edge);
    expect(imported.body).toEqual({
      created: 1,
      updated: 0,
      skipped: 1,
      contacts: 1,
      errors: [refusal],
      dry_run: false,
    });
    expect((await call('GET', '/companies?offset=0&limit=1')).body.total).toBe(1249);
    expect((await call('GET', '/companies?offset=0&limit=1&q=Over')).body.total).toBe(0);

    // Full: each kind of record is refused, naming the plan and the limit.
    const company = await call('POST', '/companies', { name: 'One more' });
    expect(company.body.error).toEqual({ code: 'record_limit_reached', message: RECORDS_FULL });
    expect(outcome(await call('POST', '/contacts', { first_name: 'One', last_name: 'More' }))).toEqual({
      status: 409,
      code: 'record_limit_reached',
    });
    expect(outcome(await call('POST', '/deals', { name: 'One more deal' }))).toEqual({
      status: 409,
      code: 'record_limit_reached',
    });
    // Bad input is still 400 first.
    expect((await call('POST', '/companies', {})).status).toBe(400);

    // The recycle bin still holds its records: deleting a company or contact makes no room (the
    // purge 30 days on does: crm-core's service spec, record limit).
    const someCompanies = (await call('GET', '/companies?limit=2&sort=name_asc&q=Filler')).body.data as Array<{
      id: string;
    }>;
    const someContacts = (await call('GET', '/contacts?limit=1')).body.data as Array<{ id: string }>;
    expect((await call('DELETE', `/companies/${someCompanies[0].id}`)).status).toBe(204);
    expect((await call('DELETE', `/contacts/${someContacts[0].id}`)).status).toBe(204);
    expect(outcome(await call('POST', '/companies', { name: 'One more' }))).toEqual({
      status: 409,
      code: 'record_limit_reached',
    });
    expect(outcome(await call('POST', '/contacts', { first_name: 'One' }))).toEqual({
      status: 409,
      code: 'record_limit_reached',
    });

    // A deal has no recycle bin: deleting it frees its place at once.
    expect((await call('DELETE', `/deals/${deals[0].body.id}`)).status).toBe(204);
    const inItsPlace = await call('POST', '/deals', { name: 'In its place' });
    expect(inItsPlace.status).toBe(201);
    expect(outcome(await call('POST', '/deals', { name: 'Past it' }))).toEqual({
      status: 409,
      code: 'record_limit_reached',
    });

    // Two places; six contacts at once: two are created, four refused, never more than the limit.
    expect((await call('DELETE', `/deals/${deals[1].body.id}`)).status).toBe(204);
    expect((await call('DELETE', `/deals/${inItsPlace.body.id}`)).status).toBe(204);
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        call('POST', '/contacts', { first_name: 'Burst', last_name: `${index}` }),
      ),
    );
    expect(burst.map((answer) => answer.status).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect((await call('GET', '/contacts?q=burst')).body.data).toHaveLength(2);

    // A web form submission at the limit is accepted and kept: crm-core refuses the lead (its
    // job at marketing fails with the reason and retries: marketing's service spec, submission
    // processing) until there is room.
    const refusedBefore = await leadsRefusedByCrmCore(system);
    const submitted = await request(base, 'POST', `/public/forms/${form.body.public_key}`, {
      body: { email: 'lee@newco.example', first_name: 'Lee', company: 'NewCo' },
    });
    expect(submitted.status).toBe(200);
    await waitFor(
      async () => (await leadsRefusedByCrmCore(system)) > refusedBefore,
      'crm-core refusing the lead at the limit',
    );
    expect((await call('GET', '/contacts?q=lee')).body.data).toEqual([]);
    expect((await call('GET', '/web-forms')).body.data[0]).toMatchObject({ submissions: 0 });

    // Standard has no record limit: the same requests go through, and the kept lead is made at
    // its next retry (backing off from 1 s, doubling).
    await upgradeToStandard(base, owner.token);
    expect((await call('POST', '/companies', { name: 'One more' })).status).toBe(201);
    expect((await call('POST', '/contacts', { first_name: 'One', last_name: 'More' })).status).toBe(201);
    expect((await call('POST', '/deals', { name: 'One more deal' })).status).toBe(201);
    const lead = await waitFor(
      async () => (await call('GET', '/contacts?q=lee')).body.data[0],
      'the kept lead made after the upgrade',
    );
    expect(lead).toMatchObject({ first_name: 'Lee', email: 'lee@newco.example' });
    // Marketing made the lead through crm-core, then counts the submission in a commit of its own.
    const countedForm = await waitFor(async () => {
      const counted = (await call('GET', '/web-forms')).body.data[0];
      return counted.submissions > 0 ? counted : undefined;
    }, 'the form to count the submission');
    expect(countedForm).toMatchObject({ submissions: 1 });
  });

  // Two creates at the same moment for the last place, and the purge freeing binned records:
  // crm-core's service spec, record limit.
});
