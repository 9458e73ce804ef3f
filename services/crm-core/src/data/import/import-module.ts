import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { importOperations } from './import-routes';

// Companies (and their contacts) imported from rows.
export const importModule: ServiceModule<CrmCoreRuntime> = {
  operations: importOperations,
};
