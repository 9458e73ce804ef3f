import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Text kept encrypted at rest (AES-256-GCM, a random 96-bit nonce per seal): a service's stored
// secrets, tokens and answers. The sealed form is `v1.<nonce>.<tag>.<ciphertext>` in base64url
// (standard base64 reads too). `context`, when given, is bound as associated data: a sealed text
// copied to a record of another context does not open.

const VERSION = 'v1';

export function sealText(key: Buffer, plaintext: string, context?: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  if (context !== undefined) cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

// Throws on an unknown format, another key or context, or a text changed since it was sealed.
export function openText(key: Buffer, sealed: string, context?: string): string {
  const [version, nonce, tag, body, extra] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined || extra !== undefined) throw new Error('sealed text has an unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  if (context !== undefined) decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
