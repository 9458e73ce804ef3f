import type { ServiceModule } from '@crm/service-host';
import type { MarketingRuntime } from '../marketing-runtime';
import { registerCampaignModel } from './campaign.model';
import { campaignOperations } from './campaign-routes';

// Campaigns with their running totals.
export const campaignsModule: ServiceModule<MarketingRuntime> = {
  models: registerCampaignModel,
  operations: ({ context }) => campaignOperations(context),
};
