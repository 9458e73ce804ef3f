import { ConfigError } from '@crm/kit';
import { loadIdentityConfig } from '../config';

describe('identity configuration', () => {
  it('has safe defaults: sign-up on, 30-day sessions, scrypt N = 2^15, 30 complimentary days, local mail', () => {
    expect(loadIdentityConfig({})).toMatchObject({
      signupEnabled: true,
      sessionTtlDays: 30,
      scryptLog2N: 15,
      complimentaryDays: 30,
      smtpUrl: undefined,
      mailFrom: 'CRM <no-reply@crm.local>',
      publicUrl: 'http://127.0.0.1:8080',
    });
  });

  it('drops a trailing slash from the public address used in mailed links', () => {
    expect(loadIdentityConfig({ PUBLIC_URL: 'https://crm.example.com/' }).publicUrl).toBe('https://crm.example.com');
  });

  it('reads the variables', () => {
    expect(
      loadIdentityConfig({ SIGNUP_ENABLED: 'false', SESSION_TTL_DAYS: '7', PASSWORD_SCRYPT_LOG2_N: '16' }),
    ).toMatchObject({
      signupEnabled: false,
      sessionTtlDays: 7,
      scryptLog2N: 16,
    });
  });

  it.each([
    ['SIGNUP_ENABLED', 'maybe'],
    ['SESSION_TTL_DAYS', '0'],
    ['PASSWORD_SCRYPT_LOG2_N', '8'],
    ['COMPLIMENTARY_DAYS', 'soon'],
    ['SMTP_URL', 'http://mail'],
    ['PUBLIC_URL', 'not a url'],
  ])('fails fast naming %s when it is %s', (name, value) => {
    expect(() => loadIdentityConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadIdentityConfig({ [name]: value })).toThrow(name);
  });
});
