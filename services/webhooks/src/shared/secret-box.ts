import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { keyFromFile, openText, sealText } from '@crm/kit';

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

// Embedded defaults: a key made once and kept beside the data (readable by the owner only,
// written durably), so secrets survive restarts of `npm start`.
export function embeddedSecretKey(dataDir: string): Buffer {
  return keyFromFile(join(dataDir, 'webhooks', 'secret.key'));
}

// A Standard Webhooks secret: `whsec_` and 32 random bytes in base64.
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
