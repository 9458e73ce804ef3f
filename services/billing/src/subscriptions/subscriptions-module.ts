import type { ServiceModule } from '@crm/service-host';
import type { BillingRuntime } from '../billing-runtime';
import { billingOperations } from './billing-routes';
import { subscriptionJobs } from './complimentary-end';
import { registerSubscriptionModel } from './subscription.model';
import { subscribeWorkspaces } from './workspace-consumer';

// A workspace's plan and subscription, checkout and portal links; a subscription for every new
// workspace, and the end of a complimentary period.
export const subscriptionsModule: ServiceModule<BillingRuntime> = {
  models: registerSubscriptionModel,
  operations: billingOperations,
  consumers: subscribeWorkspaces,
  jobs: subscriptionJobs,
};
