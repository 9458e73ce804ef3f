import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerRecentVisitModel } from './recent-visit.model';
import { recentOperations } from './recent-routes';

// The records a member visited last.
export const recentModule: ServiceModule<CrmCoreRuntime> = {
  models: registerRecentVisitModel,
  operations: ({ context }) => recentOperations(context),
};
