import type { ClientSession } from 'mongoose';
import type { ServiceContext } from '@crm/service-host';
import { dealModel, type DealRecord } from './deal.model';
import { dealTotalsModel, type DealTotalsRecord } from './deal-totals.model';

// Keeps deal_totals (deal-totals.model.ts) in step with one deal's change, in its transaction:
// what the deal added before is taken away, what it adds now is added. Concurrent changes to
// the same row conflict and the transaction runs again, so no change is lost.

type Dimensions = Omit<DealTotalsRecord, '_id' | 'workspace_id' | 'count' | 'high' | 'low'>;

// The 15 minutes an instant falls in: "2026-11-23T10:37:12.345Z" -> "2026-11-23T10:30:00.000Z".
export function closedBucket(closedAt: string): string {
  const minutes = Math.floor(Number(closedAt.slice(14, 16)) / 15) * 15;
  return `${closedAt.slice(0, 14)}${String(minutes).padStart(2, '0')}:00.000Z`;
}

function rowsOf(deal: DealRecord): Dimensions[] {
  const shared = {
    pipeline_id: deal.pipeline_id,
    status: deal.status,
    currency: deal.currency,
    owner_id: deal.owner_id ?? null,
    campaign_id: deal.campaign_id ?? null,
  };
  const rows: Dimensions[] = [
    { family: 'stage', ...shared, stage_id: deal.stage_id, probability: deal.probability ?? null, closed_bucket: null },
  ];
  if (deal.status !== 'open' && deal.closed_at)
    rows.push({
      family: 'closed',
      ...shared,
      stage_id: null,
      probability: null,
      closed_bucket: closedBucket(deal.closed_at),
    });
  return rows;
}

const keyOf = (workspaceId: string, row: Dimensions) =>
  JSON.stringify([
    workspaceId,
    row.family,
    row.pipeline_id,
    row.stage_id,
    row.status,
    row.currency,
    row.owner_id,
    row.campaign_id,
    row.probability,
    row.closed_bucket,
  ]);

export async function keepDealTotals(
  context: ServiceContext,
  session: ClientSession,
  before: DealRecord | null,
  after: DealRecord | null,
): Promise<void> {
  const deal = after ?? before;
  if (!deal) return;
  const changes = new Map<string, { row: Dimensions; count: number; high: number; low: number }>();
  const add = (record: DealRecord | null, sign: 1 | -1) => {
    for (const row of record ? rowsOf(record) : []) {
      const key = keyOf(deal.workspace_id, row);
      const change = changes.get(key) ?? { row, count: 0, high: 0, low: 0 };
      change.count += sign;
      change.high += sign * record!.value_high;
      change.low += sign * record!.value_low;
      changes.set(key, change);
    }
  };
  add(before, -1);
  add(after, 1);
  const totals = dealTotalsModel(context.connection);
  for (const [key, { row, count, high, low }] of changes) {
    if (count === 0 && high === 0 && low === 0) continue;
    await totals.updateOne(
      { _id: key, workspace_id: deal.workspace_id },
      { $inc: { count, high, low }, $setOnInsert: row },
      { upsert: true, session },
    );
    if (count < 0) await totals.deleteOne({ _id: key, workspace_id: deal.workspace_id, count: 0 }, { session });
  }
}

// Recomputes a workspace's totals from its deals: for deals written around the operations (a
// benchmark's seed, an import, a repair). Not for a workspace taking writes at the same time.
export async function rebuildDealTotals(context: ServiceContext, workspaceId: string): Promise<number> {
  const rows = new Map<string, DealTotalsRecord>();
  const fields = {
    pipeline_id: 1,
    stage_id: 1,
    status: 1,
    currency: 1,
    owner_id: 1,
    campaign_id: 1,
    probability: 1,
    closed_at: 1,
    value_high: 1,
    value_low: 1,
  };
  for await (const deal of dealModel(context.connection)
    .find({ workspace_id: workspaceId }, fields)
    .lean<DealRecord>()
    .cursor()) {
    for (const row of rowsOf(deal)) {
      const key = keyOf(workspaceId, row);
      const totals = rows.get(key) ?? { _id: key, workspace_id: workspaceId, ...row, count: 0, high: 0, low: 0 };
      totals.count += 1;
      totals.high += deal.value_high;
      totals.low += deal.value_low;
      rows.set(key, totals);
    }
  }
  await context.connection.transaction(async (session) => {
    const totals = dealTotalsModel(context.connection);
    await totals.deleteMany({ workspace_id: workspaceId }, { session });
    if (rows.size > 0) await totals.insertMany([...rows.values()], { session });
  });
  return rows.size;
}
