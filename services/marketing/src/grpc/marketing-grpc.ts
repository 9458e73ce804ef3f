import type { Connection } from 'mongoose';
import { unary, validationFailed, type GrpcRegistration } from '@crm/kit';
import { marketingV1 } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { campaignModel, type CampaignRecord } from '../campaigns/campaign.model';
import { listTouchpointsOf } from '../privacy/contact-erasure';
import { marketingReplayGrpc } from './marketing-replay-grpc';

// One call checks every campaign a request names: a bounded batch.
export const GET_CAMPAIGNS_MAX_IDS = 500;

// Live campaigns of the workspace among the given ids, from marketing's own records, so a campaign
// created by one request is known to the very next one; other ids (and deleted campaigns, which
// nothing new may be credited to) are left out.
export async function getCampaigns(
  connection: Connection,
  request: marketingV1.GetCampaignsRequest,
): Promise<marketingV1.GetCampaignsResponse> {
  const ids = [...new Set(request.ids)];
  if (!request.workspace_id) throw validationFailed('workspace_id is required');
  if (ids.length > GET_CAMPAIGNS_MAX_IDS) throw validationFailed(`at most ${GET_CAMPAIGNS_MAX_IDS} ids`);
  if (ids.length === 0) return { campaigns: [] };
  const campaigns = await campaignModel(connection)
    .find(
      { workspace_id: request.workspace_id, _id: { $in: ids.map((id) => id.toLowerCase()) }, deleted_at: null },
      { name: 1, status: 1, version: 1 },
    )
    .lean<Array<Pick<CampaignRecord, '_id' | 'name' | 'status' | 'version'>>>()
    .exec();
  return {
    campaigns: campaigns.map((campaign) => ({
      id: campaign._id,
      name: campaign.name,
      status: campaign.status,
      version: campaign.version,
    })),
  };
}

export function marketingGrpc(context: ServiceContext): GrpcRegistration[] {
  const implementation: marketingV1.MarketingServiceServer = {
    getCampaigns: unary<marketingV1.GetCampaignsRequest, marketingV1.GetCampaignsResponse>(context.logger, (request) =>
      getCampaigns(context.connection, request),
    ),
    // A contact's touchpoints for GET /contacts/{id}/personal-data (crm-core).
    listTouchpointsOf: unary<marketingV1.ListTouchpointsOfRequest, marketingV1.ListTouchpointsOfResponse>(
      context.logger,
      (request) => listTouchpointsOf(context, request),
    ),
  };
  return [{ definition: marketingV1.MarketingServiceService, implementation }, marketingReplayGrpc(context)];
}
