import { implement, type Implementation } from '@crm/kit';
import type { BillingRuntime } from '../billing-runtime';
import { readRawBody } from '../shared/raw-body';
import { receiveProviderWebhook, WEBHOOK_BODY_LIMIT } from './webhook.operations';
import { receiveWebhook } from './webhook-receiver';

export function webhookOperations(runtime: BillingRuntime): Implementation[] {
  return [
    implement(receiveProviderWebhook, async ({ req }) => {
      const signature = req.headers['stripe-signature'];
      const body = await readRawBody(req, WEBHOOK_BODY_LIMIT);
      return receiveWebhook(runtime, body, typeof signature === 'string' ? signature : undefined);
    }),
  ];
}
