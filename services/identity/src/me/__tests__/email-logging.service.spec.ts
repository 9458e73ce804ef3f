import { ConfigError } from '@crm/kit';
import {
  createApiKey,
  createOwner,
  signUpPerson,
  startIdentity,
  type IdentityHarness,
} from '../../__tests__/identity-harness';
import { loadIdentityConfig } from '../../config';
import { addTeammate } from '../../members/__tests__/member-factory';

const ADDRESS = /^log-[a-z2-7]{16}@log\.crm\.local$/;

describe('GET /me/email-logging', () => {
  let identity: IdentityHarness;

  beforeAll(async () => {
    identity = await startIdentity();
  });

  afterAll(async () => {
    await identity.stop();
  });

  it('gives each member a personal address, the same on every call', async () => {
    const owner = await createOwner(identity);
    const first = await identity.api(owner.token, 'GET', '/me/email-logging');
    expect(first).toEqual({ status: 200, body: { enabled: true, address: expect.stringMatching(ADDRESS) } });
    expect((await identity.api(owner.token, 'GET', '/me/email-logging')).body).toEqual(first.body);

    const teammate = await addTeammate(identity, owner);
    const theirs = await identity.api(teammate.token, 'GET', '/me/email-logging');
    expect(theirs.body.address).toMatch(ADDRESS);
    expect(theirs.body.address).not.toBe(first.body.address);
  });

  it('gives one person a different address in each workspace', async () => {
    const owner = await createOwner(identity, 'First Ltd');
    const inFirst = (await identity.api(owner.token, 'GET', '/me/email-logging')).body.address;
    expect((await identity.api(owner.token, 'POST', '/onboarding', { workspace_name: 'Second Ltd' })).status).toBe(201);
    const inSecond = (await identity.api(owner.token, 'GET', '/me/email-logging')).body.address;
    expect(inSecond).toMatch(ADDRESS);
    expect(inSecond).not.toBe(inFirst);
    await identity.api(owner.token, 'POST', '/auth/switch-workspace', { organization_id: owner.workspaceId });
    expect((await identity.api(owner.token, 'GET', '/me/email-logging')).body.address).toBe(inFirst);
  });

  it('is off for API keys', async () => {
    const owner = await createOwner(identity);
    const { key } = await createApiKey(identity, owner);
    expect(await identity.api(key, 'GET', '/me/email-logging')).toEqual({
      status: 200,
      body: { enabled: false, address: null },
    });
  });

  it('needs a workspace (403 before onboarding)', async () => {
    const person = await signUpPerson(identity);
    const answer = await identity.api(person.token, 'GET', '/me/email-logging');
    expect(answer.status).toBe(403);
  });
});

describe('MAIL_LOGGING_DOMAIN', () => {
  it('defaults to log.crm.local', () => {
    expect(loadIdentityConfig({}).mailLoggingDomain).toBe('log.crm.local');
  });

  it.each(['not a domain', 'localhost', 'log..example.com', '-log.example.com', 'log@example.com'])(
    'fails fast on %j',
    (value) => {
      expect(() => loadIdentityConfig({ MAIL_LOGGING_DOMAIN: value })).toThrow(ConfigError);
      expect(() => loadIdentityConfig({ MAIL_LOGGING_DOMAIN: value })).toThrow('MAIL_LOGGING_DOMAIN');
    },
  );
});
