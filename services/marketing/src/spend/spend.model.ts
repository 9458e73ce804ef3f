import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// One spend line of a campaign (CampaignSpend), in the campaign's currency.
const spendFields = {
  _id: field.string({ required: true }),
  version: field.number({ default: 1 }),
  campaign_id: field.string({ required: true }),
  spent_on: field.string({ required: true }),
  // Minor units, and its two halves the store adds exactly (docs/money.md).
  amount_minor: field.number({ required: true }),
  amount_high: field.number({ required: true }),
  amount_low: field.number({ required: true }),
  note: field.string({ default: null }),
  external_ref: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type SpendRecord = ScopedRecordOf<typeof spendFields>;

export const SPEND_MODEL = 'SpendLine';

const spendSchema = new Schema<SpendRecord>(schemaOf(spendFields), { collection: 'spend_lines', versionKey: false });
spendSchema.plugin(tenantScoped);
// The campaign's lines, newest first, and its sum.
spendSchema.index({ workspace_id: 1, campaign_id: 1, spent_on: -1, created_at: -1, _id: -1 });
// Finding the earlier records of a request's refs: a partial index cannot serve that query.
spendSchema.index({ workspace_id: 1, external_ref: 1, campaign_id: 1 });
// One line per external_ref in a campaign: the index decides between concurrent requests.
spendSchema.index(
  { workspace_id: 1, campaign_id: 1, external_ref: 1 },
  { unique: true, partialFilterExpression: { external_ref: { $type: 'string' } }, name: 'spend_external_ref_unique' },
);

export function registerSpendModel(connection: Connection): void {
  connection.model(SPEND_MODEL, spendSchema);
}

export function spendModel(connection: Connection): Model<SpendRecord> {
  return connection.model<SpendRecord>(SPEND_MODEL);
}
