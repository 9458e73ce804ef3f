import { ConfigError } from '@crm/kit';
import { loadIdentityConfig } from '../config';

describe('identity configuration', () => {
  it('has safe defaults: sign-up on, 30-day sessions, scrypt N = 2^15, 30 complimentary days', () => {
    expect(loadIdentityConfig({})).toEqual({ signupEnabled: true, sessionTtlDays: 30, scryptLog2N: 15, complimentaryDays: 30 });
  });

  it('reads the variables', () => {
    expect(loadIdentityConfig({ SIGNUP_ENABLED: 'false', SESSION_TTL_DAYS: '7', PASSWORD_SCRYPT_LOG2_N: '16' })).toMatchObject({
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
  ])('fails fast naming %s when it is %s', (name, value) => {
    expect(() => loadIdentityConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadIdentityConfig({ [name]: value })).toThrow(name);
  });
});
