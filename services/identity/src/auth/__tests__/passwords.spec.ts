import { DEFAULT_SCRYPT, hashPassword, needsRehash, verifyPassword } from '../passwords';

// Low cost keeps the suite fast; the format and comparison are the same at any cost.
const FAST = { log2N: 10, r: 8, p: 1 };

describe('passwords', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('correct horse battery', FAST);
    await expect(verifyPassword('correct horse battery', hash)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterY', hash)).resolves.toBe(false);
    await expect(verifyPassword('', hash)).resolves.toBe(false);
  });

  it('stores the parameters, a 16-byte salt and a 64-byte key, and never the password', async () => {
    const hash = await hashPassword('correct horse battery', FAST);
    const [scheme, log2N, r, p, salt, key] = hash.split('$');
    expect([scheme, log2N, r, p]).toEqual(['scrypt', '10', '8', '1']);
    expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key, 'base64url')).toHaveLength(64);
    expect(hash).not.toContain('correct horse');
  });

  it('salts every hash', async () => {
    const [first, second] = await Promise.all([
      hashPassword('same password', FAST),
      hashPassword('same password', FAST),
    ]);
    expect(first).not.toBe(second);
  });

  it('treats Unicode forms of one password alike', async () => {
    const hash = await hashPassword('caf\u00e9 au lait!', FAST);
    await expect(verifyPassword('cafe\u0301 au lait!', hash)).resolves.toBe(true);
  });

  it('refuses a malformed stored hash', async () => {
    await expect(verifyPassword('anything', 'plain-text')).resolves.toBe(false);
    await expect(
      verifyPassword('anything', 'scrypt$99$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA'),
    ).resolves.toBe(false);
  });

  it('defaults to a memory-hard production cost (N = 2^15, r = 8, p = 1)', async () => {
    expect(DEFAULT_SCRYPT).toEqual({ log2N: 15, r: 8, p: 1 });
    const hash = await hashPassword('production cost works');
    await expect(verifyPassword('production cost works', hash)).resolves.toBe(true);
  });

  it('asks for a rehash when the stored cost is below the current one', async () => {
    const hash = await hashPassword('correct horse battery', FAST);
    expect(needsRehash(hash, FAST)).toBe(false);
    expect(needsRehash(hash, DEFAULT_SCRYPT)).toBe(true);
  });
});
