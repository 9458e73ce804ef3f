import { createHash } from 'node:crypto';
import type { Model } from 'mongoose';
import { validationFailed } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { companyModel, type CompanyRecord } from '../companies/company.model';
import { companyViews } from '../companies/company-view';
import { contactModel, type ContactRecord } from '../contacts/contact.model';
import { contactView } from '../contacts/contact-view';
import { duplicateDismissalModel } from './duplicate-dismissal.model';
import {
  DUPLICATE_GROUP_RECORDS_MAX,
  DUPLICATE_GROUPS_MAX,
  REASONS_OF,
  type DuplicateGroupView,
  type DuplicateObject,
  type DuplicateReason,
} from './duplicate.operations';

// Groups are read from the duplicate keys every write keeps on companies and contacts
// (duplicate-keys), grouped by an aggregation over their indexes among live records.

// The stored field each reason compares; same_name_at_company compares the company as well.
const FIELD_OF: Record<DuplicateReason, string> = {
  same_domain: 'domain_key',
  same_name: 'name_key',
  same_email: 'email_normalised',
  same_name_at_company: 'name_key',
};

export interface GroupIdentity {
  object: DuplicateObject;
  reason: DuplicateReason;
  value: string;
}

const base64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

// The members, in any order, as a short fingerprint: the key changes exactly when they do.
export function membershipHash(ids: readonly string[]): string {
  return createHash('sha256').update([...ids].sort().join('\n')).digest('hex').slice(0, 32);
}

// `<object>.<reason>.<value, base64url>.<membership hash>`: readable back into the group it
// names, so a dismissal can check it against the records as they are now.
export function groupKey(identity: GroupIdentity, ids: readonly string[]): string {
  return `${identity.object}.${identity.reason}.${base64url(identity.value)}.${membershipHash(ids)}`;
}

export function parseGroupKey(key: string): GroupIdentity & { hash: string } {
  const refuse = () => validationFailed('key is not the key of a group of GET /duplicates');
  const parts = key.split('.');
  if (parts.length !== 4) throw refuse();
  const [object, reason, encoded, hash] = parts as [string, string, string, string];
  if (object !== 'company' && object !== 'contact') throw refuse();
  if (!(REASONS_OF[object] as readonly string[]).includes(reason) || !/^[0-9a-f]{32}$/.test(hash) || !/^[A-Za-z0-9_-]+$/.test(encoded)) throw refuse();
  const value = Buffer.from(encoded, 'base64url').toString('utf8');
  if (value === '' || base64url(value) !== encoded) throw refuse();
  return { object, reason: reason as DuplicateReason, value, hash };
}

// `company_id/name_key` for contacts of one company with one name.
const splitCompanyName = (value: string): [string, string] | null => {
  const slash = value.indexOf('/');
  return slash <= 0 || slash === value.length - 1 ? null : [value.slice(0, slash), value.slice(slash + 1)];
};

interface RawGroup {
  value: string;
  ids: string[];
  size: number;
}

function modelOf(context: ServiceContext, object: DuplicateObject): Model<CompanyRecord> | Model<ContactRecord> {
  return object === 'company' ? companyModel(context.connection) : contactModel(context.connection);
}

// Every group of one reason: live records sharing a non-empty key, oldest first within a group.
async function groupsOf(context: ServiceContext, workspaceId: string, object: DuplicateObject, reason: DuplicateReason): Promise<RawGroup[]> {
  const field = FIELD_OF[reason];
  const atCompany = reason === 'same_name_at_company';
  const match: Record<string, unknown> = { workspace_id: workspaceId, deleted_at: null, [field]: { $type: 'string' } };
  if (atCompany) match.company_id = { $type: 'string' };
  const groupId = atCompany ? { company: '$company_id', name: `$${field}` } : `$${field}`;
  const model = modelOf(context, object) as Model<CompanyRecord>;
  const rows = await model
    .aggregate<{ _id: string | { company: string; name: string }; ids: string[]; size: number }>([
      { $match: match },
      { $sort: { created_at: 1, _id: 1 } },
      { $group: { _id: groupId, ids: { $push: '$_id' }, size: { $sum: 1 } } },
      { $match: { size: { $gt: 1 } } },
    ])
    .exec();
  return rows
    .map((row) => ({ value: typeof row._id === 'string' ? row._id : `${row._id.company}/${row._id.name}`, ids: row.ids, size: row.size }))
    .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}

// The members of one group as the records are now (oldest first).
export async function membersOf(context: ServiceContext, workspaceId: string, identity: GroupIdentity): Promise<string[]> {
  const filter: Record<string, unknown> = { workspace_id: workspaceId, deleted_at: null };
  if (identity.reason === 'same_name_at_company') {
    const parts = splitCompanyName(identity.value);
    if (!parts) return [];
    filter.company_id = parts[0];
    filter.name_key = parts[1];
  } else {
    filter[FIELD_OF[identity.reason]] = identity.value;
  }
  const model = modelOf(context, identity.object) as Model<CompanyRecord>;
  const rows = await model.find(filter, { _id: 1 }).sort({ created_at: 1, _id: 1 }).lean<Array<{ _id: string }>>().exec();
  return rows.map((row) => row._id);
}

// The records of every listed group at once (one read, one join of names), by id.
async function recordsById(context: ServiceContext, workspaceId: string, object: DuplicateObject, ids: string[]): Promise<Map<string, DuplicateGroupView['records'][number]>> {
  if (object === 'company') {
    const companies = await companyModel(context.connection).find({ workspace_id: workspaceId, _id: { $in: ids } }).lean<CompanyRecord[]>().exec();
    return new Map((await companyViews(context, workspaceId, companies)).map((view) => [view.id, view]));
  }
  const contacts = await contactModel(context.connection).find({ workspace_id: workspaceId, _id: { $in: ids } }).lean<ContactRecord[]>().exec();
  return new Map(contacts.map((contact) => [contact._id, contactView(contact)]));
}

export async function listDuplicateGroups(context: ServiceContext, workspaceId: string, object: DuplicateObject): Promise<DuplicateGroupView[]> {
  const candidates: Array<GroupIdentity & { key: string; ids: string[]; size: number }> = [];
  for (const reason of REASONS_OF[object]) {
    for (const group of await groupsOf(context, workspaceId, object, reason)) {
      const identity = { object, reason, value: group.value };
      candidates.push({ ...identity, key: groupKey(identity, group.ids), ids: group.ids, size: group.size });
    }
  }
  const dismissed = new Set<string>();
  // In slices: a workspace full of duplicates must not build one huge $in.
  for (let start = 0; start < candidates.length; start += 1000) {
    const keys = candidates.slice(start, start + 1000).map((candidate) => candidate.key);
    const rows = await duplicateDismissalModel(context.connection).find({ workspace_id: workspaceId, group: { $in: keys } }, { group: 1 }).lean<Array<{ group: string }>>().exec();
    for (const row of rows) dismissed.add(row.group);
  }
  const shown = candidates.filter((candidate) => !dismissed.has(candidate.key)).slice(0, DUPLICATE_GROUPS_MAX);
  const listed = shown.map((group) => ({ ...group, ids: group.ids.slice(0, DUPLICATE_GROUP_RECORDS_MAX) }));
  const records = await recordsById(context, workspaceId, object, [...new Set(listed.flatMap((group) => group.ids))]);
  return listed.map((group) => ({
    key: group.key,
    object,
    reason: group.reason,
    value: group.value,
    size: group.size,
    records: group.ids.flatMap((id) => records.get(id) ?? []),
  }));
}
