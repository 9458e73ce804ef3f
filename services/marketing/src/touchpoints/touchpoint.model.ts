import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export const TOUCHPOINT_KINDS = [
  'form',
  'ad_click',
  'email_open',
  'email_click',
  'visit',
  'event',
  'call',
  'other',
] as const;
export type TouchpointKind = (typeof TOUCHPOINT_KINDS)[number];

// A contact's or company's contact with a campaign (Touchpoint). Names are joined on read.
export interface TouchpointRecord {
  _id: string;
  version: number;
  workspace_id: string;
  campaign_id: string;
  contact_id: string | null;
  company_id: string | null;
  kind: TouchpointKind;
  occurred_at: string;
  note: string | null;
  external_ref: string | null;
  actor_label: string | null;
  created_at: string;
}

export const TOUCHPOINT_MODEL = 'Touchpoint';

const touchpointSchema = new Schema<TouchpointRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    campaign_id: { type: String, required: true },
    contact_id: { type: String, default: null },
    company_id: { type: String, default: null },
    kind: { type: String, required: true },
    occurred_at: { type: String, required: true },
    note: { type: String, default: null },
    external_ref: { type: String, default: null },
    actor_label: { type: String, default: null },
    created_at: { type: String, required: true },
  },
  { collection: 'touchpoints', versionKey: false },
);
touchpointSchema.plugin(tenantScoped);
// Newest first, for the whole workspace and filtered by campaign, contact or company.
touchpointSchema.index({ workspace_id: 1, occurred_at: -1, _id: -1 });
touchpointSchema.index({ workspace_id: 1, campaign_id: 1, occurred_at: -1, _id: -1 });
touchpointSchema.index({ workspace_id: 1, contact_id: 1, occurred_at: -1, _id: -1 });
touchpointSchema.index({ workspace_id: 1, company_id: 1, occurred_at: -1, _id: -1 });
// Finding the earlier records of a request's refs: a partial index cannot serve that query.
touchpointSchema.index({ workspace_id: 1, external_ref: 1, campaign_id: 1 });
// An external_ref is recorded once per campaign: the index decides between concurrent requests.
touchpointSchema.index(
  { workspace_id: 1, campaign_id: 1, external_ref: 1 },
  {
    unique: true,
    partialFilterExpression: { external_ref: { $type: 'string' } },
    name: 'touchpoint_external_ref_unique',
  },
);

export function registerTouchpointModel(connection: Connection): void {
  connection.model(TOUCHPOINT_MODEL, touchpointSchema);
}

export function touchpointModel(connection: Connection): Model<TouchpointRecord> {
  return connection.model<TouchpointRecord>(TOUCHPOINT_MODEL);
}
