import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export const DEAL_STATUSES = ['open', 'won', 'lost'] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];

// A deal as stored. Money is an integer of minor units (hundredths) and its two halves, so sums
// over any number of deals stay exact (docs/money.md). Names of what a deal points at (company,
// contact, stage, owner, campaign) are joined when read, so a rename shows on the next read.
export interface DealRecord {
  _id: string;
  // Bumped by each change an event announces; 1 when created.
  version: number;
  workspace_id: string;
  name: string;
  // Lower-cased name: `q` matches its prefix on an index.
  name_folded: string;
  company_id: string | null;
  contact_id: string | null;
  // value × 100, an integer (0..10^14).
  value_minor: number;
  // value_minor = value_high × 10^7 + value_low: each half summed over 10^6 deals stays below
  // 2^53, so $sum of doubles is exact; the halves are joined with BigInt (deal-money.ts).
  value_high: number;
  value_low: number;
  currency: string;
  // The stage's pipeline, kept with the stage (a stage never changes pipeline).
  pipeline_id: string;
  stage_id: string;
  // The deal's own probability; null follows the stage's, read when needed.
  probability: number | null;
  expected_close: string | null;
  // expected_close, or '9999-12-31' when there is none: close_asc lists undated deals last.
  close_key: string;
  status: DealStatus;
  closed_at: string | null;
  lost_reason: string | null;
  owner_id: string | null;
  source_id: string | null;
  campaign_id: string | null;
  custom: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export const DEAL_MODEL = 'Deal';

const dealSchema = new Schema<DealRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    name: { type: String, required: true },
    name_folded: { type: String, required: true },
    company_id: { type: String, default: null },
    contact_id: { type: String, default: null },
    value_minor: { type: Number, required: true },
    value_high: { type: Number, required: true },
    value_low: { type: Number, required: true },
    currency: { type: String, required: true },
    pipeline_id: { type: String, required: true },
    stage_id: { type: String, required: true },
    probability: { type: Number, default: null },
    expected_close: { type: String, default: null },
    close_key: { type: String, required: true },
    status: { type: String, required: true },
    closed_at: { type: String, default: null },
    lost_reason: { type: String, default: null },
    owner_id: { type: String, default: null },
    source_id: { type: String, default: null },
    campaign_id: { type: String, default: null },
    custom: { type: Schema.Types.Mixed, default: {} },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'deals', versionKey: false, minimize: false },
);
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
