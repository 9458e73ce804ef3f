import { mailTo } from '@crm/testing';
import {
  request,
  signUpWithWorkspace,
  sharedTestSystem,
  verificationTokenMailedTo,
  verifyEmail,
} from '../support/system';

// Taking over an account before its owner signs up: someone signs up with another person's
// address, waits for that person to be invited, and joins in their place. An account proves its
// address (the link mailed at sign-up) before anything given to the address reaches it.
const system = sharedTestSystem();
// Many requests without a token from one address: the shared system does not limit them.
const base = system.url;

const password = 'correct horse battery staple';
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${process.pid}.${Date.now()}.${(counter += 1)}@example.com`;

async function signUp(email: string, name = 'Someone'): Promise<string> {
  const answer = await request(base, 'POST', '/auth/sign-up', { body: { email, password, name } });
  expect(answer.status).toBe(201);
  expect(answer.body.user.email_verified).toBe(false);
  return answer.body.token as string;
}

async function inviteAsSales(admin: { token: string }, email: string): Promise<string> {
  const roles = await request(base, 'GET', '/roles', { token: admin.token });
  const sales = roles.body.data.find((role: { name: string }) => role.name === 'Sales');
  expect(
    (await request(base, 'POST', '/invitations', { token: admin.token, body: { email, role_id: sales.id } })).status,
  ).toBe(201);
  const mail = mailTo(system.dataDir, email).find((item) => item.text.includes('/v1/public/invitations/'));
  return /\/v1\/public\/invitations\/(crm_inv_[0-9A-Za-z]+)/.exec(mail!.text)![1];
}

const verificationLinks = (email: string) =>
  mailTo(system.dataDir, email).filter((mail) => mail.text.includes('/v1/public/email-verifications/'));

describe('email verification', () => {
  it('keeps an invitation matched on the email from an account that has not proved the address, and lets the owner in once verified', async () => {
    const admin = await signUpWithWorkspace(base, 'Inviter');
    const email = uniqueEmail('victim');
    // Signed up with the address before anyone invited it: nothing proves who holds the account.
    const early = await signUp(email);
    const invitation = await inviteAsSales(admin, email);

    const refused = await request(base, 'POST', '/invitations/accept', { token: early, body: { token: invitation } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'email_unverified',
      message:
        'verify your email address before accepting an invitation: follow the link mailed to you, or ask for a new one with POST /v1/me/email-verification',
    });
    // Nothing was joined or used up.
    expect((await request(base, 'GET', '/me', { token: early })).body.workspace).toBeNull();
    expect((await request(base, 'GET', '/invitations', { token: admin.token })).body.data).toEqual([
      expect.objectContaining({ email, status: 'pending' }),
    ]);
    const members = await request(base, 'GET', '/members', { token: admin.token });
    expect(members.body.data.map((member: { email: string }) => member.email)).not.toContain(email);

    // Whoever reads the address's mail follows the link: the account is verified and joins.
    await verifyEmail(system, email);
    expect((await request(base, 'GET', '/me', { token: early })).body.user).toMatchObject({
      email,
      email_verified: true,
    });
    const accepted = await request(base, 'POST', '/invitations/accept', { token: early, body: { token: invitation } });
    expect(accepted.status).toBe(200);
    expect((await request(base, 'GET', '/me', { token: early })).body.workspace.id).toBe(admin.workspaceId);
  });

  it('lets an unverified account work in its own workspace', async () => {
    const owner = await signUpWithWorkspace(base, 'Unverified');
    const me = await request(base, 'GET', '/me', { token: owner.token });
    expect(me.body.user.email_verified).toBe(false);
    expect(me.body.workspace.id).toBe(owner.workspaceId);
    const company = await request(base, 'POST', '/companies', { token: owner.token, body: { name: 'Own Ltd' } });
    expect(company.status).toBe(201);
    expect((await request(base, 'GET', `/companies/${company.body.id}`, { token: owner.token })).status).toBe(200);
  });

  // How the link is stored, and its expiry: identity's service spec, email verification.
  it('verifies from a single-use link mailed at sign-up', async () => {
    const email = uniqueEmail('ann');
    const token = await signUp(email, 'Ann');
    const mails = verificationLinks(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Confirm your email address');
    const linkToken = verificationTokenMailedTo(system, email);
    expect(linkToken).toMatch(/^crm_ver_[0-9A-Za-z]{43}$/);

    // The link says what it is for, without a token; reading it changes nothing.
    const shown = await request(base, 'GET', `/public/email-verifications/${linkToken}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ email, expires_at: expect.any(String) });
    // Valid for 24 hours.
    expect(Date.parse(shown.body.expires_at as string) - Date.now()).toBeGreaterThan(23.9 * 60 * 60 * 1000);
    expect(Date.parse(shown.body.expires_at as string) - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    expect((await request(base, 'GET', '/me', { token })).body.user.email_verified).toBe(false);

    expect((await request(base, 'POST', `/public/email-verifications/${linkToken}`)).status).toBe(204);
    expect((await request(base, 'GET', '/me', { token })).body.user.email_verified).toBe(true);
    // Used up: reading and following it again answer 404, like an unknown link.
    for (const method of ['GET', 'POST']) {
      const again = await request(base, method, `/public/email-verifications/${linkToken}`);
      expect({ method, status: again.status, code: again.body.error.code }).toEqual({
        method,
        status: 404,
        code: 'not_found',
      });
    }
    expect((await request(base, 'POST', `/public/email-verifications/crm_ver_${'A'.repeat(43)}`)).status).toBe(404);
    // Nothing is left to verify.
    const resend = await request(base, 'POST', '/me/email-verification', { token });
    expect(resend.status).toBe(409);
    expect(resend.body.error.code).toBe('email_already_verified');
  });

  it('sends a new link on request, which replaces the earlier one', async () => {
    const email = uniqueEmail('bea');
    const token = await signUp(email, 'Bea');
    const first = verificationTokenMailedTo(system, email);

    const resent = await request(base, 'POST', '/me/email-verification', { token });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ email, expires_at: expect.any(String) });
    expect(JSON.stringify(resent.body)).not.toContain('crm_ver_');
    const second = verificationTokenMailedTo(system, email);
    expect(second).not.toBe(first);
    expect((await request(base, 'POST', `/public/email-verifications/${first}`)).status).toBe(404);

    // The latest link works.
    await verifyEmail(system, email);
    expect((await request(base, 'GET', '/me', { token })).body.user.email_verified).toBe(true);
  });

  it('sends at most 5 links an hour to one account, the one of sign-up included', async () => {
    const email = uniqueEmail('cal');
    const token = await signUp(email, 'Cal');
    for (let sent = 1; sent < 5; sent += 1)
      expect((await request(base, 'POST', '/me/email-verification', { token })).status).toBe(200);
    const limited = await request(base, 'POST', '/me/email-verification', { token });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(verificationLinks(email)).toHaveLength(5);
    // The latest link sent still works.
    await verifyEmail(system, email);
    expect((await request(base, 'GET', '/me', { token })).body.user.email_verified).toBe(true);
  });

  it('is asked for by the person, not by an API key', async () => {
    const owner = await signUpWithWorkspace(base, 'Keys');
    const key = await request(base, 'POST', '/api-keys', {
      token: owner.token,
      body: { name: 'Sync', kind: 'integration' },
    });
    const answer = await request(base, 'POST', '/me/email-verification', { token: key.body.key });
    expect(answer.status).toBe(403);
    expect(answer.body.error.code).toBe('forbidden');
  });

  it('counts the invitation link as proof when signing up with it', async () => {
    const admin = await signUpWithWorkspace(base, 'Welcoming');
    const email = uniqueEmail('joiner');
    const invitation = await inviteAsSales(admin, email);
    const signUp = await request(base, 'POST', '/auth/sign-up', {
      body: { email, password, name: 'Joiner', invitation_token: invitation },
    });
    expect(signUp.status).toBe(201);
    expect(signUp.body.user.email_verified).toBe(true);
    expect(verificationLinks(email)).toEqual([]);
  });
});

