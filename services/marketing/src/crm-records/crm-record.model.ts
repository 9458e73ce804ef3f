import { Schema, type Connection, type Model } from 'mongoose';
import { PROJECTION_FIELDS, type ProjectedFields } from '@crm/bus';
import { tenantScoped } from '@crm/kit';

// Projections of crm-core's companies, contacts and deals, kept from crm.company.*, crm.contact.*
// and crm.deal.* (full state + version, applied by version with libs/bus projections): the names
// touchpoints show, and what a campaign's totals count (leads, deals, won value).

export interface CompanyCopyState {
  workspace_id: string;
  name: string | null;
  campaign_id: string | null;
  // In crm-core's recycle bin: not a lead of the campaign while there.
  in_bin: boolean;
}

export interface ContactCopyState {
  workspace_id: string;
  name: string | null;
  company_id: string | null;
}

export interface DealCopyState {
  workspace_id: string;
  campaign_id: string | null;
  status: string;
  currency: string;
  // The value in minor units, in two halves the store adds exactly (docs/money.md).
  value_high: number;
  value_low: number;
}

export type CompanyCopy = ProjectedFields & CompanyCopyState;
export type ContactCopy = ProjectedFields & ContactCopyState;
export type DealCopy = ProjectedFields & DealCopyState;

const companySchema = new Schema<CompanyCopy>(
  {
    ...PROJECTION_FIELDS,
    name: { type: String, default: null },
    campaign_id: { type: String, default: null },
    in_bin: { type: Boolean, default: false },
  },
  { collection: 'crm_companies', versionKey: false },
);
companySchema.plugin(tenantScoped);
companySchema.index({ workspace_id: 1, campaign_id: 1, deleted: 1, in_bin: 1 });

const contactSchema = new Schema<ContactCopy>(
  { ...PROJECTION_FIELDS, name: { type: String, default: null }, company_id: { type: String, default: null } },
  { collection: 'crm_contacts', versionKey: false },
);
contactSchema.plugin(tenantScoped);

const dealSchema = new Schema<DealCopy>(
  {
    ...PROJECTION_FIELDS,
    campaign_id: { type: String, default: null },
    status: { type: String, required: true },
    currency: { type: String, required: true },
    value_high: { type: Number, required: true },
    value_low: { type: Number, required: true },
  },
  { collection: 'crm_deals', versionKey: false },
);
dealSchema.plugin(tenantScoped);
dealSchema.index({ workspace_id: 1, campaign_id: 1, deleted: 1, status: 1 });

export function registerCrmRecordModels(connection: Connection): void {
  connection.model('CrmCompanyCopy', companySchema);
  connection.model('CrmContactCopy', contactSchema);
  connection.model('CrmDealCopy', dealSchema);
}

export const companyCopyModel = (connection: Connection): Model<CompanyCopy> =>
  connection.model<CompanyCopy>('CrmCompanyCopy');
export const contactCopyModel = (connection: Connection): Model<ContactCopy> =>
  connection.model<ContactCopy>('CrmContactCopy');
export const dealCopyModel = (connection: Connection): Model<DealCopy> => connection.model<DealCopy>('CrmDealCopy');
