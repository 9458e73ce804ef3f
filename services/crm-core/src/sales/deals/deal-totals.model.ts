import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// Running totals of a workspace's deals, kept in each deal write's transaction, so the list's sums
// and the forecast read a few hundred rows instead of grouping every deal (a $group over 100,000
// deals takes seconds on the embedded store). Two families of rows:
// - `stage`: per pipeline, stage, status, currency, owner, campaign and own probability: the
//   list's sums when it filters on those fields only, the forecast's open and by-stage figures;
// - `closed`: closed deals per pipeline, status, currency, owner, campaign and the 15 minutes
//   their closed_at falls in (every time zone's offset is a multiple of 15 minutes, so a month or
//   quarter of any zone is a whole number of buckets): the forecast's won and lost totals.
const dealTotalsFields = {
  // The family and the dimensions, joined.
  _id: field.string({ required: true }),
  family: field.string<'stage' | 'closed'>({ required: true }),
  pipeline_id: field.string({ required: true }),
  stage_id: field.string({ default: null }),
  status: field.string({ required: true }),
  currency: field.string({ required: true }),
  owner_id: field.string({ default: null }),
  campaign_id: field.string({ default: null }),
  probability: field.number({ default: null }),
  closed_bucket: field.string({ default: null }),
  count: field.number({ required: true }),
  // Sums of value_high and value_low (deal.model.ts): exact as doubles.
  high: field.number({ required: true }),
  low: field.number({ required: true }),
};

export type DealTotalsRecord = ScopedRecordOf<typeof dealTotalsFields>;

export const DEAL_TOTALS_MODEL = 'DealTotals';

const dealTotalsSchema = new Schema<DealTotalsRecord>(schemaOf(dealTotalsFields), {
  collection: 'deal_totals',
  versionKey: false,
});
dealTotalsSchema.plugin(tenantScoped);
dealTotalsSchema.index({ workspace_id: 1, family: 1, closed_bucket: 1 });

export function registerDealTotalsModel(connection: Connection): void {
  connection.model(DEAL_TOTALS_MODEL, dealTotalsSchema);
}

export function dealTotalsModel(connection: Connection): Model<DealTotalsRecord> {
  return connection.model<DealTotalsRecord>(DEAL_TOTALS_MODEL);
}
