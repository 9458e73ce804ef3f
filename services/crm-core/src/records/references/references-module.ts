import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { subscribeCampaignNames } from './campaign-name-events';
import { registerCampaignNameModel } from './campaign-name.model';
import { registerMemberNameModel } from './member-name.model';
import { subscribeMemberNames } from './members';

// Copies of the names crm-core shows and checks but other services own: members (identity) and
// campaigns (marketing).
export const referencesModule: ServiceModule<CrmCoreRuntime> = {
  models(connection) {
    registerMemberNameModel(connection);
    registerCampaignNameModel(connection);
  },
  async consumers({ context }) {
    await subscribeMemberNames(context);
    await subscribeCampaignNames(context);
  },
};
