import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

export const DEAL_STATUSES = ['open', 'won', 'lost'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

// A deal as stored. Money is an integer of minor units (hundredths) and its two halves, so sums
// over any number of deals stay exact (docs/money.md). Names of what a deal points at (company,
// contact, stage, owner, campaign) are joined when read, so a rename shows on the next read.
const dealFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces; 1 when created.
  version: field.number({ default: 1 }),
  name: field.string({ required: true }),
  // Lower-cased name: `q` matches its prefix on an index.
  name_folded: field.string({ required: true }),
  company_id: field.string({ default: null }),
  contact_id: field.string({ default: null }),
  // value × 100, an integer (0..10^14).
  value_minor: field.number({ required: true }),
  // value_minor = value_high × 10^7 + value_low: each half summed over 10^6 deals stays below
  // 2^53, so $sum of doubles is exact; the halves are joined with BigInt (deal-money.ts).
  value_high: field.number({ required: true }),
  value_low: field.number({ required: true }),
  currency: field.string({ required: true }),
  // The stage's pipeline, kept with the stage (a stage never changes pipeline).
  pipeline_id: field.string({ required: true }),
  stage_id: field.string({ required: true }),
  // The deal's own probability; null follows the stage's, read when needed.
  probability: field.number({ default: null }),
  expected_close: field.string({ default: null }),
  // expected_close, or '9999-12-31' when there is none: close_asc lists undated deals last.
  close_key: field.string({ required: true }),
  status: field.string<DealStatus>({ required: true }),
  closed_at: field.string({ default: null }),
  lost_reason: field.string({ default: null }),
  owner_id: field.string({ default: null }),
  source_id: field.string({ default: null }),
  campaign_id: field.string({ default: null }),
  custom: field.mixed<Record<string, unknown>>({ default: {} }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type DealRecord = ScopedRecordOf<typeof dealFields>;

export const DEAL_MODEL = 'Deal';

const dealSchema = new Schema<DealRecord>(schemaOf(dealFields), {
  collection: 'deals',
  versionKey: false,
  minimize: false,
});
dealSchema.plugin(tenantScoped);
// The list's four sorts (offset pages skip keys in index order).
dealSchema.index({ workspace_id: 1, created_at: 1, _id: 1 });
dealSchema.index({ workspace_id: 1, updated_at: 1, _id: 1 });
dealSchema.index({ workspace_id: 1, value_minor: 1, _id: 1 });
dealSchema.index({ workspace_id: 1, close_key: 1, _id: 1 });
// The list's filters, each in the default order; also the catalogue's "in use" checks (stage,
// pipeline, source) and the merge and purge hooks (company, contact).
for (const field of [
  'pipeline_id',
  'stage_id',
  'company_id',
  'contact_id',
  'campaign_id',
  'owner_id',
  'status',
  'source_id',
]) {
  dealSchema.index({ workspace_id: 1, [field]: 1, created_at: 1, _id: 1 });
}
// The other sorts of the commonest filter (without them a status filter sorts in memory).
dealSchema.index({ workspace_id: 1, status: 1, updated_at: 1, _id: 1 });
dealSchema.index({ workspace_id: 1, status: 1, value_minor: 1, _id: 1 });
dealSchema.index({ workspace_id: 1, status: 1, close_key: 1, _id: 1 });
// `q` by prefix of the name.
dealSchema.index({ workspace_id: 1, name_folded: 1 });
// The forecast's won and lost totals of a period.
dealSchema.index({ workspace_id: 1, status: 1, closed_at: 1 });

export function registerDealModel(connection: Connection): void {
  connection.model(DEAL_MODEL, dealSchema);
}

export function dealModel(connection: Connection): Model<DealRecord> {
  return connection.model<DealRecord>(DEAL_MODEL);
}
