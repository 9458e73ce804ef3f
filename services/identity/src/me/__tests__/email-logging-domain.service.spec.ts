import { createOwner, startIdentity, type IdentityHarness } from '../../__tests__/identity-harness';

// Its own file: one identity per process may subscribe the in-process consumers.
describe('GET /me/email-logging with MAIL_LOGGING_DOMAIN set', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity({ MAIL_LOGGING_DOMAIN: 'Mail.Example.COM' });
  });

  afterAll(async () => {
    await identity.stop();
  });

  it('uses the configured domain, lower-cased', async () => {
    const owner = await createOwner(identity);
    const answer = await identity.api(owner.token, 'GET', '/me/email-logging');
    expect(answer.body).toEqual({
      enabled: true,
      address: expect.stringMatching(/^log-[a-z2-7]{16}@mail\.example\.com$/),
    });
  });
});
