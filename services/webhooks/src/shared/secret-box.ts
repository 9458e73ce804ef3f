import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openText, sealText } from '@crm/kit';

// Endpoint signing secrets must be usable to sign, so they are kept encrypted (AES-256-GCM) with
// the service's key, never in plain text, never logged, never in an answer after the first.
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plain: string): string {
    return sealText(this.key, plain);
  }

  open(sealed: string): string {
    return openText(this.key, sealed);
  }
}

// Embedded defaults: a key made once and kept beside the data (readable by the owner only), so
// secrets survive restarts of `npm start`.
export function embeddedSecretKey(dataDir: string): Buffer {
  const file = join(dataDir, 'webhooks', 'secret.key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    throw error;
  }
  return key;
}

// A Standard Webhooks secret: `whsec_` and 32 random bytes in base64.
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
