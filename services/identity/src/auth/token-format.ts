import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

// One format for every bearer secret identity issues (session tokens and API keys):
//
//   session:  crm_s_<secret 43><checksum 6>
//   API key:  crm_ak_<public id 8>_<secret 43><checksum 6>
//
// The prefix makes a leaked secret recognisable (secret scanners, logs); the secret is 32
// random bytes in fixed-width base62; the checksum is the CRC32 of everything before it, so a
// mistyped or truncated token is refused before any database lookup. Only the SHA-256 digest
// of the whole token is ever stored.

export type TokenKind = 'session' | 'api_key';

export const SESSION_TOKEN_PREFIX = 'crm_s_';
export const API_KEY_PREFIX = 'crm_ak_';
export const SECRET_BYTES = 32;
export const SECRET_LENGTH = 43; // ceil(256 / log2(62))
export const CHECKSUM_LENGTH = 6; // 62^6 > 2^32
export const PUBLIC_ID_LENGTH = 8;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const SESSION_PATTERN = new RegExp(
  `^${SESSION_TOKEN_PREFIX}([0-9A-Za-z]{${SECRET_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`,
);
const API_KEY_PATTERN = new RegExp(
  `^(${API_KEY_PREFIX}[0-9A-Za-z]{${PUBLIC_ID_LENGTH}})_([0-9A-Za-z]{${SECRET_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`,
);
// Longest valid token; anything longer is refused without running a regular expression on it.
const MAX_TOKEN_LENGTH = API_KEY_PREFIX.length + PUBLIC_ID_LENGTH + 1 + SECRET_LENGTH + CHECKSUM_LENGTH;

export function toBase62(bytes: Buffer, width: number): string {
  let value = BigInt(`0x${bytes.length ? bytes.toString('hex') : '0'}`);
  let text = '';
  while (value > 0n) {
    text = BASE62[Number(value % 62n)] + text;
    value /= 62n;
  }
  if (text.length > width) throw new Error(`value does not fit in ${width} base62 characters`);
  return text.padStart(width, '0');
}

function checksumOf(body: string): string {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(crc32(body));
  return toBase62(buffer, CHECKSUM_LENGTH);
}

function randomBase62(length: number): string {
  // Rejection sampling keeps every character uniform (no modulo bias).
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && text.length < length) text += BASE62[byte % 62];
    }
  }
  return text;
}

function newSecret(): string {
  return toBase62(randomBytes(SECRET_BYTES), SECRET_LENGTH);
}

export interface IssuedSessionToken {
  token: string;
  digest: string;
}

export interface IssuedApiKey {
  key: string;
  // Public part, stored and shown in the ApiKey record (e.g. crm_ak_3fK9x2Qa).
  prefix: string;
  digest: string;
}

export function issueSessionToken(): IssuedSessionToken {
  const body = `${SESSION_TOKEN_PREFIX}${newSecret()}`;
  const token = `${body}${checksumOf(body)}`;
  return { token, digest: digestOf(token) };
}

export function issueApiKey(): IssuedApiKey {
  const prefix = `${API_KEY_PREFIX}${randomBase62(PUBLIC_ID_LENGTH)}`;
  const body = `${prefix}_${newSecret()}`;
  const key = `${body}${checksumOf(body)}`;
  return { key, prefix, digest: digestOf(key) };
}

export interface ParsedToken {
  kind: TokenKind;
  digest: string;
  // API keys only: the public prefix.
  prefix?: string;
}

// Recognises a well-formed token with a valid checksum; anything else is null, and no lookup
// is worth doing for it.
export function parseToken(token: unknown): ParsedToken | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const session = SESSION_PATTERN.exec(token);
  if (session) {
    const body = token.slice(0, -CHECKSUM_LENGTH);
    return checksumOf(body) === session[2] ? { kind: 'session', digest: digestOf(token) } : null;
  }
  const apiKey = API_KEY_PATTERN.exec(token);
  if (apiKey) {
    const body = token.slice(0, -CHECKSUM_LENGTH);
    return checksumOf(body) === apiKey[3] ? { kind: 'api_key', digest: digestOf(token), prefix: apiKey[1] } : null;
  }
  return null;
}

// SHA-256 of the whole token, hex: what is stored and looked up.
export function digestOf(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
