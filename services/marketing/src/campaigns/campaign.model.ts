import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

export const CAMPAIGN_STATUSES = ['planned', 'active', 'ended'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

// A marketing campaign (Campaign in the contract). Its totals (spend, leads, deals, won value,
// touchpoints) are not stored here: they are read from the records they count, so they are
// current on every read.
const campaignFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces; 1 when created.
  version: field.number({ default: 1 }),
  name: field.string({ required: true }),
  // Lower-cased name: what `q` matches. Derived from the name when a writer leaves it out.
  name_folded: field.string({
    default(this: { name?: string }) {
      return typeof this.name === 'string' ? this.name.toLowerCase() : '';
    },
  }),
  source_id: field.string({ default: null }),
  status: field.string({ enum: CAMPAIGN_STATUSES, required: true }),
  starts_on: field.string({ default: null }),
  ends_on: field.string({ default: null }),
  // Minor units (hundredths), or null for no budget (docs/money.md).
  budget_minor: field.number({ default: null }),
  currency: field.string({ required: true }),
  utm_campaign: field.string({ default: null }),
  // Lower-cased utm_campaign: a page's utm_campaign matches it without regard to case.
  utm_folded: field.string({ default: null }),
  external_ref: field.string({ default: null }),
  owner_id: field.string({ default: null }),
  notes: field.string({ default: null }),
  // Set by DELETE: the campaign is gone from the API, but touchpoints, spend lines and reports
  // still name it (records it brought in keep their link).
  deleted_at: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type CampaignRecord = ScopedRecordOf<typeof campaignFields>;

export const CAMPAIGN_MODEL = 'Campaign';

const campaignSchema = new Schema<CampaignRecord>(schemaOf(campaignFields), {
  collection: 'campaigns',
  versionKey: false,
});
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
