import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerDuplicateDismissalModel } from './duplicate-dismissal.model';
import { duplicateOperations } from './duplicate-routes';
import { registerDuplicateKeyModel } from './duplicate-counts.model';
import { subscribeDuplicateCounts } from './duplicate-counts';
import { sharedDuplicateKeysUpgrade } from './duplicate-keys-upgrade';

// Likely duplicate companies and contacts: the keys records share, counted as records change, and
// the dismissed groups.
export const duplicatesModule: ServiceModule<CrmCoreRuntime> = {
  models(connection) {
    registerDuplicateDismissalModel(connection);
    registerDuplicateKeyModel(connection);
  },
  operations: ({ context }) => duplicateOperations(context),
  consumers: ({ context }) => subscribeDuplicateCounts(context),
  upgrades: () => [sharedDuplicateKeysUpgrade],
};
