import type { Connection } from 'mongoose';
import { erasedContactModel } from '../../data/privacy/erased-contact.model';
import { companyModel, type CompanyRecord } from '../companies/company.model';
import { contactModel, type ContactRecord } from '../contacts/contact.model';
import type { RecentType, SearchHitView } from './recent.operations';

type CompanyFields = Pick<CompanyRecord, '_id' | 'name' | 'domain'>;
type ContactFields = Pick<ContactRecord, '_id' | 'first_name' | 'last_name' | 'email' | 'job_title'>;

export function companyHit(company: CompanyFields): SearchHitView {
  return { type: 'company', id: company._id, title: company.name ?? company.domain ?? '', subtitle: company.domain };
}

// "first last", or the email when the contact has no name; the subtitle is then the job title.
export function contactHit(contact: ContactFields): SearchHitView {
  const name = [contact.first_name, contact.last_name].filter((part) => part).join(' ');
  if (name === '') return { type: 'contact', id: contact._id, title: contact.email ?? '', subtitle: contact.job_title };
  return { type: 'contact', id: contact._id, title: name, subtitle: contact.email ?? contact.job_title };
}

// Hits for the records of the workspace among these ids that are live (not in the recycle bin,
// not erased), by id.
export async function liveHits(
  connection: Connection,
  workspaceId: string,
  ids: Record<RecentType, string[]>,
): Promise<Map<string, SearchHitView>> {
  const live = { workspace_id: workspaceId, deleted_at: null };
  const [companies, contacts] = await Promise.all([
    ids.company.length === 0
      ? []
      : companyModel(connection)
          .find({ ...live, _id: { $in: ids.company } }, { name: 1, domain: 1 })
          .lean<CompanyFields[]>()
          .exec(),
    ids.contact.length === 0
      ? []
      : contactModel(connection)
          .find({ ...live, _id: { $in: ids.contact } }, { first_name: 1, last_name: 1, email: 1, job_title: 1 })
          .lean<ContactFields[]>()
          .exec(),
  ]);
  // An erased contact stays a record (it reads "Erased contact" where others point at it), but it
  // is no one to go back to or find.
  const erased = await erasedAmong(
    connection,
    workspaceId,
    contacts.map((contact) => contact._id),
  );
  return new Map(
    [...companies.map(companyHit), ...contacts.filter((contact) => !erased.has(contact._id)).map(contactHit)].map(
      (hit) => [`${hit.type}:${hit.id}`, hit],
    ),
  );
}

// Which of these contacts of the workspace were erased.
export async function erasedAmong(connection: Connection, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const erased = await erasedContactModel(connection)
    .find({ workspace_id: workspaceId, _id: { $in: ids } }, { _id: 1 })
    .lean<Array<{ _id: string }>>()
    .exec();
  return new Set(erased.map(({ _id: id }) => id));
}
