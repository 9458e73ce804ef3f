import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

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
const touchpointFields = {
  _id: field.string({ required: true }),
  version: field.number({ default: 1 }),
  campaign_id: field.string({ required: true }),
  contact_id: field.string({ default: null }),
  company_id: field.string({ default: null }),
  kind: field.string<TouchpointKind>({ required: true }),
  occurred_at: field.string({ required: true }),
  note: field.string({ default: null }),
  external_ref: field.string({ default: null }),
  actor_label: field.string({ default: null }),
  created_at: field.string({ required: true }),
};

export type TouchpointRecord = ScopedRecordOf<typeof touchpointFields>;

export const TOUCHPOINT_MODEL = 'Touchpoint';

const touchpointSchema = new Schema<TouchpointRecord>(schemaOf(touchpointFields), {
  collection: 'touchpoints',
  versionKey: false,
});
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
