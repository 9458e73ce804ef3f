import { randomBytes } from 'node:crypto';
import { ConfigError } from '@crm/kit';
import { loadCalendarConfig } from '../calendar-config';
import { CalendarSecrets } from '../calendar-secrets';

describe('calendar secrets', () => {
  const secrets = new CalendarSecrets(randomBytes(32));

  it('seals tokens with AES-256-GCM bound to their connection', () => {
    const sealed = secrets.encrypt('access_abc', 'w:u:provider_a');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('access_abc');
    expect(secrets.encrypt('access_abc', 'w:u:provider_a')).not.toBe(sealed);
    expect(secrets.decrypt(sealed, 'w:u:provider_a')).toBe('access_abc');
    // Another connection, a changed byte or another key: no plaintext.
    expect(() => secrets.decrypt(sealed, 'w:u:provider_b')).toThrow();
    const [version, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0] ^ 1;
    expect(() =>
      secrets.decrypt([version, iv, tag, flipped.toString('base64url')].join('.'), 'w:u:provider_a'),
    ).toThrow();
    expect(() => new CalendarSecrets(randomBytes(32)).decrypt(sealed, 'w:u:provider_a')).toThrow();
  });

  it('signs states that cannot be changed or made with another key', () => {
    const state = secrets.sign({ n: 'nonce', w: 'workspace', e: 1 });
    expect(secrets.verify(state)).toEqual({ n: 'nonce', w: 'workspace', e: 1 });
    const [payload, mac] = state.split('.');
    const changed = Buffer.from(JSON.stringify({ n: 'nonce', w: 'other', e: 1 })).toString('base64url');
    expect(secrets.verify(`${changed}.${mac}`)).toBeNull();
    expect(secrets.verify(`${payload}.`)).toBeNull();
    expect(secrets.verify(`${payload}.${mac}.x`)).toBeNull();
    expect(new CalendarSecrets(randomBytes(32)).verify(state)).toBeNull();
  });
});

describe('calendar settings', () => {
  const key = randomBytes(32).toString('base64');

  it('runs the simulated providers by default and needs a key with MONGO_URL', () => {
    const config = loadCalendarConfig({});
    expect(config.providers).toEqual({ provider_a: null, provider_b: null });
    expect(config.tokenKey).toBeNull();
    expect(() => loadCalendarConfig({ MONGO_URL: 'mongodb://mongo:27017' })).toThrow(
      new ConfigError('CALENDAR_TOKEN_KEY is required with MONGO_URL (openssl rand -base64 32)'),
    );
    expect(loadCalendarConfig({ MONGO_URL: 'mongodb://mongo:27017', CALENDAR_TOKEN_KEY: key }).tokenKey).toHaveLength(
      32,
    );
  });

  it('refuses a key that is not 32 bytes and a provider configured in part', () => {
    expect(() => loadCalendarConfig({ CALENDAR_TOKEN_KEY: randomBytes(16).toString('base64') })).toThrow(
      /CALENDAR_TOKEN_KEY must be 32 random bytes/,
    );
    expect(() => loadCalendarConfig({ CALENDAR_PROVIDER_B_CLIENT_ID: 'id' })).toThrow(
      'CALENDAR_PROVIDER_B_CLIENT_SECRET is required when provider_b is configured',
    );
    expect(() => loadCalendarConfig({ CALENDAR_PROVIDER_A_TOKEN_URL: 'not a url' })).toThrow(
      'CALENDAR_PROVIDER_A_TOKEN_URL must be a URL',
    );
    const full = {
      CALENDAR_PROVIDER_A_CLIENT_ID: 'client',
      CALENDAR_PROVIDER_A_CLIENT_SECRET: 'secret',
      CALENDAR_PROVIDER_A_AUTHORIZE_URL: 'https://accounts.provider-a.test/authorize',
      CALENDAR_PROVIDER_A_TOKEN_URL: 'https://accounts.provider-a.test/token',
      CALENDAR_PROVIDER_A_USERINFO_URL: 'https://accounts.provider-a.test/userinfo',
      CALENDAR_PROVIDER_A_API_URL: 'https://calendar.provider-a.test/v3/',
      CALENDAR_PROVIDER_A_SCOPES: 'calendar email',
    };
    expect(loadCalendarConfig(full).providers).toEqual({
      provider_a: expect.objectContaining({
        clientId: 'client',
        apiUrl: 'https://calendar.provider-a.test/v3',
        scopes: 'calendar email',
      }),
      provider_b: null,
    });
  });
});
