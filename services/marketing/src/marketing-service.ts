import type { ServiceDefinition } from '@crm/service-host';
import { registerCampaignModel } from './campaigns/campaign.model';
import { marketingGrpc } from './grpc/marketing-grpc';

// Campaigns, spend, touchpoints and web-to-lead forms.
// Its operations arrive with their issues; until then each of its paths answers a JSON 404.
// GetCampaigns already answers other services' reference checks from its own campaigns.
export const marketingService: ServiceDefinition = {
  name: 'marketing',
  models(connection) {
    registerCampaignModel(connection);
  },
  operations: () => [],
  grpc: (context) => marketingGrpc(context),
};
