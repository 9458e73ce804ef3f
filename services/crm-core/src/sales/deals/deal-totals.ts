import type { FilterQuery } from 'mongoose';
import type { ServiceContext } from '@crm/service-host';
import { dealModel, type DealRecord, type DealStatus } from './deal.model';
import { dealTotalsModel, type DealTotalsRecord } from './deal-totals.model';
import { joinHalves, majorOf, weightedMajorOf } from './deal-money';
import type { StageInfo } from './deal-view';

// Sums over a filtered set of deals, done by the store in one $group and made exact with BigInt:
// the store adds each money half as doubles (exact, see deal.model.ts), and the weighted value is
// computed per group, because a deal without its own probability takes its stage's (which may
// have changed since), so it cannot be stored with the deal.

export interface DealGroup {
  currency: string;
  stage_id: string;
  status: DealStatus;
  probability: number | null;
  count: number;
  minor: bigint;
}

// Fields deal_totals keeps: a filter of equalities on them alone is answered from its rows.
const KEPT = new Set(['workspace_id', 'pipeline_id', 'stage_id', 'status', 'owner_id', 'campaign_id']);

const isKept = (filter: FilterQuery<DealRecord>) =>
  Object.entries(filter).every(([field, value]) => KEPT.has(field) && (value === null || typeof value === 'string'));

async function keptGroups(context: ServiceContext, filter: FilterQuery<DealTotalsRecord>): Promise<DealGroup[]> {
  const rows = await dealTotalsModel(context.connection)
    .find(filter, { stage_id: 1, status: 1, currency: 1, probability: 1, count: 1, high: 1, low: 1 })
    .lean<DealTotalsRecord[]>()
    .exec();
  return rows
    .filter((row) => row.count > 0)
    .map((row) => ({
      currency: row.currency,
      stage_id: row.stage_id ?? '',
      status: row.status as DealStatus,
      probability: row.probability ?? null,
      count: row.count,
      minor: joinHalves(row.high, row.low),
    }));
}

// Won and lost deals closed in [from, to), from the kept totals (status, currency and count per group).
export function closedGroups(
  context: ServiceContext,
  scope: FilterQuery<DealRecord>,
  from: string,
  to: string,
): Promise<DealGroup[]> {
  return keptGroups(context, { ...scope, family: 'closed', closed_bucket: { $gte: from, $lt: to } });
}

// The deals a filter matches, grouped: from the kept totals when it filters on kept fields only,
// else by the store over the matching deals (company, custom and q narrow them down).
// `hint`: the index to read the matching deals through, when the caller knows it best.
export async function dealGroups(
  context: ServiceContext,
  filter: FilterQuery<DealRecord>,
  hint?: Record<string, 1 | -1>,
): Promise<DealGroup[]> {
  if (isKept(filter)) return keptGroups(context, { ...filter, family: 'stage' });
  const grouping = dealModel(context.connection).aggregate<{
    _id: { currency: string; stage_id: string; status: DealStatus; probability: number | null };
    count: number;
    high: number;
    low: number;
  }>([
    { $match: filter },
    {
      $group: {
        _id: { currency: '$currency', stage_id: '$stage_id', status: '$status', probability: '$probability' },
        count: { $sum: 1 },
        high: { $sum: '$value_high' },
        low: { $sum: '$value_low' },
      },
    },
  ]);
  const rows = await (hint ? grouping.hint(hint) : grouping).exec();
  return rows.map((row) => ({
    ...row._id,
    probability: row._id.probability ?? null,
    count: row.count,
    minor: joinHalves(row.high, row.low),
  }));
}

// Exact running totals: minor units, and minor units × percent for the weighted value.
export class Totals {
  count = 0;
  minor = 0n;
  weightedUnits = 0n;

  add(group: DealGroup, stages: ReadonlyMap<string, Pick<StageInfo, 'probability'>>): void {
    const probability = group.probability ?? stages.get(group.stage_id)?.probability ?? 0;
    this.count += group.count;
    this.minor += group.minor;
    this.weightedUnits += group.minor * BigInt(probability);
  }

  amounts(): { count: number; value: number; weighted: number } {
    return { count: this.count, value: majorOf(this.minor), weighted: weightedMajorOf(this.weightedUnits) };
  }
}

// Groups summed per currency, the workspace's apart from the others (sorted by code).
export function totalsByCurrency(
  groups: readonly DealGroup[],
  stages: ReadonlyMap<string, Pick<StageInfo, 'probability'>>,
  currency: string,
) {
  const own = new Totals();
  const others = new Map<string, Totals>();
  for (const group of groups) {
    if (group.currency === currency) {
      own.add(group, stages);
      continue;
    }
    let totals = others.get(group.currency);
    if (!totals) {
      totals = new Totals();
      others.set(group.currency, totals);
    }
    totals.add(group, stages);
  }
  const other = [...others.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, totals]) => ({ currency: code, ...totals.amounts() }));
  return { own, other };
}
