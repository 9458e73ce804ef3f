import type { FilterQuery } from 'mongoose';
import type { ServiceContext } from '@crm/service-host';
import { parseCustomFilter } from '../../records/custom-filter';
import { dealModel, type DealRecord } from './deal.model';
import type { DealSort, DealView, ListDealsQuery } from './deal.operations';
import { dealGroups, totalsByCurrency } from './deal-totals';
import { dealViews, stageInfos } from './deal-view';
import { dealSettings } from './workspace-settings';

// Each sort walks one index ({workspace_id, <field>, _id}); the id breaks ties.
const ORDERS: Record<DealSort, Record<string, 1 | -1>> = {
  close_asc: { close_key: 1, _id: 1 },
  value_desc: { value_minor: -1, _id: -1 },
  created_desc: { created_at: -1, _id: -1 },
  updated_desc: { updated_at: -1, _id: -1 },
};

// `owner`: `me` is the caller (for an API key, the member who created it).
export const ownerFilter = (owner: string | undefined, userId: string) =>
  owner === undefined ? {} : { owner_id: owner === 'me' ? userId : owner.toLowerCase() };

export function dealFilter(
  workspaceId: string,
  userId: string,
  query: Omit<ListDealsQuery, 'sort' | 'limit' | 'offset'>,
): FilterQuery<DealRecord> {
  const filter: FilterQuery<DealRecord> = {
    workspace_id: workspaceId,
    ...ownerFilter(query.owner, userId),
    ...parseCustomFilter(query.custom),
  };
  for (const field of ['pipeline_id', 'stage_id', 'company_id', 'campaign_id'] as const) {
    const id = query[field];
    if (id !== undefined) filter[field] = id.toLowerCase();
  }
  if (query.status !== undefined) filter.status = query.status;
  // A prefix of the folded name: one bounded range on its index.
  if (query.q !== undefined && query.q.trim() !== '') {
    const prefix = query.q.trim().toLowerCase();
    filter.name_folded = { $gte: prefix, $lt: `${prefix}\uffff` };
  }
  return filter;
}

// A name prefix matching at most this many deals is read through the name index and sorted in
// memory: planned with the other filters, a sort index would walk every deal of the workspace.
const FEW_MATCHES = 2000;
const NAME_INDEX: Record<string, 1 | -1> = { workspace_id: 1, name_folded: 1 };

async function nameIndexHint(
  context: ServiceContext,
  filter: FilterQuery<DealRecord>,
): Promise<typeof NAME_INDEX | undefined> {
  if (filter.name_folded === undefined) return undefined;
  // The two conditions as they are (mongoose types a condition as any).
  const named: FilterQuery<DealRecord> = {
    workspace_id: filter.workspace_id as unknown,
    name_folded: filter.name_folded as unknown,
  };
  return (await dealModel(context.connection).countDocuments(named).exec()) > FEW_MATCHES ? undefined : NAME_INDEX;
}

export async function listDealPage(
  context: ServiceContext,
  workspaceId: string,
  userId: string,
  query: ListDealsQuery,
) {
  const filter = dealFilter(workspaceId, userId, query);
  const hint = await nameIndexHint(context, filter);
  const page = dealModel(context.connection)
    .find(filter)
    .sort(ORDERS[query.sort])
    .skip(query.offset)
    .limit(query.limit);
  const [records, groups, settings] = await Promise.all([
    (hint ? page.hint(hint) : page).lean<DealRecord[]>().exec(),
    dealGroups(context, filter, hint),
    dealSettings(context, workspaceId),
  ]);
  const stages = await stageInfos(context, workspaceId, [...new Set(groups.map((group) => group.stage_id))]);
  const { own, other } = totalsByCurrency(groups, stages, settings.currency);
  const data: DealView[] = await dealViews(context, workspaceId, records);
  const total = groups.reduce((sum, group) => sum + group.count, 0);
  const { value, weighted } = own.amounts();
  return { data, total, value, weighted, currency: settings.currency, other_currencies: other };
}
