import {
  decodeCursor,
  isUuid,
  keysetPage,
  validationFailed,
  type InternalClaims,
  type KeysetOrder,
  type KeysetPage,
} from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import type { FilterQuery } from 'mongoose';
import { parseCustomFilter } from '../custom-filter';
import { candidatePage, sortCandidates, type Candidate, type SortKey } from '../list-paging';
import { contactView, searchable } from './contact-view';
import { contactModel, type ContactRecord } from './contact.model';
import type { ListContactsQuery } from './contact.operations';

// Newest first; the id breaks ties, so a cursor is a position no insert or delete can move.
const NEWEST_FIRST: KeysetOrder = { name: 'created_desc', field: 'created_at', direction: -1 };
// The recycle bin lists the most recently deleted first.
const RECENTLY_DELETED_FIRST: KeysetOrder = { name: 'deleted_desc', field: 'deleted_at', direction: -1 };
// What `q` matches by prefix, one indexed field each.
const SEARCH_FIELDS = ['search_name', 'search_last', 'email_normalised'] as const;
// Up to this many prefix matches are read from the search indexes and sorted; more are found by
// walking the list in its order, where a page needs few reads because matches are common.
const FEW_MATCHES = 1000;
// Above every character: `prefix` to `prefix + LAST` is every string starting with the prefix.
const LAST_CHARACTER = String.fromCodePoint(0x10ffff);

// The list's filter without q: the workspace, the bin or not, and the other parameters.
function listFilter(claims: InternalClaims, workspaceId: string, query: ListContactsQuery): FilterQuery<ContactRecord> {
  // The bin as a range on deleted_at (an ISO time there, null elsewhere), which an index bounds.
  const filter: FilterQuery<ContactRecord> = {
    workspace_id: workspaceId,
    deleted_at: query.deleted ? { $gt: '' } : null,
  };
  if (query.company_id) filter.company_id = query.company_id.toLowerCase();
  if (query.reports_to_id) filter.reports_to_id = query.reports_to_id.toLowerCase();
  if (query.owner !== undefined) {
    if (query.owner !== 'me' && !isUuid(query.owner)) throw validationFailed('owner must be me or a uuid');
    filter.owner_id = query.owner === 'me' ? claims.user_id : query.owner.toLowerCase();
  }
  return { ...filter, ...parseCustomFilter(query.custom) };
}

// Few matches: each search index yields its matches with the sort key only, merged, sorted and
// paged here, then the page's contacts are read by id.
async function fewMatchesPage(
  context: ServiceContext,
  filter: FilterQuery<ContactRecord>,
  prefix: { $gte: string; $lt: string },
  order: KeysetOrder,
  limit: number,
  cursor: string | undefined,
): Promise<KeysetPage<ContactRecord>> {
  const contacts = contactModel(context.connection);
  const found = await Promise.all(
    SEARCH_FIELDS.map((field) =>
      contacts
        .find({ ...filter, [field]: prefix }, { _id: 1, [order.field]: 1 })
        .lean<Array<Record<string, unknown> & { _id: string }>>()
        .exec(),
    ),
  );
  const candidates = sortCandidates(
    order,
    found.flat().map((row): Candidate => ({ _id: row._id, key: (row[order.field] ?? null) as SortKey })),
  );
  const page = candidatePage(order, candidates, limit, cursor);
  const ids = page.data.map((candidate) => candidate._id);
  const rows = await contacts
    .find({ workspace_id: filter.workspace_id, _id: { $in: ids } })
    .lean<ContactRecord[]>()
    .exec();
  const byId = new Map(rows.map((row) => [row._id, row]));
  return {
    data: ids.map((id) => byId.get(id)).filter((row): row is ContactRecord => row !== undefined),
    next_cursor: page.next_cursor,
  };
}

async function searchPage(
  context: ServiceContext,
  filter: FilterQuery<ContactRecord>,
  q: string,
  order: KeysetOrder,
  limit: number,
  cursor: string | undefined,
): Promise<KeysetPage<ContactRecord>> {
  const contacts = contactModel(context.connection);
  const prefix = { $gte: q, $lt: q + LAST_CHARACTER };
  if (filter.deleted_at === null) {
    // Counting keys of an index range reads no documents, and stops once there are many.
    const counts = await Promise.all(
      SEARCH_FIELDS.map((field) =>
        contacts
          .countDocuments({ workspace_id: filter.workspace_id, deleted_at: null, [field]: prefix })
          .limit(FEW_MATCHES + 1)
          .exec(),
      ),
    );
    if (counts.reduce((sum, count) => sum + count, 0) <= FEW_MATCHES)
      return fewMatchesPage(context, filter, prefix, order, limit, cursor);
  }
  const matches = { $or: SEARCH_FIELDS.map((field) => ({ [field]: prefix })) };
  return keysetPage(contacts, { $and: [filter, matches] }, { order, limit, cursor });
}

// The keyset condition after a cursor is an $or whose last branch (a null key) the embedded
// store's planner cannot bound; the same position as a one-sided range on the sort field lets
// a cursor page start its walk at the cursor instead of at the first page.
function fromCursor(
  filter: FilterQuery<ContactRecord>,
  order: KeysetOrder,
  cursor: string | undefined,
): FilterQuery<ContactRecord> {
  if (cursor === undefined) return filter;
  const { key } = decodeCursor(cursor);
  if (typeof key !== 'string') return filter;
  const current = filter[order.field] as Record<string, unknown> | null | undefined;
  return { ...filter, [order.field]: { ...(current ?? {}), [order.direction === -1 ? '$lte' : '$gte']: key } };
}

export async function listContactPage(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  query: ListContactsQuery,
) {
  const order = query.deleted ? RECENTLY_DELETED_FIRST : NEWEST_FIRST;
  const filter = fromCursor(listFilter(claims, workspaceId, query), order, query.cursor);
  const q = searchable(query.q) ?? '';
  const page =
    q === ''
      ? await keysetPage(contactModel(context.connection), filter, { order, limit: query.limit, cursor: query.cursor })
      : await searchPage(context, filter, q, order, query.limit, query.cursor);
  return { data: page.data.map(contactView), next_cursor: page.next_cursor };
}
