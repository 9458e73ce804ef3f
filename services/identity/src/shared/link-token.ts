import { randomBytes } from 'node:crypto';
import { digestOf, SECRET_BYTES, SECRET_LENGTH, toBase62 } from '../auth/token-format';

// Secrets carried by links sent by mail (invitations, password changes): a recognisable
// prefix, then 32 random bytes (256 bits) in fixed-width base62, so the token sits in a URL
// path as it is. Only the SHA-256 digest is stored; the links are single-use and expire.

export interface IssuedLinkToken {
  token: string;
  digest: string;
}

export function issueLinkToken(prefix: string): IssuedLinkToken {
  const token = `${prefix}${toBase62(randomBytes(SECRET_BYTES), SECRET_LENGTH)}`;
  return { token, digest: digestOf(token) };
}

// The digest to look a token up by, or null when the text cannot be such a token (no lookup
// is worth doing for it).
export function linkTokenDigest(prefix: string, token: unknown): string | null {
  if (typeof token !== 'string' || token.length !== prefix.length + SECRET_LENGTH) return null;
  if (!token.startsWith(prefix) || !/^[0-9A-Za-z]+$/.test(token.slice(prefix.length))) return null;
  return digestOf(token);
}
