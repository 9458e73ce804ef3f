import type { ServiceModule } from '@crm/service-host';
import type { WebhooksRuntime } from '../webhooks-runtime';
import { bindLegacySecretsUpgrade } from './bind-legacy-secrets';
import { registerWebhookModel } from './webhook.model';
import { webhookOperations } from './webhook-routes';

// The endpoints admins register, with their signing secrets.
export const endpointsModule: ServiceModule<WebhooksRuntime> = {
  models: registerWebhookModel,
  operations: webhookOperations,
  // Before anything is served or delivered: every signing secret bound to its endpoint
  // (docs/webhooks.md, "Secrets at rest").
  upgrades: (runtime) => [bindLegacySecretsUpgrade(runtime)],
};
