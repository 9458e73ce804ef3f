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
  const found = await dealModel(context.connection)
    .find(filter)
    .limit(limit)
    .session(unit.transaction)
    .lean<DealRecord[]>()
    .exec();
  return rewriteEach(context, unit, actor, found, change);
}

// Each deal with its change: the next version and its crm.deal.updated (none for a deal the change
// leaves as it is). Answers how many changed.
async function rewriteEach(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  found: readonly DealRecord[],
  change: DealChange,
): Promise<number> {
  const deals = dealModel(context.connection);
  const session = unit.transaction;
  const now = isoNow();
  let rewritten = 0;
  for (const deal of found) {
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

// Where a stage's kind change has got to in the stage's deals, in the order of the index on
// `{workspace_id, stage_id, created_at, _id}`: each step reads on from there. Without it every
// step passed again over the deals the earlier steps had rewritten (they are still in the stage),
// so a stage of 100,000 deals cost 1,000 steps of up to 100,000 deals each.
export interface DealPosition {
  created_at: string;
  _id: string;
}

// A stage whose kind changes between open, won and lost closes or reopens its deals: at most
// `limit` of the deals whose status the kind changes (statusIn: an open deal has no closed_at, a
// closed one has it), after `after` when an earlier step got there. Answers how many it rewrote
// and where it got to.
export async function followStageKind(
  context: ServiceContext,
  unit: UnitOfWork,
  actor: EventActor | null,
  stage: StageRecord,
  kind: StageRecord['kind'],
  limit: number,
  after: DealPosition | null,
): Promise<{ rewritten: number; reached: DealPosition | null }> {
  const status = statusIn({ kind }, null, '').status;
  const changing =
    status === 'open'
      ? [{ status: { $ne: status } }, { closed_at: { $ne: null } }]
      : [{ status: { $ne: status } }, { closed_at: null }];
  const read = (from: DealPosition | null, count: number) =>
    dealModel(context.connection)
      .find({
        workspace_id: stage.workspace_id,
        stage_id: stage._id,
        $or: changing,
        ...(from
          ? { created_at: { $gte: from.created_at }, $nor: [{ created_at: from.created_at, _id: { $lte: from._id } }] }
          : {}),
      })
      .sort({ created_at: 1, _id: 1 })
      .limit(count)
      .session(unit.transaction)
      .lean<DealRecord[]>()
      .exec();
  const follow = (deal: DealRecord, now: string) => statusIn({ kind }, deal, now);
  const found = await read(after, limit);
  let rewritten = await rewriteEach(context, unit, actor, found, follow);
  let last = found.at(-1);
  // The last step reads the whole stage once more (the deals rewritten above no longer match): a
  // deal moved into it meanwhile, behind where the steps had got to, takes the new kind's status
  // too.
  if (after && found.length < limit) {
    const behind = await read(null, limit - found.length);
    rewritten += await rewriteEach(context, unit, actor, behind, follow);
    last = behind.at(-1) ?? last;
  }
  return { rewritten, reached: last ? { created_at: last.created_at, _id: last._id } : after };
}
