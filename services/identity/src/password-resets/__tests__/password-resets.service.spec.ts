import {
  ISO_TIMESTAMP,
  createApiKey,
  createOwner,
  signUpPerson,
  startIdentity,
  type Answer,
  type IdentityHarness,
  type Person,
} from '../../__tests__/identity-harness';
import { linkIn, mailTo } from '@crm/testing';
import { passwordResetModel } from '../password-reset.model';

const HOUR_MS = 60 * 60 * 1000;
const RESET_PATH = '/v1/public/password-resets/';
const NEW_PASSWORD = 'a brand new password';

describe('password change links', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  const connection = () => identity.service.context.connection;
  const dataDir = () => identity.service.context.dataDir;
  // A path for the harness (relative to /v1), from a link as mailed.
  const pathOf = (link: string) => new URL(link).pathname.replace(/^\/v1/, '');

  // Asks for a link and reads it from the mail the person received, as they would.
  async function mailedLink(person: Person): Promise<{ answer: Answer; link: string }> {
    const answer = await identity.api(person.token, 'POST', '/me/password');
    if (answer.status !== 200)
      throw new Error(`POST /me/password failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    const mails = mailTo(dataDir(), person.email);
    return { answer, link: linkIn(mails[mails.length - 1], RESET_PATH) };
  }

  const signIn = (person: Person, password: string) =>
    identity.publicApi('POST', '/auth/sign-in', { email: person.email, password });

  async function expireLinksOf(person: Person): Promise<void> {
    await passwordResetModel(connection()).updateMany(
      { user_id: person.userId },
      { $set: { expires_at: new Date(Date.now() - 1000).toISOString() } },
    );
  }

  describe('POST /me/password', () => {
    it('answers a one-time link valid for an hour, mails the same link, and stores only its digest', async () => {
      const person = await signUpPerson(identity);
      const before = Date.now();
      const { answer, link } = await mailedLink(person);
      const { publicUrl } = identity.service.runtime.config;
      expect(answer.body).toEqual({
        url: expect.stringMatching(new RegExp(`^${publicUrl}/v1/public/password-resets/crm_pwd_[0-9A-Za-z]{43}$`)),
      });
      expect(link).toBe(answer.body.url);
      const mail = mailTo(dataDir(), person.email).at(-1)!;
      expect(mail.subject).toBe('Change your password');

      const shown = await identity.publicApi('GET', pathOf(link));
      expect(shown.status).toBe(200);
      expect(shown.body).toEqual({ email: person.email, expires_at: expect.stringMatching(ISO_TIMESTAMP) });
      const lifetime = Date.parse(shown.body.expires_at) - before;
      expect(lifetime).toBeGreaterThanOrEqual(HOUR_MS - 1000);
      expect(lifetime).toBeLessThanOrEqual(HOUR_MS + 5000);

      const token = link.split('/').pop()!;
      const stored = await passwordResetModel(connection()).find({ user_id: person.userId }).lean().exec();
      expect(stored).toHaveLength(1);
      expect(JSON.stringify(stored)).not.toContain(token);
      const events = await identity.events({
        'event.type': 'identity.user.password_change_requested',
        'event.data.user_id': person.userId,
      });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        workspace_id: null,
        actor: { type: 'user', id: person.userId },
        data: { expires_at: shown.body.expires_at },
      });
      expect(JSON.stringify(events)).not.toContain(token);
    });

    it('works for a member of a workspace too', async () => {
      const owner = await createOwner(identity);
      const { link } = await mailedLink(owner);
      expect((await identity.publicApi('GET', pathOf(link))).body.email).toBe(owner.email);
      const [event] = await identity.events({
        'event.type': 'identity.user.password_change_requested',
        'event.data.user_id': owner.userId,
      });
      expect(event.workspace_id).toBe(owner.workspaceId);
    });

    it('replaces the earlier link: only the latest one works', async () => {
      const person = await signUpPerson(identity);
      const first = await mailedLink(person);
      const second = await mailedLink(person);
      expect(second.link).not.toBe(first.link);
      expect((await identity.publicApi('GET', pathOf(first.link))).status).toBe(404);
      expect((await identity.publicApi('POST', pathOf(first.link), { password: NEW_PASSWORD })).status).toBe(404);
      expect((await identity.publicApi('POST', pathOf(second.link), { password: NEW_PASSWORD })).status).toBe(204);
    });

    it('is refused to API keys', async () => {
      const owner = await createOwner(identity);
      const { key } = await createApiKey(identity, owner);
      const answer = await identity.api(key, 'POST', '/me/password');
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('forbidden');
      expect(mailTo(dataDir(), owner.email).filter((mail) => mail.text.includes(RESET_PATH))).toEqual([]);
    });
  });

  describe('following the link', () => {
    it('sets the new password once; the old one stops working and every session is signed out', async () => {
      const person = await signUpPerson(identity);
      const second = await signIn(person, person.password);
      const { link } = await mailedLink(person);

      const changed = await identity.publicApi('POST', pathOf(link), { password: NEW_PASSWORD });
      expect(changed.status).toBe(204);
      expect(changed.body).toBeUndefined();
      // Whoever else knew the old password is shut out with it, by default.
      for (const token of [person.token, second.body.token]) {
        await expect(identity.authenticate(token)).rejects.toMatchObject({ code: 'unauthenticated', status: 401 });
      }
      expect((await signIn(person, person.password)).status).toBe(401);
      const fresh = await signIn(person, NEW_PASSWORD);
      expect(fresh.status).toBe(200);
      await expect(identity.authenticate(fresh.body.token)).resolves.toMatchObject({ user_id: person.userId });

      const again = await identity.publicApi('POST', pathOf(link), { password: 'yet another password' });
      expect(again.status).toBe(404);
      expect((await identity.publicApi('GET', pathOf(link))).status).toBe(404);
      expect((await signIn(person, NEW_PASSWORD)).status).toBe(200);

      const events = await identity.events({
        'event.type': 'identity.user.password_changed',
        'event.data.user_id': person.userId,
      });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        workspace_id: null,
        actor: { type: 'user', id: person.userId },
        data: { user_id: person.userId, email: person.email, signed_out_sessions: 2 },
      });
      expect(JSON.stringify(events)).not.toContain(NEW_PASSWORD);
    });

    it('keeps the sessions signed in only when asked to (sign_out_other_sessions false)', async () => {
      const person = await signUpPerson(identity);
      const second = await signIn(person, person.password);
      const { link } = await mailedLink(person);

      const changed = await identity.publicApi('POST', pathOf(link), {
        password: NEW_PASSWORD,
        sign_out_other_sessions: false,
      });
      expect(changed.status).toBe(204);
      for (const token of [person.token, second.body.token]) {
        await expect(identity.authenticate(token)).resolves.toMatchObject({ user_id: person.userId });
      }
      expect((await identity.api(person.token, 'GET', '/me')).status).toBe(200);
      const [event] = await identity.events({
        'event.type': 'identity.user.password_changed',
        'event.data.user_id': person.userId,
      });
      expect(event.data).toMatchObject({ signed_out_sessions: 0 });
    });

    it('answers 404 for an expired link, on reading and on use, and keeps the password', async () => {
      const person = await signUpPerson(identity);
      const { link } = await mailedLink(person);
      await expireLinksOf(person);
      expect((await identity.publicApi('GET', pathOf(link))).status).toBe(404);
      const answer = await identity.publicApi('POST', pathOf(link), { password: NEW_PASSWORD });
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('not_found');
      expect((await signIn(person, person.password)).status).toBe(200);
    });

    it('answers the same 404 for unknown and malformed tokens', async () => {
      const answers: Answer[] = [];
      for (const token of [`crm_pwd_${'A'.repeat(43)}`, 'nonsense', `crm_inv_${'A'.repeat(43)}`]) {
        answers.push(await identity.publicApi('GET', `/public/password-resets/${token}`));
        answers.push(await identity.publicApi('POST', `/public/password-resets/${token}`, { password: NEW_PASSWORD }));
      }
      for (const answer of answers) {
        expect(answer.status).toBe(404);
        expect(answer.body.error.code).toBe('not_found');
      }
    });

    it('refuses with 400 naming it a token outside the token alphabet or over 200 characters', async () => {
      for (const token of ['crm_pwd_abc.def', `crm_pwd_${'A'.repeat(200)}`]) {
        for (const [method, body] of [
          ['GET', undefined],
          ['POST', { password: NEW_PASSWORD }],
        ] as const) {
          const answer = await identity.publicApi(method, `/public/password-resets/${token}`, body);
          expect(answer.status).toBe(400);
          expect(answer.body.error).toEqual({ code: 'validation_failed', message: expect.stringMatching(/^token /) });
        }
      }
    });

    it.each([
      ['a missing password', {}, 'password is required'],
      [
        'a password under 10 characters',
        { password: 'x'.repeat(9) },
        'password must NOT have fewer than 10 characters',
      ],
      [
        'a password over 200 characters',
        { password: 'x'.repeat(201) },
        'password must NOT have more than 200 characters',
      ],
      [
        'a password with a carriage return',
        { password: 'a long enough\rpassword' },
        'password must be one line of text without control characters',
      ],
      ['an unknown field', { password: NEW_PASSWORD, email: 'a@b.test' }, "unknown field 'email'"],
      [
        'a sign_out_other_sessions that is not a boolean',
        { password: NEW_PASSWORD, sign_out_other_sessions: 'yes' },
        'sign_out_other_sessions must be boolean',
      ],
    ])('refuses %s with 400 naming the field, and the link still works', async (_label, body, message) => {
      const person = await signUpPerson(identity);
      const { link } = await mailedLink(person);
      const answer = await identity.publicApi('POST', pathOf(link), body);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: 'validation_failed', message });
      expect((await signIn(person, person.password)).status).toBe(200);
      expect((await identity.publicApi('POST', pathOf(link), { password: NEW_PASSWORD })).status).toBe(204);
    });

    it("touches nobody else's password or sessions", async () => {
      const person = await signUpPerson(identity);
      const bystander = await signUpPerson(identity);
      const { link } = await mailedLink(person);
      await identity.publicApi('POST', pathOf(link), { password: NEW_PASSWORD, sign_out_other_sessions: true });
      await expect(identity.authenticate(bystander.token)).resolves.toMatchObject({ user_id: bystander.userId });
      expect((await signIn(bystander, bystander.password)).status).toBe(200);
      expect((await signIn(bystander, NEW_PASSWORD)).status).toBe(401);
    });
  });
});

describe('password change links when mail cannot be sent', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    // Nothing listens on port 1: every send fails.
    identity = await startIdentity({ SMTP_URL: 'smtp://127.0.0.1:1' });
  });

  afterAll(async () => {
    await identity.stop();
  });

  it('answers 503 and creates no link', async () => {
    const person = await signUpPerson(identity);
    const answer = await identity.api(person.token, 'POST', '/me/password');
    expect(answer.status).toBe(503);
    expect(answer.body.error.code).toBe('unavailable');
    expect(
      await passwordResetModel(identity.service.context.connection).countDocuments({ user_id: person.userId }),
    ).toBe(0);
  });
});
