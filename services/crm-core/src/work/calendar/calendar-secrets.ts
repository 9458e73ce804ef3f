import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { openText, sealText } from '@crm/kit';

// Secrets of the calendar integration: OAuth tokens encrypted at rest with AES-256-GCM, and
// signed sign-in states. Both keys come from one configured master key (HKDF with distinct
// labels), so an operator manages one secret.

export class CalendarSecrets {
  private readonly tokenKey: Buffer;
  private readonly stateKey: Buffer;

  constructor(masterKey: Buffer) {
    if (masterKey.length !== 32) throw new Error('the calendar master key must be 32 bytes');
    this.tokenKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'crm-core calendar tokens', 32));
    this.stateKey = Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), 'crm-core calendar oauth state', 32));
  }

  // Sealed with `context` (workspace, user, provider) as associated data, so a ciphertext copied
  // to another connection does not decrypt.
  encrypt(plaintext: string, context: string): string {
    return sealText(this.tokenKey, plaintext, context);
  }

  decrypt(sealed: string, context: string): string {
    return openText(this.tokenKey, sealed, context);
  }

  // `<payload>.<hmac>`, both base64url: the payload is readable (no secret in it), not forgeable.
  sign(payload: Record<string, unknown>): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  // The payload of a state this service signed, or null.
  verify(signed: string): Record<string, unknown> | null {
    const [body, mac] = signed.split('.');
    if (!body || !mac || signed.split('.').length !== 2) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const payload: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
      return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
        ? (payload as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.stateKey).update(body).digest('base64url');
  }
}
