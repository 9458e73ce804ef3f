import { Schema, type Connection, type Model } from 'mongoose';
import { tenantScoped } from '@crm/kit';

export const LAWFUL_BASES = ['legitimate_interest', 'consent', 'contract'] as const;
export type LawfulBasis = (typeof LAWFUL_BASES)[number];

export interface ContactRecord {
  _id: string;
  // Bumped by each change an event announces; 1 when created.
  version: number;
  workspace_id: string;
  company_id: string | null;
  reports_to_id: string | null;
  owner_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  mobile: string | null;
  job_title: string | null;
  lawful_basis: LawfulBasis | null;
  custom: Record<string, unknown>;
  // Lower-cased first name, last name, full name and email: what `q` matches by prefix.
  search_terms: string[];
  // The same terms one per field, each indexed on its own: a multikey index cannot bound a prefix
  // range on both sides on the embedded store, single-valued ones can (contactSearchFields).
  search_name: string | null;
  search_last: string | null;
  // normaliseEmail(email): what every comparison of emails uses; the email is stored as given.
  email_normalised: string | null;
  // contactNameKey(first, last) (search/duplicates/duplicate-keys): "same name at one company".
  name_key: string | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export const CONTACT_MODEL = 'Contact';

const contactSchema = new Schema<ContactRecord>(
  {
    _id: { type: String, required: true },
    version: { type: Number, default: 1 },
    company_id: { type: String, default: null },
    reports_to_id: { type: String, default: null },
    owner_id: { type: String, default: null },
    first_name: { type: String, default: null },
    last_name: { type: String, default: null },
    email: { type: String, default: null },
    phone: { type: String, default: null },
    mobile: { type: String, default: null },
    job_title: { type: String, default: null },
    lawful_basis: { type: String, default: null },
    custom: { type: Schema.Types.Mixed, default: {} },
    search_terms: { type: [String], default: [] },
    search_name: { type: String, default: null },
    search_last: { type: String, default: null },
    email_normalised: { type: String, default: null },
    name_key: { type: String, default: null },
    deleted_at: { type: String, default: null },
    created_at: { type: String, required: true },
    updated_at: { type: String, required: true },
  },
  { collection: 'contacts', versionKey: false, minimize: false },
);
contactSchema.plugin(tenantScoped);
// The list: newest first (created_at, then id) among the active contacts or the bin, walked in
// index order so a page (first or by cursor) reads about as many keys as it returns.
contactSchema.index({ workspace_id: 1, deleted_at: 1, created_at: 1, _id: 1 });
// The list filtered by company (also a company's contacts for its merge and purge), by manager
// and by owner, in the same order.
contactSchema.index({ workspace_id: 1, company_id: 1, deleted_at: 1, created_at: 1, _id: 1 });
contactSchema.index({ workspace_id: 1, reports_to_id: 1, deleted_at: 1, created_at: 1, _id: 1 });
contactSchema.index({ workspace_id: 1, owner_id: 1, deleted_at: 1, created_at: 1, _id: 1 });
// The recycle bin, most recently deleted first.
contactSchema.index({ workspace_id: 1, deleted_at: 1, _id: 1 });
// `q` by prefix on the full name, the last name and the email: a bounded range each.
contactSchema.index({ workspace_id: 1, deleted_at: 1, search_name: 1 });
contactSchema.index({ workspace_id: 1, deleted_at: 1, search_last: 1 });
contactSchema.index({ workspace_id: 1, deleted_at: 1, email_normalised: 1 });

// Duplicate groups: the same name at one company (the same email uses the index above).
contactSchema.index({ workspace_id: 1, deleted_at: 1, company_id: 1, name_key: 1 });

export function registerContactModel(connection: Connection): void {
  connection.model(CONTACT_MODEL, contactSchema);
}

export function contactModel(connection: Connection): Model<ContactRecord> {
  return connection.model<ContactRecord>(CONTACT_MODEL);
}
