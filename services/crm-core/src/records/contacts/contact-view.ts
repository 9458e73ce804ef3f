import { normaliseEmail } from '@crm/kit';
import type { ContactCreatedData } from '@crm/protos';
import type { CustomValues } from '../custom-fields/custom-values';
import { contactNameKey } from '../../search/duplicates/duplicate-keys';
import type { ContactRecord } from './contact.model';
import type { ContactView } from './contact.operations';

export function contactView(record: ContactRecord): ContactView {
  return {
    id: record._id,
    company_id: record.company_id ?? null,
    reports_to_id: record.reports_to_id ?? null,
    owner_id: record.owner_id ?? null,
    first_name: record.first_name ?? null,
    last_name: record.last_name ?? null,
    email: record.email ?? null,
    phone: record.phone ?? null,
    mobile: record.mobile ?? null,
    job_title: record.job_title ?? null,
    lawful_basis: record.lawful_basis ?? null,
    custom: (record.custom ?? {}) as CustomValues,
    created_at: record.created_at,
    updated_at: record.updated_at,
    deleted_at: record.deleted_at ?? null,
  };
}

// The public state every contact event carries.
export function contactState(record: ContactRecord): ContactCreatedData {
  const { id, ...view } = contactView(record);
  return { contact_id: id, ...view, version: record.version ?? 1 };
}

// Lower case with runs of whitespace as one space: how names are stored for `q` and how `q` is read.
export function searchable(text: string | null | undefined): string | null {
  return text?.trim().replace(/\s+/g, ' ').toLowerCase() || null;
}

export type ContactSearchFields = Pick<
  ContactRecord,
  'search_terms' | 'search_name' | 'search_last' | 'email_normalised' | 'name_key'
>;

// What `q` matches, kept with every write of a name or an email: lower-cased first name, last
// name, full name and email (search_terms), and the same one per indexed field.
export function contactSearchFields(
  contact: Pick<ContactRecord, 'first_name' | 'last_name' | 'email'>,
): ContactSearchFields {
  const first = searchable(contact.first_name);
  const last = searchable(contact.last_name);
  const full = [first, last].filter((part) => part !== null).join(' ') || null;
  const email = contact.email ? normaliseEmail(contact.email) : null;
  const terms = [...new Set([first, last, full, email].filter((term): term is string => term !== null))];
  return {
    search_terms: terms,
    search_name: full,
    search_last: last,
    email_normalised: email,
    name_key: contactNameKey(contact.first_name, contact.last_name),
  };
}
