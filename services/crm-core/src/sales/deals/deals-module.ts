import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerDealModel } from './deal.model';
import { registerDealTotalsModel } from './deal-totals.model';
import { subscribeDealReferences } from './deal-hooks';
import { dealOperations } from './deal-routes';
import { registerWorkspaceSettingsModel } from './workspace-settings.model';
import { subscribeWorkspaceSettings } from './workspace-settings';

// Deals, their totals and forecast, and the workspace settings they are valued in; they follow
// the records and members they name.
export const dealsModule: ServiceModule<CrmCoreRuntime> = {
  models(connection) {
    registerDealModel(connection);
    registerDealTotalsModel(connection);
    registerWorkspaceSettingsModel(connection);
  },
  operations: dealOperations,
  async consumers({ context }) {
    await subscribeWorkspaceSettings(context);
    await subscribeDealReferences(context);
  },
};