describe('password change', () => {
  async function changePassword(token: string, body: Record<string, unknown>): Promise<void> {
    const asked = await request(base, 'POST', '/me/password', { token });
    expect(asked.status).toBe(200);
    const path = new URL(asked.body.url).pathname.replace(/^\/v1/, '');
    expect((await request(base, 'POST', path, { body: { password: 'a brand new password', ...body } })).status).toBe(
      204,
    );
  }

  it('signs out every session of the person by default', async () => {
    const email = uniqueEmail('dee');
    const first = await signUp(email, 'Dee');
    // Another session, as someone who learnt the old password would hold.
    const other = (await request(base, 'POST', '/auth/sign-in', { body: { email, password } })).body.token as string;
    await changePassword(first, {});
    for (const token of [first, other]) expect((await request(base, 'GET', '/me', { token })).status).toBe(401);
    const fresh = await request(base, 'POST', '/auth/sign-in', { body: { email, password: 'a brand new password' } });
    expect((await request(base, 'GET', '/me', { token: fresh.body.token })).status).toBe(200);
  });

  it('keeps the sessions when asked to with sign_out_other_sessions false', async () => {
    const email = uniqueEmail('eli');
    const first = await signUp(email, 'Eli');
    const other = (await request(base, 'POST', '/auth/sign-in', { body: { email, password } })).body.token as string;
    await changePassword(first, { sign_out_other_sessions: false });
    for (const token of [first, other]) expect((await request(base, 'GET', '/me', { token })).status).toBe(200);
  });
});
