import type { ServiceDefinition } from '@crm/service-host';

// Campaigns, spend, touchpoints and web-to-lead forms.
// Its operations arrive with their issues; until then each of its paths answers a JSON 404.
export const marketingService: ServiceDefinition = {
  name: 'marketing',
  operations: () => [],
};
