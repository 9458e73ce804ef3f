import { randomBytes } from 'node:crypto';
import { openText, sealText } from '../sealed-text';

describe('sealed text', () => {
  const key = randomBytes(32);

  it('opens what it sealed, with a fresh nonce each time and nothing of the text readable', () => {
    const first = sealText(key, 'whsec_secret value');
    const second = sealText(key, 'whsec_secret value');
    expect(first).not.toBe(second);
    expect(first).not.toContain('secret');
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(openText(key, first)).toBe('whsec_secret value');
    expect(openText(key, sealText(key, ''))).toBe('');
  });

  it('binds the context: another context, another key or a changed text does not open', () => {
    const sealed = sealText(key, 'token', 'workspace-1');
    expect(openText(key, sealed, 'workspace-1')).toBe('token');
    expect(() => openText(key, sealed, 'workspace-2')).toThrow();
    expect(() => openText(key, sealed)).toThrow();
    expect(() => openText(randomBytes(32), sealed, 'workspace-1')).toThrow();
    const [version, nonce, tag, body] = sealed.split('.');
    const changed = Buffer.from(body, 'base64url');
    changed[0] = changed[0] ^ 1;
    expect(() =>
      openText(key, [version, nonce, tag, changed.toString('base64url')].join('.'), 'workspace-1'),
    ).toThrow();
  });

  it('refuses a tag shorter than 16 bytes, though GCM would check its prefix', () => {
    const sealed = sealText(key, 'whsec_secret value', 'endpoint-1');
    const [version, nonce, tag, body] = sealed.split('.');
    for (const bytes of [4, 8, 12, 15]) {
      const truncated = Buffer.from(tag, 'base64url').subarray(0, bytes).toString('base64url');
      expect(() => openText(key, [version, nonce, truncated, body].join('.'), 'endpoint-1')).toThrow('unknown format');
    }
    expect(openText(key, sealed, 'endpoint-1')).toBe('whsec_secret value');
  });

  it('reads standard base64 and refuses unknown formats', () => {
    const [version, nonce, tag, body] = sealText(key, 'plain').split('.');
    const standard = [
      version,
      ...[nonce, tag, body].map((part) => Buffer.from(part, 'base64url').toString('base64')),
    ].join('.');
    expect(openText(key, standard)).toBe('plain');
    expect(() => openText(key, 'v2.a.b.c')).toThrow('unknown format');
    expect(() => openText(key, 'v1.a.b')).toThrow('unknown format');
  });
});
