import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export const CAMPAIGN_STATUSES = ['planned', 'active', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

// A marketing campaign (Campaign in the contract). Its totals (spend, leads, deals, won value,
// touchpoints) are not stored here: they are read from the records they count, so they are
// current on every read.
export interface CampaignRecord {
  _id: string;
  // Bumped by each change an event announces; 1 when created.
  version: number;
  workspace_id: string;
  name: string;
  // Lower-cased name: what `q` matches.
  name_folded: string;
  source_id: string | null;
  status: CampaignStatus;
  starts_on: string | null;
  ends_on: string | null;
  // Minor units (hundredths), or null for no budget (docs/money.md).
  budget_minor: number | null;
  currency: string;
  utm_campaign: string | null;
  // Lower-cased utm_campaign: a page's utm_campaign matches it without regard to case.
  utm_folded: string | null;
  external_ref: string | null;
  owner_id: string | null;
  notes: string | null;
  // Set by DELETE: the campaign is gone from the API, but touchpoints, spend lines and reports
  // still name it (records it brought in keep their link).
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export const CAMPAIGN_MODEL = 'Campaign';

const campaignSchema = new Schema<CampaignRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    name: { type: String, required: true },
    // Derived from the name when a writer leaves it out.
    name_folded: {
      type: String,
      default(this: { name?: string }) {
        return typeof this.name === 'string' ? this.name.toLowerCase() : '';
      },
    },
    source_id: { type: String, default: null },
    status: { type: String, enum: CAMPAIGN_STATUSES, required: true },
    starts_on: { type: String, default: null },
    ends_on: { type: String, default: null },
    budget_minor: { type: Number, default: null },
    currency: { type: String, required: true },
    utm_campaign: { type: String, default: null },
    utm_folded: { type: String, default: null },
    external_ref: { type: String, default: null },
    owner_id: { type: String, default: null },
    notes: { type: String, default: null },
    deleted_at: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'campaigns', versionKey: false },
);
campaignSchema.plugin(tenantScoped);
// The list, newest first, among the live campaigns.
campaignSchema.index({ workspace_id: 1, deleted_at: 1, created_at: -1, _id: -1 });
// A web form submission's page names its campaign by utm_campaign.
campaignSchema.index({ workspace_id: 1, utm_folded: 1, deleted_at: 1 });

export function registerCampaignModel(connection: Connection): void {
  connection.model(CAMPAIGN_MODEL, campaignSchema);
}

export function campaignModel(connection: Connection): Model<CampaignRecord> {
  return connection.model<CampaignRecord>(CAMPAIGN_MODEL);
}
