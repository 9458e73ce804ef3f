import type { ServiceDefinition } from '@crm/service-host';

// Plan, subscription, checkout and portal links, payment-provider webhooks.
// Its operations arrive with their issues; until then each of its paths answers a JSON 404.
export const billingService: ServiceDefinition = {
  name: 'billing',
  operations: () => [],
};
