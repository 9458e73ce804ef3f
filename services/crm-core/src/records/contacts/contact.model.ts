import { Schema, type Connection, type Model } from 'mongoose';
import { field, schemaOf, tenantScoped, type ScopedRecordOf } from '@crm/kit';

export const LAWFUL_BASES = ['legitimate_interest', 'consent', 'contract'] as const;
export type LawfulBasis = (typeof LAWFUL_BASES)[number];

const contactFields = {
  _id: field.string({ required: true }),
  // Bumped by each change an event announces; 1 when created.
  version: field.number({ default: 1 }),
  company_id: field.string({ default: null }),
  reports_to_id: field.string({ default: null }),
  owner_id: field.string({ default: null }),
  first_name: field.string({ default: null }),
  last_name: field.string({ default: null }),
  email: field.string({ default: null }),
  phone: field.string({ default: null }),
  mobile: field.string({ default: null }),
  job_title: field.string({ default: null }),
  lawful_basis: field.string<LawfulBasis>({ default: null }),
  custom: field.mixed<Record<string, unknown>>({ default: {} }),
  // Lower-cased first name, last name, full name and email: what `q` matches by prefix.
  search_terms: field.strings(),
  // The same terms one per field, each indexed on its own: a multikey index cannot bound a prefix
  // range on both sides on the embedded store, single-valued ones can (contactSearchFields).
  search_name: field.string({ default: null }),
  search_last: field.string({ default: null }),
  // normaliseEmail(email): what every comparison of emails uses; the email is stored as given.
  email_normalised: field.string({ default: null }),
  // contactNameKey(first, last) (search/duplicates/duplicate-keys): "same name at one company".
  name_key: field.string({ default: null }),
  deleted_at: field.string({ default: null }),
  created_at: field.string({ required: true }),
  updated_at: field.string({ required: true }),
};

export type ContactRecord = ScopedRecordOf<typeof contactFields>;

export const CONTACT_MODEL = 'Contact';

const contactSchema = new Schema<ContactRecord>(schemaOf(contactFields), {
  collection: 'contacts',
  versionKey: false,
  minimize: false,
});
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
