import type { ServiceModule } from '@crm/service-host';
import type { WebhooksRuntime } from '../webhooks-runtime';
import { registerDeliveryModel } from './delivery.model';
import { DeliveryWorker } from './delivery-worker';

// The feed's events delivered, signed, to the endpoints.
export const deliveriesModule: ServiceModule<WebhooksRuntime> = {
  models: registerDeliveryModel,
  // Deliveries run on a worker of their own (bounded overall and per endpoint), started with the
  // consumers and stopped with the service's resources.
  async consumers(runtime) {
    const worker = new DeliveryWorker(runtime);
    worker.start();
    runtime.context.onStop('delivery worker', () => worker.stop());
  },
};
