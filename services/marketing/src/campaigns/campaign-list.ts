import type { ServiceContext } from '@crm/service-host';
import { campaignModel, type CampaignRecord } from './campaign.model';
import type { CampaignView, ListCampaignsQuery } from './campaign.operations';
import { campaignViews } from './campaign-view';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// Newest first among the live campaigns; q matches any part of the name, any case.
export async function listCampaignPage(
  context: ServiceContext,
  workspaceId: string,
  query: ListCampaignsQuery,
): Promise<{ data: CampaignView[]; total: number }> {
  const filter: Record<string, unknown> = { workspace_id: workspaceId, deleted_at: null };
  if (query.status) filter.status = query.status;
  if (query.source_id) filter.source_id = query.source_id.toLowerCase();
  const q = query.q?.trim().toLowerCase();
  if (q) filter.name_folded = { $regex: escapeRegExp(q) };
  const campaigns = campaignModel(context.connection);
  const [records, total] = await Promise.all([
    campaigns
      .find(filter)
      .sort({ created_at: -1, _id: -1 })
      .skip(query.offset)
      .limit(query.limit)
      .lean<CampaignRecord[]>()
      .exec(),
    campaigns.countDocuments(filter).exec(),
  ]);
  return { data: await campaignViews(context, workspaceId, records), total };
}
