import jwt from 'jsonwebtoken';
import { generateInternalKeyPair, signInternalToken, verifyInternalToken, type InternalClaims } from '../internal-jwt';

const claims: InternalClaims = {
  workspace_id: 'w1',
  user_id: 'u1',
  actor: { type: 'agent', id: 'k1', label: 'Bot' },
  role: 'Agent (read only)',
  permissions: ['companies:read'],
  is_admin: false,
  plan: 'standard',
};

describe('internal JWT', () => {
  const keys = generateInternalKeyPair();

  it('verifies what the gateway signed', () => {
    expect(verifyInternalToken(keys.publicKey, signInternalToken(keys.privateKey, claims))).toMatchObject(claims);
  });

  it('refuses a token signed by another key, an expired one, and an HMAC forgery', () => {
    const other = generateInternalKeyPair();
    expect(() => verifyInternalToken(keys.publicKey, signInternalToken(other.privateKey, claims))).toThrow(
      expect.objectContaining({ status: 401 }),
    );
    expect(() => verifyInternalToken(keys.publicKey, signInternalToken(keys.privateKey, claims, -10))).toThrow(
      expect.objectContaining({ status: 401 }),
    );
    const forged = jwt.sign({ ...claims }, keys.publicKey, {
      algorithm: 'HS256',
      issuer: 'crm-gateway',
      audience: 'crm-services',
    });
    expect(() => verifyInternalToken(keys.publicKey, forged)).toThrow(expect.objectContaining({ status: 401 }));
  });

  it('reuses a minted token for identical claims only, and a verified one keeps refusing tampering', () => {
    const first = signInternalToken(keys.privateKey, claims);
    expect(signInternalToken(keys.privateKey, { ...claims })).toBe(first);
    const promoted = signInternalToken(keys.privateKey, {
      ...claims,
      permissions: ['companies:read', 'companies:write'],
    });
    expect(promoted).not.toBe(first);
    expect(verifyInternalToken(keys.publicKey, promoted).permissions).toEqual(['companies:read', 'companies:write']);

    expect(verifyInternalToken(keys.publicKey, first)).toMatchObject(claims);
    const [header, , signature] = first.split('.');
    const payload = Buffer.from(JSON.stringify({ ...claims, is_admin: true })).toString('base64url');
    expect(() => verifyInternalToken(keys.publicKey, `${header}.${payload}.${signature}`)).toThrow(
      expect.objectContaining({ status: 401 }),
    );
    // Shared between requests, so nobody may change them.
    expect(Object.isFrozen(verifyInternalToken(keys.publicKey, first).permissions)).toBe(true);
  });
});
