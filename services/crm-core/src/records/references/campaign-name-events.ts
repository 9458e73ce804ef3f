import { campaignCreated, campaignDeleted, campaignUpdated } from '@crm/protos';
import { on, routeEvents, type EventRoute } from '@crm/bus';
import type { ServiceContext } from '@crm/service-host';
import { applyCampaignName } from './campaigns';

export const CAMPAIGN_NAMES_CONSUMER = 'crm-core.campaign-names';

// A rename in marketing shows on the next read of every company and deal credited to the
// campaign. A deleted campaign keeps its last name: the records it brought in keep their link
// (and reports attribute them by that name). Applied by version, so duplicates and late events
// change nothing.
export function campaignNamesHandler(context: ServiceContext): EventRoute {
  return on([campaignCreated, campaignUpdated, campaignDeleted], async (event) => {
    if (!event.workspace_id) return;
    const data = event.data;
    await applyCampaignName(context, event.workspace_id, {
      id: data.campaign_id,
      name: data.name,
      version: data.version,
    });
  });
}

export async function subscribeCampaignNames(context: ServiceContext): Promise<void> {
  const { patterns, handler } = routeEvents(campaignNamesHandler(context));
  await context.bus.subscribe(CAMPAIGN_NAMES_CONSUMER, patterns, handler);
}
