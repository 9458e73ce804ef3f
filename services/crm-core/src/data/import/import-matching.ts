import { normaliseEmail } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { companyModel, type CompanyRecord } from '../../records/companies/company.model';
import { domainOfWebsite } from '../../records/companies/company-rules';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';
import type { ContactWriteBody } from '../../records/contacts/contact.operations';
import { companyNameKey, contactNameKey, domainKey } from '../../search/duplicates/duplicate-keys';
import { chunks, KEY_CHUNK } from './import-references';
import type { ImportRow } from './import-rows';

// The companies and contacts a row may match (by domain, else by name; a contact by email, else by
// name at its company): the live ones first, then those earlier rows create or change.

// Records findable by key, in the order they came (existing ones oldest first, then planned).
class KeyIndex {
  private readonly ids = new Map<string, string[]>();
  add(key: string | null, id: string): void {
    if (key === null) return;
    const list = this.ids.get(key) ?? [];
    if (!list.includes(id)) list.push(id);
    this.ids.set(key, list);
  }
  drop(key: string | null, id: string): void {
    if (key === null) return;
    const list = this.ids.get(key)?.filter((candidate) => candidate !== id) ?? [];
    if (list.length === 0) this.ids.delete(key);
    else this.ids.set(key, list);
  }
  first(key: string | null): string | null {
    return key === null ? null : (this.ids.get(key)?.[0] ?? null);
  }
}

export interface Matchers {
  companies: Map<string, CompanyRecord>;
  byDomain: KeyIndex;
  byName: KeyIndex;
  contacts: Map<string, ContactRecord>;
  byEmail: KeyIndex;
  byCompanyName: KeyIndex;
}

const companyNameOf = (contact: Pick<ContactRecord, 'company_id' | 'name_key'>) =>
  contact.company_id && contact.name_key ? `${contact.company_id}/${contact.name_key}` : null;

export function rememberCompany(matchers: Matchers, record: CompanyRecord, before?: CompanyRecord): void {
  if (before) {
    matchers.byDomain.drop(before.domain_key, before._id);
    matchers.byName.drop(before.name_key, before._id);
  }
  matchers.companies.set(record._id, record);
  matchers.byDomain.add(record.domain_key, record._id);
  matchers.byName.add(record.name_key, record._id);
}

export function rememberContact(matchers: Matchers, record: ContactRecord, before?: ContactRecord): void {
  if (before) {
    matchers.byEmail.drop(before.email_normalised, before._id);
    matchers.byCompanyName.drop(companyNameOf(before), before._id);
  }
  matchers.contacts.set(record._id, record);
  matchers.byEmail.add(record.email_normalised, record._id);
  matchers.byCompanyName.add(companyNameOf(record), record._id);
}

// The live companies and contacts the rows could match, oldest first. `pause` (timeSlices in
// @crm/kit) is awaited between the reads, which give the event loop no turn of their own on the
// embedded store.
export async function existingMatchers(
  context: ServiceContext,
  workspaceId: string,
  rows: ImportRow[],
  pause: () => Promise<void> | undefined,
): Promise<Matchers> {
  const matchers: Matchers = {
    companies: new Map(),
    byDomain: new KeyIndex(),
    byName: new KeyIndex(),
    contacts: new Map(),
    byEmail: new KeyIndex(),
    byCompanyName: new KeyIndex(),
  };
  const domains = [
    ...new Set(
      rows
        .map((row) => domainKey(row.company.domain ?? domainOfWebsite(row.company.website)))
        .filter((key): key is string => key !== null),
    ),
  ];
  const names = [
    ...new Set(rows.map((row) => companyNameKey(row.company.name)).filter((key): key is string => key !== null)),
  ];
  const live = { workspace_id: workspaceId, deleted_at: null };
  const found: CompanyRecord[] = [];
  for (const [field, keys] of [
    ['domain_key', domains],
    ['name_key', names],
  ] as const) {
    for (const slice of chunks(keys, KEY_CHUNK)) {
      await pause();
      found.push(
        ...(await companyModel(context.connection)
          .find({ ...live, [field]: { $in: slice } })
          .lean<CompanyRecord[]>()
          .exec()),
      );
    }
  }
  const companies = [...new Map(found.map((company) => [company._id, company])).values()].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a._id.localeCompare(b._id),
  );
  for (const company of companies) rememberCompany(matchers, company);

  const emails = [
    ...new Set(
      rows
        .map((row) => (row.contact?.email ? normaliseEmail(row.contact.email) : null))
        .filter((key): key is string => key !== null),
    ),
  ];
  const people = [
    ...new Set(
      rows
        .map((row) => (row.contact ? contactNameKey(row.contact.first_name, row.contact.last_name) : null))
        .filter((key): key is string => key !== null),
    ),
  ];
  const contactsFound: ContactRecord[] = [];
  for (const slice of chunks(emails, KEY_CHUNK)) {
    await pause();
    contactsFound.push(
      ...(await contactModel(context.connection)
        .find({ ...live, email_normalised: { $in: slice } })
        .lean<ContactRecord[]>()
        .exec()),
    );
  }
  const companyIds = companies.map((company) => company._id);
  if (people.length > 0) {
    // By company only (one index range each), the names compared here: ranges for every pair of
    // company and name would multiply.
    const wanted = new Set(people);
    for (const slice of chunks(companyIds, KEY_CHUNK)) {
      await pause();
      const atCompanies = await contactModel(context.connection)
        .find({ ...live, company_id: { $in: slice } })
        .lean<ContactRecord[]>()
        .exec();
      contactsFound.push(...atCompanies.filter((contact) => contact.name_key !== null && wanted.has(contact.name_key)));
    }
  }
  const contacts = [...new Map(contactsFound.map((contact) => [contact._id, contact])).values()].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a._id.localeCompare(b._id),
  );
  for (const contact of contacts) rememberContact(matchers, contact);
  return matchers;
}

// The contact a row's contact matches (by email, else by name at the row's company), or null.
export function contactMatch(companyId: string, body: ContactWriteBody, matchers: Matchers): string | null {
  const email = body.email ? normaliseEmail(body.email) : null;
  const nameKey = contactNameKey(body.first_name, body.last_name);
  return matchers.byEmail.first(email) ?? matchers.byCompanyName.first(nameKey ? `${companyId}/${nameKey}` : null);
}
