import { defineService } from '@crm/service-host';
import { billingRuntime } from './billing-runtime';
import { simulatorModule } from './simulator/simulator-module';
import { subscriptionsModule } from './subscriptions/subscriptions-module';
import { webhooksModule } from './webhooks/webhooks-module';

// Plan, subscription, checkout and portal links, the payment provider's webhooks; with
// PAYMENT_PROVIDER=simulated also the simulated provider's hosted pages. Decides which plan a
// workspace is on and tells identity (billing.subscription.* events).
export const billingService = defineService({
  name: 'billing',
  // Settings checked and the payment provider chosen, once at start.
  runtime: billingRuntime,
  modules: [subscriptionsModule, webhooksModule, simulatorModule],
});
