import type { ServiceModule } from '@crm/service-host';
import type { WebhooksRuntime } from '../webhooks-runtime';
import { subscribeEvents } from './event-consumer';
import { registerFeedModels } from './feed.model';
import { feedOperations } from './feed-routes';

// Every service's public events, kept 30 days as the workspace's feed (GET /v1/events).
export const feedModule: ServiceModule<WebhooksRuntime> = {
  models: registerFeedModels,
  operations: feedOperations,
  consumers: subscribeEvents,
};
