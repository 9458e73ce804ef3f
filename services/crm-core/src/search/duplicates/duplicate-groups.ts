import { createHash } from 'node:crypto';
import type { ClientSession, Model } from 'mongoose';
import { validationFailed } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { companyModel, type CompanyRecord } from '../../records/companies/company.model';
import { companyViews } from '../../records/companies/company-view';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';
import { contactView } from '../../records/contacts/contact-view';
import { duplicateKeyModel } from './duplicate-counts.model';
import { duplicateDismissalModel } from './duplicate-dismissal.model';
import {
  DUPLICATE_GROUP_RECORDS_MAX,
  DUPLICATE_GROUPS_MAX,
  REASONS_OF,
  type DuplicateGroupView,
  type DuplicateObject,
  type DuplicateReason,
} from './duplicate.operations';

// Groups are the keys (duplicate-keys) that live records share: which keys are shared comes from
// duplicate_keys, who shares them from the key indexes on companies and contacts.

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
  return createHash('sha256')
    .update([...ids].sort().join('\n'))
    .digest('hex')
    .slice(0, 32);
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
  if (
    !(REASONS_OF[object] as readonly string[]).includes(reason) ||
    !/^[0-9a-f]{32}$/.test(hash) ||
    !/^[A-Za-z0-9_-]+$/.test(encoded)
  )
    throw refuse();
  const value = Buffer.from(encoded, 'base64url').toString('utf8');
  if (value === '' || base64url(value) !== encoded) throw refuse();
  return { object, reason: reason as DuplicateReason, value, hash };
}

// `company_id/name_key` for contacts of one company with one name.
const splitCompanyName = (value: string): [string, string] | null => {
  const slash = value.indexOf('/');
  return slash <= 0 || slash === value.length - 1 ? null : [value.slice(0, slash), value.slice(slash + 1)];
};

function modelOf(context: ServiceContext, object: DuplicateObject): Model<CompanyRecord> | Model<ContactRecord> {
  return object === 'company' ? companyModel(context.connection) : contactModel(context.connection);
}

// The members of one group as the records are now (oldest first).
export async function membersOf(
  context: ServiceContext,
  workspaceId: string,
  identity: GroupIdentity,
): Promise<string[]> {
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
  const rows = await model
    .find(filter, { _id: 1 })
    .sort({ created_at: 1, _id: 1 })
    .lean<Array<{ _id: string }>>()
    .exec();
  return rows.map((row) => row._id);
}

// The records of every listed group at once (one read, one join of names), by id.
async function recordsById(
  context: ServiceContext,
  workspaceId: string,
  object: DuplicateObject,
  ids: string[],
): Promise<Map<string, DuplicateGroupView['records'][number]>> {
  if (object === 'company') {
    const companies = await companyModel(context.connection)
      .find({ workspace_id: workspaceId, _id: { $in: ids } })
      .lean<CompanyRecord[]>()
      .exec();
    return new Map((await companyViews(context, workspaceId, companies)).map((view) => [view.id, view]));
  }
  const contacts = await contactModel(context.connection)
    .find({ workspace_id: workspaceId, _id: { $in: ids } })
    .lean<ContactRecord[]>()
    .exec();
  return new Map(contacts.map((contact) => [contact._id, contactView(contact)]));
}

// The members of many groups at once (oldest first): one read per reason, through the key indexes.
export async function membersOfMany(
  context: ServiceContext,
  workspaceId: string,
  object: DuplicateObject,
  groups: ReadonlyArray<{ reason: DuplicateReason; value: string }>,
  session: ClientSession | null = null,
): Promise<Map<string, string[]>> {
  const members = new Map<string, string[]>();
  const model = modelOf(context, object) as Model<CompanyRecord>;
  for (const reason of REASONS_OF[object]) {
    const values = groups.filter((group) => group.reason === reason).map((group) => group.value);
    if (values.length === 0) continue;
    const atCompany = reason === 'same_name_at_company';
    const filter: Record<string, unknown> = { workspace_id: workspaceId, deleted_at: null };
    if (atCompany) {
      const companies = values
        .map((value) => splitCompanyName(value)?.[0])
        .filter((company): company is string => company !== undefined);
      filter.company_id = { $in: [...new Set(companies)] };
    } else {
      filter[FIELD_OF[reason]] = { $in: values };
    }
    const field = FIELD_OF[reason];
    const rows = await model
      .find(filter, { _id: 1, company_id: 1, [field]: 1, created_at: 1 })
      .sort({ created_at: 1, _id: 1 })
      .session(session)
      .lean<Array<{ _id: string; company_id?: string | null } & Record<string, unknown>>>()
      .exec();
    const wanted = new Set(values);
    for (const row of rows) {
      const value = atCompany ? `${row.company_id}/${String(row[field])}` : String(row[field]);
      if (!wanted.has(value)) continue;
      const key = `${reason}:${value}`;
      members.set(key, [...(members.get(key) ?? []), row._id]);
    }
  }
  return members;
}

const reasonOrder = (object: DuplicateObject, reason: string) =>
  (REASONS_OF[object] as readonly string[]).indexOf(reason);

// The keys two or more live records share (duplicate_keys, kept from events), strongest reason
// first, then by value; each checked against the records as they are now (its members read by
// the key's index), dismissed ones left out, until DUPLICATE_GROUPS_MAX groups are found.
export async function listDuplicateGroups(
  context: ServiceContext,
  workspaceId: string,
  object: DuplicateObject,
): Promise<DuplicateGroupView[]> {
  const shared = await duplicateKeyModel(context.connection)
    .find({ workspace_id: workspaceId, object }, { reason: 1, value: 1 })
    .lean<Array<{ reason: DuplicateReason; value: string }>>()
    .exec();
  shared.sort(
    (a, b) =>
      reasonOrder(object, a.reason) - reasonOrder(object, b.reason) ||
      (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
  );
  const found: Array<GroupIdentity & { key: string; ids: string[] }> = [];
  for (let start = 0; start < shared.length && found.length < DUPLICATE_GROUPS_MAX; start += DUPLICATE_GROUPS_MAX) {
    const candidates: Array<GroupIdentity & { key: string; ids: string[] }> = [];
    const page = shared.slice(start, start + DUPLICATE_GROUPS_MAX);
    const members = await membersOfMany(context, workspaceId, object, page);
    for (const { reason, value } of page) {
      const identity = { object, reason, value };
      const ids = members.get(`${reason}:${value}`) ?? [];
      if (ids.length >= 2) candidates.push({ ...identity, key: groupKey(identity, ids), ids });
    }
    const dismissed = await duplicateDismissalModel(context.connection)
      .find({ workspace_id: workspaceId, group: { $in: candidates.map((candidate) => candidate.key) } }, { group: 1 })
      .lean<Array<{ group: string }>>()
      .exec();
    const hidden = new Set(dismissed.map((row) => row.group));
    found.push(...candidates.filter((candidate) => !hidden.has(candidate.key)));
  }
  const listed = found.slice(0, DUPLICATE_GROUPS_MAX);
  const shown = listed.map((group) => group.ids.slice(0, DUPLICATE_GROUP_RECORDS_MAX));
  const records = await recordsById(context, workspaceId, object, [...new Set(shown.flat())]);
  return listed.map((group, position) => ({
    key: group.key,
    object,
    reason: group.reason,
    value: group.value,
    size: group.ids.length,
    records: shown[position].flatMap((id) => records.get(id) ?? []),
  }));
}
