import { implement, noteVersion, workspaceOf, type Implementation } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { createCampaign, deleteCampaign, getCampaign, listCampaigns, updateCampaign } from './campaign.operations';
import { listCampaignPage } from './campaign-list';
import { campaignViews } from './campaign-view';
import { createCampaignRecord, deleteCampaignRecord, findCampaign, updateCampaignRecord } from './campaign-writes';

// The five campaign operations of the contract (Standard plan; access from the permission matrix).
export function campaignOperations(context: ServiceContext): Implementation[] {
  return [
    implement(listCampaigns, async ({ req, query }) => listCampaignPage(context, workspaceOf(req), query)),
    implement(createCampaign, async ({ req, auth, body }) =>
      createCampaignRecord(context, auth, workspaceOf(req), body),
    ),
    implement(
      getCampaign,
      async ({ req, params }) => {
        const workspaceId = workspaceOf(req);
        const campaign = await findCampaign(context, workspaceId, params.id);
        noteVersion(req, campaign.version);
        const [view] = await campaignViews(context, workspaceId, [campaign]);
        return view;
      },
      { notesVersion: true },
    ),
    implement(updateCampaign, async ({ req, auth, params, body }) =>
      updateCampaignRecord(context, auth, workspaceOf(req), params.id, body),
    ),
    implement(deleteCampaign, async ({ req, auth, params }) =>
      deleteCampaignRecord(context, auth, workspaceOf(req), params.id),
    ),
  ];
}
