import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerSearchDocumentModel } from './search-document.model';
import { startSearch } from './search-projection';
import { searchOperations } from './search-routes';

// Search across the records, a projection kept by their events in the runtime's index.
export const searchModule: ServiceModule<CrmCoreRuntime> = {
  models: registerSearchDocumentModel,
  operations: searchOperations,
  consumers: startSearch,
};
