import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

// Running totals of a workspace's deals, kept in each deal write's transaction, so the list's sums
// and the forecast read a few hundred rows instead of grouping every deal (a $group over 100,000
// deals takes seconds on the embedded store). Two families of rows:
// - `stage`: per pipeline, stage, status, currency, owner, campaign and own probability: the
//   list's sums when it filters on those fields only, the forecast's open and by-stage figures;
// - `closed`: closed deals per pipeline, status, currency, owner, campaign and the 15 minutes
//   their closed_at falls in (every time zone's offset is a multiple of 15 minutes, so a month or
//   quarter of any zone is a whole number of buckets): the forecast's won and lost totals.
export interface DealTotalsRecord {
  // The family and the dimensions, joined.
  _id: string;
  workspace_id: string;
  family: 'stage' | 'closed';
  pipeline_id: string;
  stage_id: string | null;
  status: string;
  currency: string;
  owner_id: string | null;
  campaign_id: string | null;
  probability: number | null;
  closed_bucket: string | null;
  count: number;
  // Sums of value_high and value_low (deal.model.ts): exact as doubles.
  high: number;
  low: number;
}

export const DEAL_TOTALS_MODEL = 'DealTotals';

const dealTotalsSchema = new Schema<DealTotalsRecord>(
  {
    _id: { type: String, required: true },
    family: { type: String, required: true },
    pipeline_id: { type: String, required: true },
    stage_id: { type: String, default: null },
    status: { type: String, required: true },
    currency: { type: String, required: true },
    owner_id: { type: String, default: null },
    campaign_id: { type: String, default: null },
    probability: { type: Number, default: null },
    closed_bucket: { type: String, default: null },
    count: { type: Number, required: true },
    high: { type: Number, required: true },
    low: { type: Number, required: true },
  },
  { collection: 'deal_totals', versionKey: false },
);
dealTotalsSchema.plugin(tenantScoped);
dealTotalsSchema.index({ workspace_id: 1, family: 1, closed_bucket: 1 });

export function registerDealTotalsModel(connection: Connection): void {
  connection.model(DEAL_TOTALS_MODEL, dealTotalsSchema);
}

export function dealTotalsModel(connection: Connection): Model<DealTotalsRecord> {
  return connection.model<DealTotalsRecord>(DEAL_TOTALS_MODEL);
}
