import type { ServiceModule } from '@crm/service-host';
import type { MarketingRuntime } from '../marketing-runtime';
import { subscribeSourceNames } from './lead-sources';
import { subscribeMemberNames } from './members';
import { registerReferenceCopyModels } from './reference-copies.model';
import { subscribeWorkspaceCurrency } from './workspace-currency';

// Copies of what other services own and marketing shows: workspaces' currencies, members' and
// lead sources' names.
export const referencesModule: ServiceModule<MarketingRuntime> = {
  models: registerReferenceCopyModels,
  async consumers({ context }) {
    await subscribeWorkspaceCurrency(context);
    await subscribeMemberNames(context);
    await subscribeSourceNames(context);
  },
};
