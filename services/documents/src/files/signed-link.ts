import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed links are capabilities: whoever holds one may do exactly one thing until it expires,
// without a bearer token. The signature is an HMAC-SHA256, with a key from configuration, over
// everything the link grants, as lines of text led by a versioned kind (`crm-file-v1`,
// `crm-export-v1`), so a link of one kind can never be presented as another's. Several keys are
// accepted during a rotation. Documents' file URLs (signed-url.ts) and exports' download links
// (exports/export-url.ts) are made and checked here.

const DECIMAL = /^(0|[1-9][0-9]{0,15})$/;
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
// Whole unix seconds or a size in bytes, as a link carries them.
export const isDecimal = (value: unknown): value is string => typeof value === 'string' && DECIMAL.test(value);

function signatureOf(key: string, signedLines: readonly string[]): Buffer {
  return createHmac('sha256', key).update(signedLines.join('\n')).digest();
}

// The signature a link carries, base64url.
export function linkSignature(key: string, signedLines: readonly string[]): string {
  return signatureOf(key, signedLines).toString('base64url');
}

// Whether one of the accepted keys signed these lines and the link has not expired (`expires` in
// unix seconds). Every key is compared, in constant time, whatever the earlier ones gave, so
// timing does not tell which key or byte differed.
export function validLink(
  keys: readonly string[],
  signedLines: readonly string[],
  signature: unknown,
  expires: number,
  nowMs: number,
): boolean {
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return false;
  const given = Buffer.from(signature, 'base64url');
  let valid = false;
  for (const key of keys) valid = timingSafeEqual(signatureOf(key, signedLines), given) || valid;
  return valid && expires * 1000 > nowMs;
}
