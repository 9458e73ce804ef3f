import { defineService } from '@crm/service-host';
import { registerDeliveryModel } from './deliveries/delivery.model';
import { DeliveryWorker } from './deliveries/delivery-worker';
import { bindLegacySecretsUpgrade } from './endpoints/bind-legacy-secrets';
import { registerWebhookModel } from './endpoints/webhook.model';
import { webhookOperations } from './endpoints/webhook-routes';
import { subscribeEvents } from './feed/event-consumer';
import { registerFeedModels } from './feed/feed.model';
import { feedOperations } from './feed/feed-routes';
import { webhooksRuntime } from './webhooks-runtime';

// Webhooks and the event feed: consumes every service's public events, keeps them 30 days as the
// workspace's feed (GET /v1/events) and delivers them, signed, to the endpoints admins register.
export const webhooksService = defineService({
  name: 'webhooks',
  // Settings checked and the secrets' key read, once at start.
  runtime: webhooksRuntime,
  modules: [
    {
      models(connection) {
        registerWebhookModel(connection);
        registerFeedModels(connection);
        registerDeliveryModel(connection);
      },
      // Before anything is served or delivered: every signing secret bound to its endpoint
      // (docs/webhooks.md, "Secrets at rest").
      upgrades(runtime) {
        return [bindLegacySecretsUpgrade(runtime)];
      },
      operations(runtime) {
        return [...webhookOperations(runtime), ...feedOperations(runtime)];
      },
      async consumers(runtime) {
        await subscribeEvents(runtime);
        // Deliveries run on a worker of their own (bounded overall and per endpoint), started with
        // the consumers and stopped with the service's resources.
        const worker = new DeliveryWorker(runtime);
        worker.start();
        runtime.context.onStop('delivery worker', () => worker.stop());
      },
    },
  ],
});
