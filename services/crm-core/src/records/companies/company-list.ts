import { keysetPage, type KeysetOrder } from '@crm/kit';
import type { FilterQuery } from 'mongoose';
import type { ServiceContext } from '@crm/service-host';
import { parseCustomFilter } from '../custom-filter';
import { candidatePage, fromCursor, sortCandidates, type Candidate, type SortKey } from '../list-paging';
import { companyModel, type CompanyRecord } from './company.model';
import type { CompanySort, CompanyView, ListCompaniesQuery } from './company.operations';
import { companyViews } from './company-view';

export const COMPANY_ORDERS: Record<CompanySort, KeysetOrder> = {
  created_desc: { name: 'created_desc', field: 'created_at', direction: -1 },
  created_asc: { name: 'created_asc', field: 'created_at', direction: 1 },
  name_asc: { name: 'name_asc', field: 'name_folded', direction: 1 },
  name_desc: { name: 'name_desc', field: 'name_folded', direction: -1 },
  updated_desc: { name: 'updated_desc', field: 'updated_at', direction: -1 },
};

// The terms `q` matches by prefix, each with an index after workspace and bin.
const SEARCH_FIELDS = ['name_folded', 'domain', 'account_number_folded', 'postcode_folded'] as const;

// Equality written as a one-value range. Same matches; the embedded store's rule-based planner
// then prefers the index that gives the sort (and stops after a page) over an index that only
// narrows by owner or kind and would sort the rest in memory. MongoDB chooses by trial either way.
const oneValue = (value: unknown) => ({ $gte: value, $lte: value });

// In the recycle bin: deleted_at is an ISO time there, null elsewhere.
export const IN_BIN = { $gt: '' };

export function companyListFilter(
  workspaceId: string,
  userId: string,
  query: ListCompaniesQuery,
): FilterQuery<CompanyRecord> {
  const filter: Record<string, unknown> = { workspace_id: workspaceId, deleted_at: query.deleted ? IN_BIN : null };
  if (query.owner !== undefined)
    filter.owner_id = oneValue(
      query.owner === 'me' ? userId : query.owner === 'none' ? null : query.owner.toLowerCase(),
    );
  if (query.kind !== undefined) filter.is_account = oneValue(query.kind === 'account');
  for (const field of ['stage_id', 'pipeline_id', 'source_id', 'campaign_id'] as const) {
    const value = query[field];
    if (value !== undefined) filter[field] = value.toLowerCase();
  }
  Object.assign(filter, parseCustomFilter(query.custom));
  return filter;
}

// Strings starting with the prefix, as an index range.
const prefixRange = (prefix: string) => ({ $gte: prefix, $lt: `${prefix}\u{10FFFF}` });

// Up to this many matches per term, `q` gathers them from the terms' indexes; beyond, matches are
// common enough that walking the list in its order finds a page quickly.
const FEW_MATCHES = 1000;

const anyTermStarting = (prefix: string) => ({ $or: SEARCH_FIELDS.map((field) => ({ [field]: prefixRange(prefix) })) });

// `q`: counts each term's bounded prefix range (stopping past FEW_MATCHES). Few matches are
// gathered with only their sort key, sorted and paged in memory, then the page's companies read
// by id; many are paged like the plain list with an $or of the terms.
async function searchPage(
  context: ServiceContext,
  filter: FilterQuery<CompanyRecord>,
  query: ListCompaniesQuery,
  order: KeysetOrder,
) {
  const companies = companyModel(context.connection);
  const prefix = query.q!.toLowerCase();
  const counts = await Promise.all(
    SEARCH_FIELDS.map((field) =>
      companies
        .countDocuments({ ...filter, [field]: prefixRange(prefix) } as FilterQuery<CompanyRecord>, {
          limit: FEW_MATCHES + 1,
        })
        .exec(),
    ),
  );
  if (counts.some((count) => count > FEW_MATCHES)) {
    return plainPage(context, { $and: [filter, anyTermStarting(prefix)] }, query, order);
  }
  const found = await Promise.all(
    SEARCH_FIELDS.map((field, index) =>
      counts[index] === 0
        ? Promise.resolve([])
        : companies
            .find({ ...filter, [field]: prefixRange(prefix) } as FilterQuery<CompanyRecord>, {
              _id: 1,
              [order.field]: 1,
            })
            .lean<Array<Record<string, unknown> & { _id: string }>>()
            .exec(),
    ),
  );
  const candidates = sortCandidates(
    order,
    found.flat().map((row): Candidate => ({ _id: row._id, key: (row[order.field] ?? null) as SortKey })),
  );
  const paged =
    query.offset != null
      ? {
          data: candidates.slice(query.offset, query.offset + query.limit),
          next_cursor: null,
          total: candidates.length,
        }
      : candidatePage(order, candidates, query.limit, query.cursor);
  const ids = paged.data.map((candidate) => candidate._id);
  const rows =
    ids.length === 0
      ? []
      : await companies
          .find({ workspace_id: filter.workspace_id, _id: { $in: ids } })
          .lean<CompanyRecord[]>()
          .exec();
  const byId = new Map(rows.map((row) => [row._id, row]));
  return { ...paged, data: ids.map((id) => byId.get(id)).filter((row): row is CompanyRecord => row !== undefined) };
}

