import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export interface CompanyAddress {
  line1?: string;
  line2?: string;
  city?: string;
  region?: string;
  postcode?: string;
}

// A company as stored. Names of what it points at (stage, owner, source, campaign) are not
// stored: they are joined when the record is read, so a rename shows on the next read.
export interface CompanyRecord {
  _id: string;
  // Bumped by each change an event announces; 1 when created.
  version: number;
  workspace_id: string;
  name: string | null;
  website: string | null;
  domain: string | null;
  phone: string | null;
  address: CompanyAddress;
  country_code: string | null;
  industry: string | null;
  turnover_band: string | null;
  employee_count: number | null;
  account_number: string | null;
  company_number: string | null;
  sic_codes: string[];
  description: string | null;
  owner_id: string | null;
  stage_id: string | null;
  // The stage's pipeline and whether its kind is account, kept with the stage (a stage never
  // changes pipeline; the catalogue rewrites is_account when a stage's kind changes).
  pipeline_id: string | null;
  is_account: boolean;
  source_id: string | null;
  campaign_id: string | null;
  primary_contact_id: string | null;
  custom: Record<string, unknown>;
  // Lower-cased name, domain, account number and postcode: the terms `q` matches by prefix.
  search_terms: string[];
  // The same terms one field each, lower-cased (domain is stored lower-cased): each has an index
  // of its own, so a prefix is one bounded range per term (a multikey index cannot bound a range
  // on both sides in the embedded store). name_folded is also the key of the name sorts.
  name_folded: string | null;
  account_number_folded: string | null;
  postcode_folded: string | null;
  // Duplicate keys (search/duplicates/duplicate-keys): the normalised name and domain that duplicate
  // groups and import matching compare.
  name_key: string | null;
  domain_key: string | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export const COMPANY_MODEL = 'Company';

const companySchema = new Schema<CompanyRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    name: { type: String, default: null },
    website: { type: String, default: null },
    domain: { type: String, default: null },
    phone: { type: String, default: null },
    address: { type: Schema.Types.Mixed, default: {} },
    country_code: { type: String, default: null },
    industry: { type: String, default: null },
    turnover_band: { type: String, default: null },
    employee_count: { type: Number, default: null },
    account_number: { type: String, default: null },
    company_number: { type: String, default: null },
    sic_codes: { type: [String], default: [] },
    description: { type: String, default: null },
    owner_id: { type: String, default: null },
    stage_id: { type: String, default: null },
    pipeline_id: { type: String, default: null },
    is_account: { type: Boolean, default: false },
    source_id: { type: String, default: null },
    campaign_id: { type: String, default: null },
    primary_contact_id: { type: String, default: null },
    custom: { type: Schema.Types.Mixed, default: {} },
    search_terms: { type: [String], default: [] },
    name_folded: { type: String, default: null },
    account_number_folded: { type: String, default: null },
    postcode_folded: { type: String, default: null },
    name_key: { type: String, default: null },
    domain_key: { type: String, default: null },
    deleted_at: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'companies', versionKey: false, minimize: false },
);
companySchema.plugin(tenantScoped);
// The catalogue's "in use" checks and counts.
companySchema.index({ workspace_id: 1, stage_id: 1 });
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
