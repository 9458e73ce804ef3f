import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// One spend line of a campaign (CampaignSpend), in the campaign's currency.
export interface SpendRecord {
  _id: string;
  version: number;
  workspace_id: string;
  campaign_id: string;
  spent_on: string;
  // Minor units, and its two halves the store adds exactly (docs/money.md).
  amount_minor: number;
  amount_high: number;
  amount_low: number;
  note: string | null;
  external_ref: string | null;
  created_at: string;
  updated_at: string;
}

export const SPEND_MODEL = 'SpendLine';

const spendSchema = new Schema<SpendRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    campaign_id: { type: String, required: true },
    spent_on: { type: String, required: true },
    amount_minor: { type: Number, required: true },
    amount_high: { type: Number, required: true },
    amount_low: { type: Number, required: true },
    note: { type: String, default: null },
    external_ref: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'spend_lines', versionKey: false },
);
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
