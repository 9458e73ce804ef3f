import { defineService } from '@crm/service-host';
import { billingRuntime } from './billing-runtime';
import { registerSimulatorModels } from './simulator/simulator.model';
import { SIMULATOR_DELIVERY_JOB, simulatorDeliveryHandler } from './simulator/simulator-delivery';
import { simulatorOperations } from './simulator/simulator-routes';
import { billingOperations } from './subscriptions/billing-routes';
import { subscriptionJobs } from './subscriptions/complimentary-end';
import { registerSubscriptionModel } from './subscriptions/subscription.model';
import { subscribeWorkspaces } from './subscriptions/workspace-consumer';
import { registerWebhookEventModel } from './webhooks/webhook-event.model';
import { webhookOperations } from './webhooks/webhook-routes';

// Plan, subscription, checkout and portal links, the payment provider's webhooks; with
// PAYMENT_PROVIDER=simulated also the simulated provider's hosted pages. Decides which plan a
// workspace is on and tells identity (billing.subscription.* events).
export const billingService = defineService({
  name: 'billing',
  // Settings checked and the payment provider chosen, once at start.
  runtime: billingRuntime,
  modules: [
    {
      models(connection) {
        registerSubscriptionModel(connection);
        registerWebhookEventModel(connection);
        registerSimulatorModels(connection);
      },
      operations(runtime) {
        return [...billingOperations(runtime), ...webhookOperations(runtime), ...simulatorOperations(runtime)];
      },
      async consumers(runtime) {
        await subscribeWorkspaces(runtime);
      },
      jobs(runtime) {
        return {
          ...subscriptionJobs(runtime),
          ...(runtime.simulator ? { [SIMULATOR_DELIVERY_JOB]: simulatorDeliveryHandler(runtime) } : {}),
        };
      },
    },
  ],
});
