import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerCatalogueModels } from './catalogue.model';
import { catalogueOperations } from './catalogue-routes';

// Pipelines, their stages and lead sources.
export const catalogueModule: ServiceModule<CrmCoreRuntime> = {
  models: registerCatalogueModels,
  operations: catalogueOperations,
};
