import { sessionModel } from '../session.model';
import { isDuplicateKey } from '@crm/kit';
import { userModel } from '../../users/user.model';
import {
  buildSignUp,
  createApiKey,
  createOwner,
  signUpPerson,
  startIdentity,
  type IdentityHarness,
} from '../../__tests__/identity-harness';

describe('auth routes', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  describe('POST /auth/sign-up', () => {
    it('normalises the email, so the same address in another case is taken', async () => {
      const input = buildSignUp();
      const first = await identity.publicApi('POST', '/auth/sign-up', {
        ...input,
        email: `  ${input.email.toUpperCase()} `,
      });
      expect(first.status).toBe(201);
      expect(first.body.user.email).toBe(input.email);

      const second = await identity.publicApi('POST', '/auth/sign-up', input);
      expect(second.status).toBe(409);
      expect(second.body).toEqual({ error: { code: 'email_taken', message: expect.any(String) } });
    });

    it('lets only one of two simultaneous sign-ups with one email through', async () => {
      const input = buildSignUp();
      const answers = await Promise.all([
        identity.publicApi('POST', '/auth/sign-up', input),
        identity.publicApi('POST', '/auth/sign-up', { ...input, name: 'Twin' }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    });

    it('recognises the storage engine refusing a duplicate email (the race the pre-check cannot see)', async () => {
      const person = await signUpPerson(identity);
      const users = userModel(identity.service.context.connection);
      const existing = await users.findById(person.userId).lean().exec();
      const error = await users.create({ ...existing, _id: 'another-id' }).catch((caught: unknown) => caught);
      expect(isDuplicateKey(error, 'email')).toBe(true);
      expect(isDuplicateKey(error, 'slug')).toBe(false);
    });

    it.each([
      ['an unknown field', { role: 'admin' }, "unknown field 'role'"],
      ['a short password', { password: 'short' }, 'password'],
      ['a password over 200 characters', { password: 'x'.repeat(201) }, 'password'],
      ['an empty name', { name: '   ' }, 'name'],
      ['a name over 120 characters', { name: 'n'.repeat(121) }, 'name'],
      ['an invalid email', { email: 'not-an-email' }, 'email'],
      ['a missing email', { email: undefined }, 'email is required'],
      [
        'a name with a line break',
        { name: 'Ann\r\nBcc: someone' },
        'name must be one line of text without control characters',
      ],
      ['a name with a NUL', { name: 'Ann\u0000' }, 'name must be one line of text without control characters'],
      [
        'a password with a line break',
        { password: 'a long enough\npassword' },
        'password must be one line of text without control characters',
      ],
    ])('refuses %s with 400 naming the field', async (_label, overrides, message) => {
      const answer = await identity.publicApi('POST', '/auth/sign-up', { ...buildSignUp(), ...overrides });
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(answer.body.error.message).toContain(message);
    });

    it('refuses a body that is not an object', async () => {
      const answer = await identity.publicApi('POST', '/auth/sign-up', ['a']);
      expect(answer.status).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
    });
  });

  describe('POST /auth/sign-in', () => {
    it('answers a wrong password and an unknown email alike', async () => {
      const person = await signUpPerson(identity);
      const wrongPassword = await identity.publicApi('POST', '/auth/sign-in', {
        email: person.email,
        password: 'not the password',
      });
      const unknownEmail = await identity.publicApi('POST', '/auth/sign-in', {
        email: `nobody-${person.userId}@example.test`,
        password: person.password,
      });
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(401);
      expect(wrongPassword.body).toEqual({
        error: { code: 'unauthenticated', message: 'email or password is incorrect' },
      });
      expect(unknownEmail.body).toEqual(wrongPassword.body);
    });

    it('accepts the email in any case and with surrounding spaces', async () => {
      const person = await signUpPerson(identity);
      const answer = await identity.publicApi('POST', '/auth/sign-in', {
        email: ` ${person.email.toUpperCase()}`,
        password: person.password,
      });
      expect(answer.status).toBe(200);
      await expect(identity.authenticate(answer.body.token)).resolves.toMatchObject({ user_id: person.userId });
    });

    it('starts the session in the workspace the person used last', async () => {
      const owner = await createOwner(identity);
      const answer = await identity.publicApi('POST', '/auth/sign-in', {
        email: owner.email,
        password: owner.password,
      });
      await expect(identity.authenticate(answer.body.token)).resolves.toMatchObject({
        workspace_id: owner.workspaceId,
        role: 'Owner',
      });
    });

    it('refuses unknown fields', async () => {
      const answer = await identity.publicApi('POST', '/auth/sign-in', {
        email: 'a@example.test',
        password: 'x',
        remember: true,
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error.message).toBe("unknown field 'remember'");
    });
  });

  describe('POST /auth/sign-out', () => {
    it('revokes the session for the very next request and stores only a digest', async () => {
      const person = await signUpPerson(identity);
      const stored = await sessionModel(identity.service.context.connection)
        .find({ user_id: person.userId })
        .lean()
        .exec();
      expect(JSON.stringify(stored)).not.toContain(person.token);

      expect((await identity.api(person.token, 'POST', '/auth/sign-out')).status).toBe(204);
      await expect(identity.authenticate(person.token)).rejects.toMatchObject({ code: 'unauthenticated' });
      const events = await identity.events({
        'event.type': 'identity.session.ended',
        'event.data.user_id': person.userId,
      });
      expect(events).toHaveLength(1);
    });

    it('is refused to an API key (it has no session)', async () => {
      const owner = await createOwner(identity);
      const { key } = await createApiKey(identity, owner);
      const answer = await identity.api(key, 'POST', '/auth/sign-out');
      expect(answer.status).toBe(403);
      await expect(identity.authenticate(key)).resolves.toMatchObject({ actor_type: 'app' });
    });
  });

  describe('POST /auth/switch-workspace', () => {
    it('moves the session to another workspace of the person', async () => {
      const owner = await createOwner(identity, 'First Workspace');
      const second = await identity.api(owner.token, 'POST', '/onboarding', { workspace_name: 'Second Workspace' });
      await expect(identity.authenticate(owner.token)).resolves.toMatchObject({
        workspace_id: second.body.workspace_id,
      });

      const answer = await identity.api(owner.token, 'POST', '/auth/switch-workspace', {
        organization_id: owner.workspaceId,
      });
      expect(answer.status).toBe(204);
      await expect(identity.authenticate(owner.token)).resolves.toMatchObject({ workspace_id: owner.workspaceId });
      const me = await identity.api(owner.token, 'GET', '/me');
      expect(me.body.workspace.name).toBe('First Workspace');
    });

    it("answers 404 for someone else's workspace and an unknown one, and leaves the session alone", async () => {
      const owner = await createOwner(identity);
      const stranger = await createOwner(identity);
      for (const organizationId of [stranger.workspaceId, '01890a5d-ac96-774b-bcce-b302099a8057']) {
        const answer = await identity.api(owner.token, 'POST', '/auth/switch-workspace', {
          organization_id: organizationId,
        });
        expect(answer.status).toBe(404);
        expect(answer.body.error.code).toBe('not_found');
      }
      await expect(identity.authenticate(owner.token)).resolves.toMatchObject({ workspace_id: owner.workspaceId });
    });

    it('validates the body', async () => {
      const owner = await createOwner(identity);
      const malformed = await identity.api(owner.token, 'POST', '/auth/switch-workspace', { organization_id: 'abc' });
      expect(malformed.status).toBe(400);
      expect(malformed.body.error.message).toContain('organization_id');
      const missing = await identity.api(owner.token, 'POST', '/auth/switch-workspace', {});
      expect(missing.body.error.message).toBe('organization_id is required');
    });
  });
});

describe('sign-up switched off', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity({ SIGNUP_ENABLED: 'false' });
  });

  afterAll(async () => {
    await identity.stop();
  });

  it('answers 403 signup_disabled whatever the body', async () => {
    for (const body of [buildSignUp(), {}]) {
      const answer = await identity.publicApi('POST', '/auth/sign-up', body);
      expect(answer.status).toBe(403);
      expect(answer.body.error.code).toBe('signup_disabled');
    }
  });
});
