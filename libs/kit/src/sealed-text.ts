import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Text kept encrypted at rest (AES-256-GCM, a random 96-bit nonce per seal): a service's stored
// secrets, tokens and answers. The sealed form is `v1.<nonce>.<tag>.<ciphertext>` in base64url
// (standard base64 reads too). `context`, when given, is bound as associated data: a sealed text
// copied to a record of another context does not open. The tag is always the full 16 bytes: GCM
// would check a shorter one, and a 4-byte tag can be forged by trying.

const VERSION = 'v1';
const TAG_BYTES = 16;
const NONCE_BYTES = 12;

export function sealText(key: Buffer, plaintext: string, context?: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  if (context !== undefined) cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    VERSION,
    nonce.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

// Throws on an unknown format, another key or context, or a text changed since it was sealed.
export function openText(key: Buffer, sealed: string, context?: string): string {
  const [version, nonce, tag, body, extra] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined || extra !== undefined)
    throw new Error('sealed text has an unknown format');
  const iv = Buffer.from(nonce, 'base64url');
  const authTag = Buffer.from(tag, 'base64url');
  if (iv.length !== NONCE_BYTES || authTag.length !== TAG_BYTES) throw new Error('sealed text has an unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  if (context !== undefined) decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(authTag);
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