// Offset paging: the total, then the page read from whichever end of the order is nearer (a
// skip reads every document it passes on the embedded store, so offset=99975 of 100,000 reads 25
// from the other end instead of 100,000).
async function offsetPage(
  context: ServiceContext,
  filter: FilterQuery<CompanyRecord>,
  offset: number,
  limit: number,
  order: KeysetOrder,
) {
  const companies = companyModel(context.connection);
  const total = await companies.countDocuments(filter).exec();
  if (offset >= total) return { data: [], next_cursor: null, total };
  const count = Math.min(limit, total - offset);
  const fromEnd = total - offset - count;
  const reverse = fromEnd < offset;
  const direction = reverse ? -order.direction : order.direction;
  const rows = await companies
    .find(filter)
    .sort({ [order.field]: direction, _id: direction } as Record<string, 1 | -1>)
    .skip(reverse ? fromEnd : offset)
    .limit(count)
    .lean<CompanyRecord[]>()
    .exec();
  return { data: reverse ? rows.reverse() : rows, next_cursor: null, total };
}

async function plainPage(
  context: ServiceContext,
  filter: FilterQuery<CompanyRecord>,
  query: ListCompaniesQuery,
  order: KeysetOrder,
) {
  if (query.offset != null) return offsetPage(context, filter, query.offset, query.limit, order);
  // Every sort key is set on every company (name is required), so the cursor may bound the walk.
  return keysetPage(companyModel(context.connection), fromCursor(filter, order, query.cursor), {
    order,
    limit: query.limit,
    cursor: query.cursor,
  });
}

export async function listCompanyPage(
  context: ServiceContext,
  workspaceId: string,
  userId: string,
  query: ListCompaniesQuery,
): Promise<{ data: CompanyView[]; next_cursor: string | null; total?: number }> {
  const filter = companyListFilter(workspaceId, userId, query);
  const order = COMPANY_ORDERS[query.sort];
  const page = query.q
    ? await searchPage(context, filter, query, order)
    : await plainPage(context, filter, query, order);
  return { ...page, data: await companyViews(context, workspaceId, page.data) };
}

// The list tabs, each as the list with the same filters counts it, by counting index keys without
// reading companies (about 10 ms per 100,000 keys on the embedded store). The owner index is
// walked once in four disjoint ranges (mine, unassigned, other members below and above mine:
// owner_id is a string or null), which add up to all; leads are the rest of all (is_account is
// always true or false).
export async function companyCounts(context: ServiceContext, workspaceId: string, userId: string) {
  const companies = companyModel(context.connection);
  const active = { workspace_id: workspaceId, deleted_at: null };
  const count = (filter: Record<string, unknown>) =>
    companies.countDocuments(filter as FilterQuery<CompanyRecord>).exec();
  const [mine, unassigned, below, above, accounts, deleted] = await Promise.all([
    count({ ...active, owner_id: userId }),
    count({ ...active, owner_id: null }),
    count({ ...active, owner_id: { $lt: userId } }),
    count({ ...active, owner_id: { $gt: userId } }),
    count({ ...active, is_account: true }),
    count({ workspace_id: workspaceId, deleted_at: IN_BIN }),
  ]);
  const all = mine + unassigned + below + above;
  return { all, leads: all - accounts, accounts, mine, unassigned, deleted };
}
