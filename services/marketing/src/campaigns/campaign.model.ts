import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export const CAMPAIGN_STATUSES = ['planned', 'active', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

// A marketing campaign. Only what other services ask about today (GetCampaigns); the campaign
// operations add the rest of the contract's Campaign.
export interface CampaignRecord {
  _id: string;
  // Bumped by each change an event announces; 1 when created.
  version: number;
  workspace_id: string;
  name: string;
  status: CampaignStatus;
  currency: string;
  created_at: string;
  updated_at: string;
}

export const CAMPAIGN_MODEL = 'Campaign';

const campaignSchema = new Schema<CampaignRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    name: { type: String, required: true },
    status: { type: String, enum: CAMPAIGN_STATUSES, required: true },
    currency: { type: String, required: true },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'campaigns', versionKey: false },
);
campaignSchema.plugin(tenantScoped);

export function registerCampaignModel(connection: Connection): void {
  connection.model(CAMPAIGN_MODEL, campaignSchema);
}

export function campaignModel(connection: Connection): Model<CampaignRecord> {
  return connection.model<CampaignRecord>(CAMPAIGN_MODEL);
}
