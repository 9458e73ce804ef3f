import { campaignCreated, campaignDeleted, campaignUpdated, type CampaignCreatedData } from '@crm/protos';
import type { EventHandler } from '@crm/bus';
import type { ServiceContext } from '@crm/service-host';
import { applyCampaignName } from './campaigns';

export const CAMPAIGN_NAMES_CONSUMER = 'crm-core.campaign-names';

// A rename in marketing shows on the next read of every company and deal credited to the
// campaign. A deleted campaign keeps its last name: the records it brought in keep their link
// (and reports attribute them by that name). Applied by version, so duplicates and late events
// change nothing.
export function campaignNamesHandler(context: ServiceContext): EventHandler {
  return async (event) => {
    if (!event.workspace_id) return;
    const data = event.data as CampaignCreatedData;
    if (typeof data.campaign_id !== 'string' || typeof data.name !== 'string' || !Number.isInteger(data.version)) return;
    await applyCampaignName(context, event.workspace_id, { id: data.campaign_id, name: data.name, version: data.version });
  };
}

export async function subscribeCampaignNames(context: ServiceContext): Promise<void> {
  await context.bus.subscribe(CAMPAIGN_NAMES_CONSUMER, [campaignCreated.type, campaignUpdated.type, campaignDeleted.type], campaignNamesHandler(context));
}
