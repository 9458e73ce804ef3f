import { declareOperation, Named, Strict, Type } from '@crm/kit';

export const WEBHOOK_BODY_LIMIT = 512 * 1024;

export const receiveProviderWebhook = declareOperation({
  method: 'POST',
  path: '/public/billing/webhooks',
  summary: "Receive the payment provider's webhook",
  description:
    "Where the payment provider (Stripe, or the simulated provider when PAYMENT_PROVIDER=simulated) sends subscription and invoice events. No bearer token: the `Stripe-Signature` header, an HMAC of the exact body with the endpoint's signing secret and a timestamp, is the credential. A wrong signature, or a timestamp outside the tolerance (a replayed event), answers 400; an event already handled answers 200 with `duplicate: true` and changes nothing.",
  tag: 'billing',
  access: 'public',
  rawBody: true,
  rawBodyMaxBytes: WEBHOOK_BODY_LIMIT,
  status: 200,
  // A body past WEBHOOK_BODY_LIMIT (512 KiB) is refused before its signature is checked.
  errors: [413],
  response: Named('BillingWebhookReceipt', Strict({ received: Type.Boolean(), duplicate: Type.Boolean() })),
});
