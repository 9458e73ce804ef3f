import { randomBytes } from 'node:crypto';
import { openText, sealText } from '@crm/kit';

// The endpoint a signing secret belongs to.
export interface SecretOwner {
  _id: string;
  workspace_id: string;
}

// A signing secret as the endpoint record keeps it.
export interface SealedEntry {
  sealed: string;
  // true: sealed with its workspace and endpoint ids as associated data (`bindingOf`), so it opens
  // only on the endpoint it was made for. Absent or false: sealed before secrets were bound, without
  // associated data; such an entry still opens, and the data upgrade re-seals it bound at start
  // (`bindLegacySecretsUpgrade`).
  bound?: boolean;
}

const bindingOf = (owner: SecretOwner) => JSON.stringify(['webhook signing secret', owner.workspace_id, owner._id]);

// Endpoint signing secrets must be usable to sign, so they are kept encrypted (AES-256-GCM) with
// the service's key, never in plain text, never logged, never in an answer after the first. Each
// is bound to its endpoint: a sealed secret copied to another endpoint's record does not open.
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plain: string, owner: SecretOwner): { sealed: string; bound: true } {
    return { sealed: sealText(this.key, plain, bindingOf(owner)), bound: true };
  }

  open(entry: SealedEntry, owner: SecretOwner): string {
    return entry.bound ? openText(this.key, entry.sealed, bindingOf(owner)) : openText(this.key, entry.sealed);
  }
}

// A Standard Webhooks secret: `whsec_` and 32 random bytes in base64.
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
