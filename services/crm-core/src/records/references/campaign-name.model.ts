import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// crm-core's copy of campaign names, for campaign_name on records. Filled from every
// synchronous campaign check now, and by marketing's campaign events once marketing has them.
// Validation never reads it.
const campaignNameFields = {
  _id: field.string({ required: true }),
  name: field.string({ required: true }),
  // The campaign's version in marketing: an older name never overwrites a newer one.
  version: field.number({ required: true }),
};

export type CampaignNameRecord = ScopedRecordOf<typeof campaignNameFields>;

export const CAMPAIGN_NAME_MODEL = 'CampaignName';

const campaignNameSchema = new Schema<CampaignNameRecord>(schemaOf(campaignNameFields), {
  collection: 'campaign_names',
  versionKey: false,
});
campaignNameSchema.plugin(tenantScoped);

export function registerCampaignNameModel(connection: Connection): void {
  connection.model(CAMPAIGN_NAME_MODEL, campaignNameSchema);
}

export function campaignNameModel(connection: Connection): Model<CampaignNameRecord> {
  return connection.model<CampaignNameRecord>(CAMPAIGN_NAME_MODEL);
}
