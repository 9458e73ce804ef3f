import type { ClientSession } from 'mongoose';
import { conflict, isoNow, isUuid, newId, notFound, validationFailed, type InternalClaims } from '@crm/kit';
import { companyUpdated, stageCreated, stageDeleted, stageUpdated } from '@crm/protos';
import { commit, type Checkpoints, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import { companyModel, type CompanyRecord } from '../../records/companies/company.model';
import { companyState } from '../../records/companies/company-view';
import { dealsUse, followStageKind, moveDealsOfStage, type DealPosition } from '../deals/deal-rewrites';
import { CASE_INSENSITIVE, pipelineModel, stageModel, type PipelineRecord, type StageRecord } from './catalogue.model';
import type { CreateStageBody, UpdateStageBody } from './catalogue.operations';
import { checkKind, defaultProbability, nameTaken, requireStages } from './catalogue-rules';
import { stageState } from './catalogue-state';
import { stagesOf } from './catalogue-views';
import { announcer, claimPipeline, loadPipeline, saveChange, uniqueName } from './catalogue-writes';

const STAGE_NAME = 'stage of this pipeline';

function loadStage(context: ServiceContext, workspaceId: string, id: string, session: ClientSession) {
  return stageModel(context.connection)
    .findOne({ _id: id, workspace_id: workspaceId })
    .session(session)
    .lean<StageRecord>()
    .exec();
}

// The stage's pipeline, claimed for this change (see claimPipeline).
async function claimedPipelineOf(
  context: ServiceContext,
  stage: StageRecord,
  session: ClientSession,
): Promise<PipelineRecord> {
  const pipelines = pipelineModel(context.connection);
  const pipeline = await loadPipeline(pipelines, stage.workspace_id, stage.pipeline_id, session);
  if (!pipeline) throw notFound('pipeline stage');
  await claimPipeline(pipelines, pipeline, session);
  return pipeline;
}

// A catalogue change that rewrites the records in a stage (deleting it with move_to, changing its
// kind) commits them in steps of at most STEP records, each step its own transaction that checks
// the change again and claims the pipeline; the step that finds fewer left finishes the change.
// One transaction for 100,000 companies would hold the service's thread on the embedded store for
// half a minute (every other workspace's requests waiting) and is what MongoDB advises against
// (its production notes: at most 1,000 documents a transaction). A request interrupted part-way
// leaves the records moved so far, each consistent with its event; sending it again finishes it
// (with an Idempotency-Key the operation is resumable: docs/idempotency.md).
// A step computes without a turn of the event loop until its commit waits for the disk. Another
// workspace's reads during the deletion of a stage of 30,000 (one connection, p99): Node 22, 97 ms
// at 200, 45 at 100; Node 20, 63-68 at 100, 37-44 at 50. Each for the same CPU; at 50 the request
// answers ~40% later and the reports show every move 3-5% later.
export const STEP = 50;

// What a stepped change has done in earlier steps, also of an earlier run of the same keyed request.
export interface StepProgress {
  rewritten: number;
}

// Companies a catalogue change moves or makes accounts or leads (recycle bin included), at most
// `limit` of them: each gets the next version and its own crm.company.updated with its new state,
// as a bulk move_stage gives them, so projections of companies follow from company events alone.
// A company rewritten no longer matches, so the next step takes the next ones.
async function rewriteCompanies(
  context: ServiceContext,
  unit: UnitOfWork,
  claims: InternalClaims,
  stage: StageRecord,
  placement: Pick<CompanyRecord, 'is_account'> & Partial<Pick<CompanyRecord, 'stage_id' | 'pipeline_id'>>,
  limit: number,
): Promise<number> {
  const companies = companyModel(context.connection);
  const session = unit.transaction;
  const matching: Record<string, unknown> = { workspace_id: stage.workspace_id, stage_id: stage._id };
  if (placement.stage_id === undefined) matching.is_account = !placement.is_account;
  const ids = (
    await companies.find(matching, { _id: 1 }).limit(limit).session(session).lean<Array<{ _id: string }>>().exec()
  ).map((row) => row._id);
  if (ids.length === 0) return 0;
  const moved = { workspace_id: stage.workspace_id, _id: { $in: ids } };
  await companies.updateMany(
    moved,
    { $set: { ...placement, updated_at: isoNow() }, $inc: { version: 1 } },
    { session },
  );
  const records = await companies.find(moved).session(session).lean<CompanyRecord[]>().exec();
  const fields = Object.keys(placement);
  const announce = announcer(unit, claims, stage.workspace_id);
  for (const record of records) announce(companyUpdated, { ...companyState(record), fields });
  return ids.length;
}

export async function createStage(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateStageBody,
) {
  const pipelines = pipelineModel(context.connection);
  return uniqueName(STAGE_NAME, () =>
    commit(context, async (unit) => {
      const session = unit.transaction;
      const pipeline = await loadPipeline(pipelines, workspaceId, body.pipeline_id, session);
      if (!pipeline) throw validationFailed('pipeline_id is not a pipeline of this workspace');
      const kind = body.kind ?? 'open';
      checkKind(pipeline.object, kind, 'kind');
      await claimPipeline(pipelines, pipeline, session);
      const stages = await stagesOf(context, workspaceId, [pipeline._id], session);
      const now = isoNow();
      const stage: StageRecord = {
        _id: newId(),
        version: 1,
        workspace_id: workspaceId,
        pipeline_id: pipeline._id,
        object: pipeline.object,
        name: body.name,
        position: stages.reduce((next, other) => Math.max(next, other.position + 1), 0),
        kind,
        probability: defaultProbability(kind),
        created_at: now,
        updated_at: now,
      };
      await stageModel(context.connection).create([stage], { session });
      announcer(unit, claims, workspaceId)(stageCreated, stageState(stage));
      return stage;
    }),
  );
}

export async function updateStage(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  body: UpdateStageBody,
  checkpoints?: Checkpoints<StepProgress>,
): Promise<StageRecord> {
  if (!isUuid(id)) throw notFound('pipeline stage');
  // Records rewritten by earlier steps (of an earlier run too, when the request is keyed).
  let rewritten = checkpoints?.last?.rewritten ?? 0;
  // Where the deals' rewrite has got to (a run resumed after a crash starts again from the first
  // deal: the ones rewritten then no longer match).
  let dealsReached: DealPosition | null = null;
  for (;;) {
    // A step that rewrote STEP records committed, and more may be left: where its deals got to.
    const updated = await uniqueName(STAGE_NAME, () =>
      commit(context, async (unit): Promise<StageRecord | { reached: DealPosition | null }> => {
        const session = unit.transaction;
        const stage = await loadStage(context, workspaceId, id, session);
        if (!stage) throw notFound('pipeline stage');
        if (body.kind !== undefined) checkKind(stage.object, body.kind, 'kind');
        const pipeline = await claimedPipelineOf(context, stage, session);
        const changes: Partial<StageRecord> = {};
        if (body.name !== undefined && body.name !== stage.name) changes.name = body.name;
        if (body.probability !== undefined && body.probability !== stage.probability)
          changes.probability = body.probability;
        if (body.kind !== undefined && body.kind !== stage.kind) {
          changes.kind = body.kind;
          // A stage that becomes won or lost takes that kind's probability unless one is given.
          if (body.probability === undefined && (body.kind === 'won' || body.kind === 'lost'))
            changes.probability = defaultProbability(body.kind);
          const others = (await stagesOf(context, workspaceId, [pipeline._id], session)).filter(
            (other) => other._id !== stage._id,
          );
          requireStages(pipeline.object, [...others.map((other) => other.kind), body.kind]);
          // The new name is written in the last step: a name in use must refuse the request before
          // the first step commits anything (the unique index decides between concurrent changes).
          if (changes.name !== undefined && nameInUse(others, changes.name)) throw nameTaken(STAGE_NAME);
          let budget = STEP;
          if ((stage.kind === 'account') !== (body.kind === 'account'))
            budget -= await rewriteCompanies(
              context,
              unit,
              claims,
              stage,
              { is_account: body.kind === 'account' },
              budget,
            );
          // Deals in a stage that becomes won or lost close; in one that becomes open they reopen.
          let reached = dealsReached;
          if (stage.object === 'deal' && budget > 0) {
            const followed = await followStageKind(context, unit, claims.actor, stage, body.kind, budget, reached);
            budget -= followed.rewritten;
            reached = followed.reached;
          }
          // The stage takes its new kind in the step that finds no more records to rewrite.
          if (budget === 0) {
            await checkpoints?.save(unit, { rewritten: rewritten + STEP });
            return { reached };
          }
        }
        if (Object.keys(changes).length === 0) return stage;
        const saved = await saveChange(stageModel(context.connection), stage, changes, session);
        announcer(unit, claims, workspaceId)(stageUpdated, stageState(saved));
        return saved;
      }),
    );
    if (!('reached' in updated)) return updated;
    // Only once the step has committed: a step retried after a conflict reads from where the
    // previous committed step left.
    dealsReached = updated.reached;
    rewritten += STEP;
  }
}

// Names compared as the unique index compares them (CASE_INSENSITIVE: strength 2, so case is
// ignored and accents are not).
const NAMES = new Intl.Collator(CASE_INSENSITIVE.locale, { sensitivity: 'accent' });

// Whether another stage of the pipeline has the name.
function nameInUse(others: readonly StageRecord[], name: string): boolean {
  return others.some((other) => NAMES.compare(other.name, name) === 0);
}

// The stage the deleted one's companies move to: another stage of the same pipeline.
async function targetStage(
  context: ServiceContext,
  stage: StageRecord,
  moveTo: string,
  session: ClientSession,
): Promise<StageRecord> {
  if (moveTo === stage._id) throw validationFailed('move_to must be another stage than the one deleted');
  const target = await loadStage(context, stage.workspace_id, moveTo, session);
  if (!target) throw validationFailed('move_to is not a stage of this workspace');
  if (target.pipeline_id !== stage.pipeline_id) throw validationFailed('move_to must be a stage of the same pipeline');
  return target;
}

export async function deleteStage(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  moveTo: string | undefined,
  checkpoints?: Checkpoints<StepProgress>,
): Promise<void> {
  if (!isUuid(id)) throw notFound('pipeline stage');
  const companies = companyModel(context.connection);
  // Records moved by earlier steps (of an earlier run too, when the request is keyed).
  let rewritten = checkpoints?.last?.rewritten ?? 0;
  for (;;) {
    // What the step did: whether it deleted the stage, and the records moved so far.
    const step = await commit(context, async (unit) => {
      const session = unit.transaction;
      const stage = await loadStage(context, workspaceId, id, session);
      if (!stage) throw notFound('pipeline stage');
      const target = moveTo === undefined ? null : await targetStage(context, stage, moveTo, session);
      const pipeline = await claimedPipelineOf(context, stage, session);
      const others = (await stagesOf(context, workspaceId, [pipeline._id], session)).filter(
        (other) => other._id !== stage._id,
      );
      requireStages(
        pipeline.object,
        others.map((other) => other.kind),
      );
      // Companies in the recycle bin count: restoring one must find its stage.
      const used = await companies.exists({ workspace_id: workspaceId, stage_id: stage._id }).session(session).exec();
      if (used && !target) {
        throw conflict(
          'companies are in this stage (also in the recycle bin): pass move_to with the stage they move to',
          'stage_in_use',
        );
      }
      const dealsIn = stage.object === 'deal' && (await dealsUse(context, workspaceId, { stage_id: stage._id }, unit));
      if (dealsIn && !target)
        throw conflict('deals are in this stage: pass move_to with the stage they move to', 'stage_in_use');
      let moved = 0;
      if (target) {
        let budget = STEP;
        // They close or reopen as the target's kind says.
        if (dealsIn) budget -= await moveDealsOfStage(context, unit, claims.actor, stage, target, budget);
        if (used && budget > 0) {
          const placement = {
            stage_id: target._id,
            pipeline_id: target.pipeline_id,
            is_account: target.kind === 'account',
          };
          budget -= await rewriteCompanies(context, unit, claims, stage, placement, budget);
        }
        // The stage is deleted in the step that finds no more records in it.
        if (budget === 0) {
          await checkpoints?.save(unit, { rewritten: rewritten + STEP });
          return { finished: false, rewritten: rewritten + STEP };
        }
        moved = STEP - budget;
      }
      await stageModel(context.connection).deleteOne({ _id: stage._id, workspace_id: workspaceId }, { session });
      announcer(
        unit,
        claims,
        workspaceId,
      )(stageDeleted, {
        ...stageState({ ...stage, version: (stage.version ?? 1) + 1 }),
        moved_to: rewritten + moved > 0 && target ? target._id : null,
      });
      return { finished: true, rewritten: rewritten + moved };
    });
    if (step.finished) return;
    rewritten = step.rewritten;
  }
}
