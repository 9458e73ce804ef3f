import { defineService } from '@crm/service-host';
import { registerDeliveryModel } from './deliveries/delivery.model';
import { DeliveryWorker } from './deliveries/delivery-worker';
import { bindLegacySecretsUpgrade } from './endpoints/bind-legacy-secrets';
import { registerWebhookModel } from './endpoints/webhook.model';
import { webhookOperations } from './endpoints/webhook-routes';
import { subscribeEvents } from './feed/event-consumer';
import { registerFeedModels } from './feed/feed.model';
import { feedOperations } from './feed/feed-routes';
import { runtimeOf } from './webhooks-runtime';

// Webhooks and the event feed: consumes every service's public events, keeps them 30 days as the
// workspace's feed (GET /v1/events) and delivers them, signed, to the endpoints admins register.
export const webhooksService = defineService({
  name: 'webhooks',
  models(connection) {
    registerWebhookModel(connection);
    registerFeedModels(connection);
    registerDeliveryModel(connection);
  },
  runtime: (context) => context,
  // Before anything is served or delivered: every signing secret bound to its endpoint
  // (docs/webhooks.md, "Secrets at rest").
  upgrades() {
    return [bindLegacySecretsUpgrade];
  },
  operations(context) {
    // Validates the service's settings at start: a bad value stops it naming the variable.
    const runtime = runtimeOf(context);
    return [...webhookOperations(runtime), ...feedOperations(runtime)];
  },
  async consumers(context) {
    const runtime = runtimeOf(context);
    await subscribeEvents(runtime);
    // Deliveries run on a worker of their own (bounded overall and per endpoint), started with
    // the consumers and stopped with the service's resources.
    const worker = new DeliveryWorker(runtime);
    worker.start();
    context.onStop('delivery worker', () => worker.stop());
  },
});
