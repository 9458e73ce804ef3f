import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { WebhookEvent } from './types';

export { WebhookVerificationError };

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

function headerRecord(headers: WebhookHeaders): Record<string, string> {
  const record: Record<string, string> = {};
  if (typeof (headers as Headers).forEach === 'function' && typeof (headers as Headers).get === 'function') {
    (headers as Headers).forEach((value, name) => (record[name.toLowerCase()] = value));
    return record;
  }
  for (const [name, value] of Object.entries(headers as Record<string, string | string[] | undefined>)) {
    if (value !== undefined) record[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return record;
}

// Checks a webhook delivery as Standard Webhooks defines it (the signature of
// `webhook-id.webhook-timestamp.body` under the endpoint's `whsec_…` secret, any of the
// signatures during a rotation, a timestamp within 5 minutes of now) and answers its event,
// typed by `type`. Pass the body exactly as received (the raw text or bytes, not re-serialised
// JSON). Throws WebhookVerificationError when the delivery is not genuine.
export function verifyWebhook(
  headers: WebhookHeaders,
  body: string | Buffer | Uint8Array,
  secret: string,
): WebhookEvent {
  if (typeof secret !== 'string' || !secret.startsWith('whsec_')) {
    throw new TypeError("verifyWebhook needs the endpoint's signing secret (whsec_…), as POST /webhooks answered it");
  }
  const payload = typeof body === 'string' ? body : Buffer.from(body).toString('utf8');
  return new Webhook(secret).verify(payload, headerRecord(headers)) as WebhookEvent;
}
