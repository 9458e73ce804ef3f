import { Schema, type Connection, type Model } from 'mongoose';
import { PROJECTION_FIELDS, type ProjectedFields } from '@crm/bus';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

// Projections of crm-core's companies, contacts and deals, kept from crm.company.*, crm.contact.*
// and crm.deal.* (full state + version, applied by version with libs/bus projections): the names
// touchpoints show, and what a campaign's totals count (leads, deals, won value).

const companyStateFields = {
  name: field.string({ default: null }),
  campaign_id: field.string({ default: null }),
  // In crm-core's recycle bin: not a lead of the campaign while there.
  in_bin: field.boolean({ default: false }),
};

const contactStateFields = {
  name: field.string({ default: null }),
  company_id: field.string({ default: null }),
};

const dealStateFields = {
  campaign_id: field.string({ default: null }),
  status: field.string({ required: true }),
  currency: field.string({ required: true }),
  // The value in minor units, in two halves the store adds exactly (docs/money.md).
  value_high: field.number({ required: true }),
  value_low: field.number({ required: true }),
};

const companyCopyFields = { ...PROJECTION_FIELDS, ...companyStateFields };
const contactCopyFields = { ...PROJECTION_FIELDS, ...contactStateFields };
const dealCopyFields = { ...PROJECTION_FIELDS, ...dealStateFields };

// A record's state as its events carry it; its copy adds the projection's fields, as the copy's
// field list spreads them (written as the intersection libs/bus's projection functions take).
export type CompanyCopyState = ScopedRecordOf<typeof companyStateFields>;
export type ContactCopyState = ScopedRecordOf<typeof contactStateFields>;
export type DealCopyState = ScopedRecordOf<typeof dealStateFields>;
export type CompanyCopy = ProjectedFields & CompanyCopyState;
export type ContactCopy = ProjectedFields & ContactCopyState;
export type DealCopy = ProjectedFields & DealCopyState;

const companySchema = new Schema<CompanyCopy>(schemaOf(companyCopyFields), {
  collection: 'crm_companies',
  versionKey: false,
});
companySchema.plugin(tenantScoped);
companySchema.index({ workspace_id: 1, campaign_id: 1, deleted: 1, in_bin: 1 });

const contactSchema = new Schema<ContactCopy>(schemaOf(contactCopyFields), {
  collection: 'crm_contacts',
  versionKey: false,
});
contactSchema.plugin(tenantScoped);

const dealSchema = new Schema<DealCopy>(schemaOf(dealCopyFields), { collection: 'crm_deals', versionKey: false });
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
