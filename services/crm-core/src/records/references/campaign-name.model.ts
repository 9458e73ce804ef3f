import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// crm-core's copy of campaign names, for campaign_name on records. Filled from every
// synchronous campaign check now, and by marketing's campaign events once marketing has them.
// Validation never reads it.
export interface CampaignNameRecord {
  _id: string;
  workspace_id: string;
  name: string;
  // The campaign's version in marketing: an older name never overwrites a newer one.
  version: number;
}

export const CAMPAIGN_NAME_MODEL = 'CampaignName';

const campaignNameSchema = new Schema<CampaignNameRecord>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    version: { type: Number, required: true },
  },
  { collection: 'campaign_names', versionKey: false },
);
campaignNameSchema.plugin(tenantScoped);

export function registerCampaignNameModel(connection: Connection): void {
  connection.model(CAMPAIGN_NAME_MODEL, campaignNameSchema);
}

export function campaignNameModel(connection: Connection): Model<CampaignNameRecord> {
  return connection.model<CampaignNameRecord>(CAMPAIGN_NAME_MODEL);
}
