import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerDuplicateDismissalModel } from './duplicate-dismissal.model';
import { duplicateOperations } from './duplicate-routes';
import { registerDuplicateCountModels } from './duplicate-counts.model';
import { subscribeDuplicateCounts } from './duplicate-counts';

// Likely duplicate companies and contacts, counted as records change, and the dismissed ones.
export const duplicatesModule: ServiceModule<CrmCoreRuntime> = {
  models(connection) {
    registerDuplicateDismissalModel(connection);
    registerDuplicateCountModels(connection);
  },
  operations: ({ context }) => duplicateOperations(context),
  consumers: ({ context }) => subscribeDuplicateCounts(context),
};
