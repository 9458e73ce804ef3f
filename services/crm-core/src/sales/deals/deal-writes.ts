import type { ClientSession } from 'mongoose';
import { isoNow, isUuid, newId, notFound, type InternalClaims } from '@crm/kit';
import { dealCreated, dealDeleted, dealUpdated } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { claimRecordRoom } from '../../records/record-limit';
import { dealModel, type DealRecord } from './deal.model';
import type { CreateDealBody, DealView, UpdateDealBody } from './deal.operations';
import { minorParts } from './deal-money';
import { keepDealTotals } from './deal-totals-upkeep';
import {
  checkLocalReferences,
  checkPeerReferences,
  companyCampaign,
  dealCustom,
  dealStage,
  defaultDealStage,
  statusIn,
  type DealStage,
} from './deal-rules';
import { dealNames, dealState, dealView } from './deal-view';
import { dealSettings } from './workspace-settings';
import type { CrmCoreRuntime } from '../../crm-core-runtime';

// expected_close's sort key: undated deals last in close_asc.
const UNDATED = '9999-12-31';

type PlainFields = Pick<
  DealRecord,
  | 'company_id'
  | 'contact_id'
  | 'probability'
  | 'expected_close'
  | 'lost_reason'
  | 'owner_id'
  | 'source_id'
  | 'campaign_id'
>;
const PLAIN_FIELDS = [
  'company_id',
  'contact_id',
  'probability',
  'expected_close',
  'lost_reason',
  'owner_id',
  'source_id',
  'campaign_id',
] as const;

// The body's fields as stored, with what is derived from them (folded name, money halves, sort key).
function storedFields(body: UpdateDealBody): Partial<DealRecord> {
  const stored: Partial<DealRecord> = {};
  for (const field of PLAIN_FIELDS)
    if (body[field] !== undefined) (stored as Record<string, unknown>)[field] = body[field];
  if (body.name !== undefined) Object.assign(stored, { name: body.name, name_folded: body.name.toLowerCase() });
  if (body.value !== undefined) Object.assign(stored, minorParts(body.value));
  if (body.currency !== undefined) stored.currency = body.currency;
  if (body.expected_close !== undefined) stored.close_key = body.expected_close ?? UNDATED;
  return stored;
}

const placementIn = (stage: DealStage) => ({ stage_id: stage._id, pipeline_id: stage.pipeline_id });

const EMPTY_DEAL: PlainFields & Pick<DealRecord, 'close_key'> = {
  company_id: null,
  contact_id: null,
  probability: null,
  expected_close: null,
  close_key: UNDATED,
  lost_reason: null,
  owner_id: null,
  source_id: null,
  campaign_id: null,
};

export async function createDealRecord(
  runtime: CrmCoreRuntime,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateDealBody,
): Promise<DealView> {
  const { context } = runtime;
  await checkPeerReferences(context, workspaceId, body);
  await runtime.workspaceSeeds.ensure(workspaceId);
  const currency = body.currency ?? (await dealSettings(context, workspaceId)).currency;
  const id = newId();
  return commit(context, async ({ transaction, publish }) => {
    const stage =
      body.stage_id === undefined
        ? await defaultDealStage(context, workspaceId, transaction)
        : await dealStage(context, workspaceId, 'stage_id', body.stage_id, transaction);
    await checkLocalReferences(context, workspaceId, body, transaction);
    const now = isoNow();
    const record: DealRecord = {
      _id: id,
      version: 1,
      workspace_id: workspaceId,
      ...EMPTY_DEAL,
      ...minorParts(0),
      ...storedFields(body),
      name: body.name,
      name_folded: body.name.toLowerCase(),
      currency,
      campaign_id:
        body.campaign_id !== undefined
          ? body.campaign_id
          : await companyCampaign(context, workspaceId, body.company_id, transaction),
      ...placementIn(stage),
      ...statusIn(stage, null, now),
      custom: body.custom === undefined ? {} : await dealCustom(context, workspaceId, body.custom, null, transaction),
      created_at: now,
      updated_at: now,
    };
    await claimRecordRoom(context, transaction, workspaceId, claims.plan, 1);
    await dealModel(context.connection).create([record], { session: transaction });
    await keepDealTotals(context, transaction, null, record);
    const names = await dealNames(context, workspaceId, [record]);
    publish(dealCreated, { workspace_id: workspaceId, actor: claims.actor, data: dealState(record, names) });
    return dealView(record, names);
  });
}

