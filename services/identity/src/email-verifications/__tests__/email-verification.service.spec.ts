import {
  signUpPerson,
  startIdentity,
  verificationLinkMailedTo,
  type IdentityHarness,
} from '../../__tests__/identity-harness';
import { userModel } from '../../users/user.model';
import { emailVerificationModel } from '../email-verification.model';

// What email verification keeps in identity's store, and what a link's date or an account from
// before verification existed mean for it. (The flow a client follows through the gateway:
// tests/identity/email-verification.test.ts.)
let identity: IdentityHarness;

beforeAll(async () => {
  identity = await startIdentity();
});

afterAll(async () => {
  await identity.stop();
});

const connection = () => identity.service.context.connection;
const linkTokenOf = (email: string) => verificationLinkMailedTo(identity, email).split('/').pop()!;
const emailVerified = async (token: string) => (await identity.api(token, 'GET', '/me')).body.user.email_verified;

describe('email verification links', () => {
  it('are stored only as a digest, with the date the link shows', async () => {
    const person = await signUpPerson(identity);
    const linkToken = linkTokenOf(person.email);
    expect(linkToken).toMatch(/^crm_ver_[0-9A-Za-z]{43}$/);
    const stored = await emailVerificationModel(connection()).find({ email: person.email }).lean().exec();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(linkToken);
    expect(await identity.publicApi('GET', `/public/email-verifications/${linkToken}`)).toEqual({
      status: 200,
      body: { email: person.email, expires_at: stored[0].expires_at },
    });
  });

  it('answer 404 past their expiry and verify nothing', async () => {
    const person = await signUpPerson(identity);
    const linkToken = linkTokenOf(person.email);
    await emailVerificationModel(connection()).updateMany(
      { email: person.email },
      { $set: { expires_at: new Date(Date.now() - 1000).toISOString() } },
    );
    expect((await identity.publicApi('GET', `/public/email-verifications/${linkToken}`)).status).toBe(404);
    expect((await identity.publicApi('POST', `/public/email-verifications/${linkToken}`)).status).toBe(404);
    expect(await emailVerified(person.token)).toBe(false);

    // A new link works.
    expect((await identity.api(person.token, 'POST', '/me/email-verification')).status).toBe(200);
    expect((await identity.publicApi('POST', `/public/email-verifications/${linkTokenOf(person.email)}`)).status).toBe(
      204,
    );
    expect(await emailVerified(person.token)).toBe(true);
  });
});

describe('an account made before verification existed', () => {
  it('is unverified until it follows a link', async () => {
    const person = await signUpPerson(identity);
    // As accounts were stored before: no field at all.
    await userModel(connection()).collection.updateOne({ email: person.email }, { $unset: { email_verified_at: '' } });
    expect(await emailVerified(person.token)).toBe(false);
    expect((await identity.api(person.token, 'POST', '/me/email-verification')).status).toBe(200);
    expect((await identity.publicApi('POST', `/public/email-verifications/${linkTokenOf(person.email)}`)).status).toBe(
      204,
    );
    expect(await emailVerified(person.token)).toBe(true);
  });
});
