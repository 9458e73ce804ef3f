import { normaliseEmail, validationFailed } from '@crm/kit';
import { contactDisplayName, type crmCoreLeadsV1 } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { companyModel } from '../../records/companies/company.model';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';

// One call matches every item of a touchpoint request: a bounded batch.
export const MATCH_RECORDS_MAX = 500;

type ContactRow = Pick<ContactRecord, '_id' | 'company_id' | 'first_name' | 'last_name' | 'email' | 'email_normalised'>;
const CONTACT_FIELDS = { company_id: 1, first_name: 1, last_name: 1, email: 1, email_normalised: 1 };
const NO_MATCH: crmCoreLeadsV1.MatchedRecord = {
  matched: false,
  contact_id: '',
  contact_name: '',
  company_id: '',
  company_name: '',
};

// Each item's contact (by id, else by email without regard to case) or company (by id), read at
// the time of the call: three queries for the whole batch. The recycle bin is not matched.
export async function matchRecords(
  context: ServiceContext,
  request: crmCoreLeadsV1.MatchRecordsRequest,
): Promise<crmCoreLeadsV1.MatchRecordsResponse> {
  const workspaceId = request.workspace_id;
  if (!workspaceId) throw validationFailed('workspace_id is required');
  if (request.items.length > MATCH_RECORDS_MAX) throw validationFailed(`at most ${MATCH_RECORDS_MAX} items`);
  const contactIds = new Set<string>();
  const emails = new Set<string>();
  const companyIds = new Set<string>();
  for (const item of request.items) {
    if (item.contact_id) contactIds.add(item.contact_id.toLowerCase());
    else if (item.email) emails.add(normaliseEmail(item.email));
    else if (item.company_id) companyIds.add(item.company_id.toLowerCase());
  }
  const contacts = contactModel(context.connection);
  const [byId, byEmail] = await Promise.all([
    contactIds.size === 0
      ? []
      : contacts
          .find({ workspace_id: workspaceId, _id: { $in: [...contactIds] }, deleted_at: null }, CONTACT_FIELDS)
          .lean<ContactRow[]>()
          .exec(),
    emails.size === 0
      ? []
      : contacts
          .find({ workspace_id: workspaceId, email_normalised: { $in: [...emails] }, deleted_at: null }, CONTACT_FIELDS)
          .sort({ created_at: 1, _id: 1 })
          .lean<ContactRow[]>()
          .exec(),
  ]);
  const contactById = new Map(byId.map((row) => [row._id, row]));
  // Two contacts with one email: the oldest is the person.
  const contactByEmail = new Map<string, ContactRow>();
  for (const row of byEmail)
    if (row.email_normalised && !contactByEmail.has(row.email_normalised))
      contactByEmail.set(row.email_normalised, row);
  for (const row of [...byId, ...byEmail]) if (row.company_id) companyIds.add(row.company_id);
  const companies =
    companyIds.size === 0
      ? []
      : await companyModel(context.connection)
          .find({ workspace_id: workspaceId, _id: { $in: [...companyIds] }, deleted_at: null }, { name: 1 })
          .lean<Array<{ _id: string; name: string | null }>>()
          .exec();
  const companyName = new Map(companies.map((row) => [row._id, row.name ?? '']));
  const ofContact = (row: ContactRow | undefined): crmCoreLeadsV1.MatchedRecord => {
    if (!row) return NO_MATCH;
    const company = row.company_id && companyName.has(row.company_id) ? row.company_id : '';
    return {
      matched: true,
      contact_id: row._id,
      contact_name: contactDisplayName(row) ?? '',
      company_id: company,
      company_name: company ? companyName.get(company)! : '',
    };
  };
  const records = request.items.map((item) => {
    if (item.contact_id) return ofContact(contactById.get(item.contact_id.toLowerCase()));
    if (item.email) return ofContact(contactByEmail.get(normaliseEmail(item.email)));
    const id = item.company_id.toLowerCase();
    if (!id || !companyName.has(id)) return NO_MATCH;
    return { matched: true, contact_id: '', contact_name: '', company_id: id, company_name: companyName.get(id)! };
  });
  return { records };
}