// A deal of the workspace, or 404 (another workspace's id too).
export async function findDeal(
  context: ServiceContext,
  workspaceId: string,
  id: string,
  session?: ClientSession,
): Promise<DealRecord> {
  if (!isUuid(id)) throw notFound('deal');
  const deal = await dealModel(context.connection)
    .findOne({ _id: id, workspace_id: workspaceId })
    .session(session ?? null)
    .lean<DealRecord>()
    .exec();
  if (!deal) throw notFound('deal');
  return deal;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
// Derived fields change with what they come from; events name the fields a client sets.
const DERIVED = new Set(['name_folded', 'value_minor', 'value_high', 'value_low', 'close_key', 'pipeline_id']);

export async function updateDealRecord(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  body: UpdateDealBody,
): Promise<DealView> {
  const before = await findDeal(context, workspaceId, id);
  // Only references that change are asked of their owners: keeping a since-disabled owner is no new claim.
  await checkPeerReferences(context, workspaceId, {
    owner_id: body.owner_id !== before.owner_id ? body.owner_id : undefined,
    campaign_id: body.campaign_id !== before.campaign_id ? body.campaign_id : undefined,
  });
  return commit(context, async ({ transaction, publish }) => {
    const current = await findDeal(context, workspaceId, id, transaction);
    const changedReference = (field: 'company_id' | 'contact_id' | 'source_id') =>
      body[field] !== current[field] ? body[field] : undefined;
    await checkLocalReferences(
      context,
      workspaceId,
      {
        company_id: changedReference('company_id'),
        contact_id: changedReference('contact_id'),
        source_id: changedReference('source_id'),
      },
      transaction,
    );
    const now = isoNow();
    const next: DealRecord = { ...current, ...storedFields(body) };
    if (body.stage_id !== undefined && body.stage_id !== current.stage_id) {
      const stage = await dealStage(context, workspaceId, 'stage_id', body.stage_id, transaction);
      Object.assign(next, placementIn(stage), statusIn(stage, current, now));
    }
    if (body.custom !== undefined)
      next.custom = await dealCustom(context, workspaceId, body.custom, current.custom ?? {}, transaction);
    const fields = (Object.keys(next) as Array<keyof DealRecord>).filter((field) => !same(next[field], current[field]));
    if (fields.length === 0) return dealView(current, await dealNames(context, workspaceId, [current]));
    const updated: DealRecord = { ...next, version: (current.version ?? 1) + 1, updated_at: now };
    const changed = Object.fromEntries(fields.map((field) => [field, updated[field]]));
    await dealModel(context.connection).updateOne(
      { _id: id, workspace_id: workspaceId },
      { $set: { ...changed, version: updated.version, updated_at: updated.updated_at } },
      { session: transaction },
    );
    await keepDealTotals(context, transaction, current, updated);
    const names = await dealNames(context, workspaceId, [updated]);
    const named = fields
      .map((field) => (field === 'value_minor' ? 'value' : field))
      .filter((field) => !DERIVED.has(field));
    publish(dealUpdated, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: { ...dealState(updated, names), fields: named },
    });
    return dealView(updated, names);
  });
}

// DELETE: for good (deals have no recycle bin); the event carries the last state.
export async function deleteDealRecord(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
): Promise<void> {
  await commit(context, async ({ transaction, publish }) => {
    const deal = await findDeal(context, workspaceId, id, transaction);
    await dealModel(context.connection).deleteOne(
      { _id: deal._id, workspace_id: workspaceId },
      { session: transaction },
    );
    await keepDealTotals(context, transaction, deal, null);
    publish(dealDeleted, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: dealState({ ...deal, version: (deal.version ?? 1) + 1 }, await dealNames(context, workspaceId, [deal])),
    });
  });
}
