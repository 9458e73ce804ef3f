import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Passwords are hashed with scrypt (memory-hard), parameters stored with the hash so the cost
// can be raised later without breaking existing accounts:
//   scrypt$<log2 N>$<r>$<p>$<salt base64url>$<key base64url>

export interface ScryptParameters {
  log2N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT: ScryptParameters = { log2N: 15, r: 8, p: 1 };
const SALT_BYTES = 16;
const KEY_BYTES = 64;
const FORMAT = /^scrypt\$(\d{1,2})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]{16,})\$([A-Za-z0-9_-]{16,})$/;

function derive(password: string, salt: Buffer, parameters: ScryptParameters): Promise<Buffer> {
  const N = 2 ** parameters.log2N;
  const options: ScryptOptions = {
    N,
    r: parameters.r,
    p: parameters.p,
    // scrypt needs about 128 * N * r bytes; the default 32 MiB ceiling is too tight for N = 2^15.
    maxmem: 256 * N * parameters.r,
  };
  // The async form runs in libuv's thread pool, off the event loop.
  return new Promise((resolve, reject) => {
    scrypt(normalise(password), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

// The same password typed on different devices may arrive in different Unicode forms.
function normalise(password: string): string {
  return password.normalize('NFC');
}

export async function hashPassword(password: string, parameters: ScryptParameters = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, parameters);
  return [
    'scrypt',
    parameters.log2N,
    parameters.r,
    parameters.p,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
}

interface StoredHash {
  parameters: ScryptParameters;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): StoredHash | null {
  const match = FORMAT.exec(stored);
  if (!match) return null;
  const parameters = { log2N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  if (parameters.log2N < 1 || parameters.log2N > 22 || parameters.r < 1 || parameters.p < 1) return null;
  return { parameters, salt: Buffer.from(match[4], 'base64url'), key: Buffer.from(match[5], 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.parameters);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

// True when a hash was made with weaker parameters than the current ones (rehash on sign-in).
export function needsRehash(stored: string, current: ScryptParameters): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { log2N, r, p } = parsed.parameters;
  return log2N < current.log2N || r < current.r || p < current.p;
}
