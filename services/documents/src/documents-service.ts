import type { ServiceDefinition } from '@crm/service-host';

// File metadata, blob storage, signed upload and download URLs, quota.
// Its operations arrive with their issues; until then each of its paths answers a JSON 404.
export const documentsService: ServiceDefinition = {
  name: 'documents',
  operations: () => [],
};
