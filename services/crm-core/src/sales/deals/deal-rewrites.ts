import type { EventActor } from '@crm/bus';
import { isoNow } from '@crm/kit';
import { dealUpdated } from '@crm/protos';
import type { ServiceContext, UnitOfWork } from '@crm/service-host';
import type { FilterQuery } from 'mongoose';
import type { StageRecord } from '../catalogue/catalogue.model';
import { dealModel, type DealRecord } from './deal.model';
import { statusIn } from './deal-rules';
import { keepDealTotals } from './deal-totals-upkeep';
import { dealState } from './deal-view';

// Deals another record's change rewrites (a stage deleted or changing kind, a company or contact
// merged or purged): each gets its next version and its own crm.deal.updated in that change's
// transaction, so projections of deals follow from deal events alone. A stage's change rewrites
// them in steps (`limit` deals a transaction; stage-writes.ts): its filter then matches only deals
// the change still alters, so the next step takes the next ones.

type DealChange = (deal: DealRecord, now: string) => Partial<DealRecord>;

export async function rewriteDeals(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  filter: FilterQuery<DealRecord> & { workspace_id: string },
  change: DealChange,
  limit = 0,
): Promise<number> {
  const deals = dealModel(context.connection);
  const session = unit.transaction;
  const now = isoNow();
  let rewritten = 0;
  for (const deal of await deals.find(filter).limit(limit).session(session).lean<DealRecord[]>().exec()) {
    const changes = change(deal, now);
    const fields = Object.keys(changes).filter(
      (field) => JSON.stringify(changes[field as keyof DealRecord]) !== JSON.stringify(deal[field as keyof DealRecord]),
    );
    if (fields.length === 0) continue;
    const updated: DealRecord = { ...deal, ...changes, version: (deal.version ?? 1) + 1, updated_at: now };
    await deals.updateOne(
      { _id: deal._id, workspace_id: deal.workspace_id },
      { $set: { ...changes, version: updated.version, updated_at: now } },
      { session },
    );
    await keepDealTotals(context, session, deal, updated);
    unit.publish(dealUpdated, {
      workspace_id: deal.workspace_id,
      actor,
      data: { ...dealState(updated), fields: fields.filter((field) => field !== 'pipeline_id') },
    });
    rewritten += 1;
  }
  return rewritten;
}

// The catalogue's "in use" question for deals: any deal with this stage, pipeline or lead source.
export async function dealsUse(
  context: ServiceContext,
  workspaceId: string,
  reference: Partial<Pick<DealRecord, 'stage_id' | 'pipeline_id' | 'source_id'>>,
  unit: Pick<UnitOfWork, 'transaction'>,
): Promise<boolean> {
  return (
    (await dealModel(context.connection)
      .exists({ workspace_id: workspaceId, ...reference })
      .session(unit.transaction)
      .exec()) !== null
  );
}

// A deleted stage's deals move to move_to (same pipeline), closing or reopening as its kind says:
// at most `limit` of them.
export function moveDealsOfStage(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  stage: StageRecord,
  target: StageRecord,
  limit: number,
): Promise<number> {
  return rewriteDeals(
    context,
    unit,
    actor,
    { workspace_id: stage.workspace_id, stage_id: stage._id },
    (deal, now) => ({ stage_id: target._id, pipeline_id: target.pipeline_id, ...statusIn(target, deal, now) }),
    limit,
  );
}

// A stage whose kind changes between open, won and lost closes or reopens its deals: at most
// `limit` of the deals whose status the kind changes (statusIn: an open deal has no closed_at, a
// closed one has it).
export function followStageKind(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  stage: StageRecord,
  kind: StageRecord['kind'],
  limit: number,
): Promise<number> {
  const status = statusIn({ kind }, null, '').status;
  const changing =
    status === 'open'
      ? [{ status: { $ne: status } }, { closed_at: { $ne: null } }]
      : [{ status: { $ne: status } }, { closed_at: null }];
  return rewriteDeals(
    context,
    unit,
    actor,
    { workspace_id: stage.workspace_id, stage_id: stage._id, $or: changing },
    (deal, now) => statusIn({ kind }, deal, now),
    limit,
  );
}
