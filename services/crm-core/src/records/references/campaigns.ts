import { call, isDuplicateKey, validationFailed } from '@crm/kit';
import { marketingV1 } from '@crm/protos';
import { peerClient, type ServiceContext } from '@crm/service-host';
import { campaignNameModel } from './campaign-name.model';

// The campaign must be one of the workspace's, asked of marketing at the time of the request,
// so a campaign created by the previous request is accepted. Marketing unreachable is 503
// unavailable. Call it before the write's transaction: the answer also refreshes the local name.
export async function checkCampaign(
  context: ServiceContext,
  workspaceId: string,
  field: string,
  id: string,
): Promise<void> {
  const client = peerClient(context, 'marketing', marketingV1.MarketingServiceClient);
  const { campaigns } = await call(client.getCampaigns.bind(client), { workspace_id: workspaceId, ids: [id] });
  const campaign = campaigns.find((candidate) => candidate.id === id);
  if (!campaign) throw validationFailed(`${field} is not a campaign of this workspace`);
  await applyCampaignName(context, workspaceId, campaign);
}

// Campaign names by id from crm-core's own copy; unknown ids are absent from the map.
export async function campaignNames(
  context: ServiceContext,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await campaignNameModel(context.connection)
    .find({ workspace_id: workspaceId, _id: { $in: unique } }, { name: 1 })
    .lean<Array<{ _id: string; name: string }>>()
    .exec();
  return new Map(rows.map((row) => [row._id, row.name]));
}

// Stores the name only when its version is newer than the stored one (a known campaign costs
// one read). Fed by GetCampaigns answers and by marketing's campaign events.
export async function applyCampaignName(
  context: ServiceContext,
  workspaceId: string,
  campaign: Pick<marketingV1.Campaign, 'id' | 'name' | 'version'>,
): Promise<void> {
  const names = campaignNameModel(context.connection);
  const stored = await names
    .findOne({ workspace_id: workspaceId, _id: campaign.id }, { version: 1 })
    .lean<{ version: number }>()
    .exec();
  if (stored && stored.version >= campaign.version) return;
  try {
    await names.updateOne(
      { workspace_id: workspaceId, _id: campaign.id, version: { $lt: campaign.version } },
      { $set: { name: campaign.name, version: campaign.version } },
      { upsert: true },
    );
  } catch (error) {
    // A version at least as new is stored already.
    if (!isDuplicateKey(error)) throw error;
  }
}
