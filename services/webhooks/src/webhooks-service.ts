import { defineService } from '@crm/service-host';
import { deliveriesModule } from './deliveries/deliveries-module';
import { endpointsModule } from './endpoints/endpoints-module';
import { feedModule } from './feed/feed-module';
import { webhooksRuntime } from './webhooks-runtime';

// Webhooks and the event feed: consumes every service's public events, keeps them 30 days as the
// workspace's feed (GET /v1/events) and delivers them, signed, to the endpoints admins register.
export const webhooksService = defineService({
  name: 'webhooks',
  // Settings checked and the secrets' key read, once at start.
  runtime: webhooksRuntime,
  modules: [endpointsModule, feedModule, deliveriesModule],
});
