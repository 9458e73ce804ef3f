import type { ServiceDefinition } from '@crm/service-host';

// Companies, contacts, deals, pipelines, timeline, tasks, meetings, search, saved views, import, export, privacy.
// Its operations arrive with their issues; until then each of its paths answers a JSON 404.
export const crmCoreService: ServiceDefinition = {
  name: 'crm-core',
  operations: () => [],
};
