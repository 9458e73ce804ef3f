import {
  API_KEY_PREFIX,
  CHECKSUM_LENGTH,
  PUBLIC_ID_LENGTH,
  SECRET_LENGTH,
  SESSION_TOKEN_PREFIX,
  digestOf,
  digestsEqual,
  issueApiKey,
  issueSessionToken,
  parseToken,
  toBase62,
} from '../token-format';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// Every token that differs from `token` in exactly one character.
function oneCharacterChanges(token: string): string[] {
  const variants: string[] = [];
  for (let index = 0; index < token.length; index += 1) {
    for (const character of BASE62 + '_') {
      if (character !== token[index]) variants.push(token.slice(0, index) + character + token.slice(index + 1));
    }
  }
  return variants;
}

describe('session tokens', () => {
  it('carry the product prefix, a 43-character secret and a 6-character checksum', () => {
    const { token } = issueSessionToken();
    expect(token.startsWith(SESSION_TOKEN_PREFIX)).toBe(true);
    expect(token).toHaveLength(SESSION_TOKEN_PREFIX.length + SECRET_LENGTH + CHECKSUM_LENGTH);
    expect(token).toMatch(/^crm_s_[0-9A-Za-z]{49}$/);
  });

  it('are recognised, and their digest is the SHA-256 of the whole token', () => {
    const { token, digest } = issueSessionToken();
    expect(digest).toMatch(/^[0-9a-f]{64}$/);
    expect(parseToken(token)).toEqual({ kind: 'session', digest });
    expect(digestOf(token)).toBe(digest);
  });

  it('are refused after any one-character change', () => {
    const { token } = issueSessionToken();
    const accepted = oneCharacterChanges(token).filter((variant) => parseToken(variant) !== null);
    expect(accepted).toEqual([]);
  });

  it('are never repeated', () => {
    const tokens = new Set(Array.from({ length: 1000 }, () => issueSessionToken().token));
    expect(tokens.size).toBe(1000);
  });
});

describe('API keys', () => {
  it('carry the product prefix, a public id, a secret and a checksum', () => {
    const { key, prefix } = issueApiKey();
    expect(prefix).toMatch(new RegExp(`^${API_KEY_PREFIX}[0-9A-Za-z]{${PUBLIC_ID_LENGTH}}$`));
    expect(key.startsWith(`${prefix}_`)).toBe(true);
    expect(key).toHaveLength(prefix.length + 1 + SECRET_LENGTH + CHECKSUM_LENGTH);
  });

  it('are recognised with their public prefix', () => {
    const { key, prefix, digest } = issueApiKey();
    expect(parseToken(key)).toEqual({ kind: 'api_key', digest, prefix });
  });

  it('are refused after any one-character change', () => {
    const { key } = issueApiKey();
    const accepted = oneCharacterChanges(key).filter((variant) => parseToken(variant) !== null);
    expect(accepted).toEqual([]);
  });

  it('have public prefixes that differ from key to key', () => {
    const prefixes = new Set(Array.from({ length: 500 }, () => issueApiKey().prefix));
    expect(prefixes.size).toBe(500);
  });
});

describe('parseToken', () => {
  it.each([
    ['empty', ''],
    ['not a string', 42],
    ['another product', `ghp_${'a'.repeat(40)}`],
    ['a JWT', 'eyJhbGciOiJIUzI1NiJ9.e30.abc'],
  ])('refuses %s', (_label, value) => {
    expect(parseToken(value)).toBeNull();
  });

  it('refuses a truncated or extended token', () => {
    const { token } = issueSessionToken();
    expect(parseToken(token.slice(0, -1))).toBeNull();
    expect(parseToken(`${token}0`)).toBeNull();
    const { key } = issueApiKey();
    expect(parseToken(key.slice(0, -1))).toBeNull();
  });

  it('refuses a session token presented with the API key prefix and vice versa', () => {
    const { token } = issueSessionToken();
    expect(parseToken(token.replace(SESSION_TOKEN_PREFIX, API_KEY_PREFIX))).toBeNull();
  });
});

describe('secret entropy', () => {
  it('encodes 32 random bytes in 43 base62 characters without loss', () => {
    const max = Buffer.alloc(32, 0xff);
    expect(toBase62(max, SECRET_LENGTH)).toHaveLength(43);
    expect(toBase62(Buffer.alloc(32, 0), SECRET_LENGTH)).toBe('0'.repeat(43));
    // 62^43 > 2^256 > 62^42: 43 characters are needed and enough.
    const [above, bits, below] = [62n ** 43n, 2n ** 256n, 62n ** 42n];
    expect(above > bits).toBe(true);
    expect(bits > below).toBe(true);
  });

  it('uses the whole base62 alphabet across secrets', () => {
    const seen = new Set(
      Array.from({ length: 200 }, () => issueSessionToken().token.slice(6, 6 + SECRET_LENGTH)).join(''),
    );
    expect(seen.size).toBe(62);
  });
});

describe('digestsEqual', () => {
  it('compares digests', () => {
    const digest = digestOf('a');
    expect(digestsEqual(digest, digestOf('a'))).toBe(true);
    expect(digestsEqual(digest, digestOf('b'))).toBe(false);
    expect(digestsEqual(digest, digest.slice(0, 10))).toBe(false);
  });
});
