import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

export interface CompanyAddress {
  line1?: string;
  line2?: string;
  city?: string;
  region?: string;
  postcode?: string;
}

// A company as stored. Names of what it points at (stage, owner, source, campaign) are not
// stored: they are joined when the record is read, so a rename shows on the next read.
const companyFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces; 1 when created.
  version: field.number({ default: 1 }),
  name: field.string({ default: null }),
  website: field.string({ default: null }),
  domain: field.string({ default: null }),
  phone: field.string({ default: null }),
  address: field.mixed<CompanyAddress>({ default: {} }),
  country_code: field.string({ default: null }),
  industry: field.string({ default: null }),
  turnover_band: field.string({ default: null }),
  employee_count: field.number({ default: null }),
  account_number: field.string({ default: null }),
  company_number: field.string({ default: null }),
  sic_codes: field.strings(),
  description: field.string({ default: null }),
  owner_id: field.string({ default: null }),
  stage_id: field.string({ default: null }),
  // The stage's pipeline and whether its kind is account, kept with the stage (a stage never
  // changes pipeline; the catalogue rewrites is_account when a stage's kind changes).
  pipeline_id: field.string({ default: null }),
  is_account: field.boolean({ default: false }),
  source_id: field.string({ default: null }),
  campaign_id: field.string({ default: null }),
  primary_contact_id: field.string({ default: null }),
  custom: field.mixed<Record<string, unknown>>({ default: {} }),
  // Lower-cased name, domain, account number and postcode: the terms `q` matches by prefix.
  search_terms: field.strings(),
  // The same terms one field each, lower-cased (domain is stored lower-cased): each has an index
  // of its own, so a prefix is one bounded range per term (a multikey index cannot bound a range
  // on both sides in the embedded store). name_folded is also the key of the name sorts.
  name_folded: field.string({ default: null }),
  account_number_folded: field.string({ default: null }),
  postcode_folded: field.string({ default: null }),
  // Duplicate keys (search/duplicates/duplicate-keys): the normalised name and domain that duplicate
  // groups and import matching compare.
  name_key: field.string({ default: null }),
  domain_key: field.string({ default: null }),
  deleted_at: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type CompanyRecord = ScopedRecordOf<typeof companyFields>;

export const COMPANY_MODEL = 'Company';

const companySchema = new Schema<CompanyRecord>(schemaOf(companyFields), {
  collection: 'companies',
  versionKey: false,
  minimize: false,
});
companySchema.plugin(tenantScoped);
// The catalogue's "in use" checks and counts; is_account last so a change of the stage's kind
// finds the companies it has still to rewrite without passing over those it has (stage-writes.ts).
companySchema.index({ workspace_id: 1, stage_id: 1, is_account: 1 });
companySchema.index({ workspace_id: 1, pipeline_id: 1 });
companySchema.index({ workspace_id: 1, source_id: 1 });
companySchema.index({ workspace_id: 1, campaign_id: 1 });
// The list's sorts after its equality on workspace and bin (cursor pages walk them from the
// cursor, offset pages skip keys); deleted_at is null outside the bin.
companySchema.index({ workspace_id: 1, deleted_at: 1, created_at: 1, _id: 1 });
companySchema.index({ workspace_id: 1, deleted_at: 1, updated_at: 1, _id: 1 });
companySchema.index({ workspace_id: 1, deleted_at: 1, name_folded: 1, _id: 1 });
// `q`: one prefix range per term (name_folded above serves the name).
companySchema.index({ workspace_id: 1, deleted_at: 1, domain: 1 });
companySchema.index({ workspace_id: 1, deleted_at: 1, account_number_folded: 1 });
companySchema.index({ workspace_id: 1, deleted_at: 1, postcode_folded: 1 });
// Duplicate groups and import matching: one equality range per key among live companies.
companySchema.index({ workspace_id: 1, deleted_at: 1, name_key: 1 });
companySchema.index({ workspace_id: 1, deleted_at: 1, domain_key: 1 });
// The counts: keys counted without reading documents.
companySchema.index({ workspace_id: 1, deleted_at: 1, is_account: 1 });
companySchema.index({ workspace_id: 1, deleted_at: 1, owner_id: 1 });

export function registerCompanyModel(connection: Connection): void {
  connection.model(COMPANY_MODEL, companySchema);
}

export function companyModel(connection: Connection): Model<CompanyRecord> {
  return connection.model<CompanyRecord>(COMPANY_MODEL);
}
