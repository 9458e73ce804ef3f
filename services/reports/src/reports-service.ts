import type { ServiceDefinition } from '@crm/service-host';

// The report read model fed by events, the report engine, saved and pinned reports.
// Its operations arrive with their issues; until then each of its paths answers a JSON 404.
export const reportsService: ServiceDefinition = {
  name: 'reports',
  operations: () => [],
};
