import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRefused } from '../providers/payment-provider';

// The simulated provider signs its webhooks the way Stripe does: a header
// `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, so a receiver checks the exact bytes
// and how old they are.

const hmac = (secret: string, timestamp: number, body: Buffer | string) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex');

export function signWebhook(secret: string, body: string, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body)}`;
}

export function verifyWebhookSignature(
  secret: string,
  body: Buffer,
  header: string | undefined,
  toleranceSeconds: number,
  now = new Date(),
): void {
  if (!header) throw new WebhookRefused('the Stripe-Signature header is missing');
  const parts = header.split(',').map((part) => part.trim().split('='));
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  const signatures = parts.filter(([name]) => name === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0)
    throw new WebhookRefused('the signature header is malformed');
  const expected = Buffer.from(hmac(secret, timestamp, body), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookRefused('no signature matches the body');
  // A genuine event replayed later is refused: its signed timestamp is too old.
  if (Math.abs(Math.floor(now.getTime() / 1000) - timestamp) > toleranceSeconds)
    throw new WebhookRefused('the signature timestamp is outside the tolerance');
}
