import type { ServiceModule } from '@crm/service-host';
import type { BillingRuntime } from '../billing-runtime';
import { registerWebhookEventModel } from './webhook-event.model';
import { webhookOperations } from './webhook-routes';

// The payment provider's webhooks, each event applied once.
export const webhooksModule: ServiceModule<BillingRuntime> = {
  models: registerWebhookEventModel,
  operations: webhookOperations,
};
