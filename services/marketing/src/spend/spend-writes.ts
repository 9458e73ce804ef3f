import {
  isDuplicateKey,
  isoNow,
  joinMinorHalves,
  majorUnits,
  minorAmount,
  newId,
  notFound,
  type InternalClaims,
} from '@crm/kit';
import { spendDeleted, spendRecorded, type SpendRecordedData, spendUpdated } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import type { CampaignRecord } from '../campaigns/campaign.model';
import { findCampaign } from '../campaigns/campaign-writes';
import { spendModel, type SpendRecord } from './spend.model';
import type { RecordSpendBody, SpendView } from './spend.operations';

// A concurrent request that stored the same external_ref first makes ours collide on the unique
// index; the retry then finds its line and replaces it.
const ATTEMPTS = 5;

export function spendState(line: SpendRecord, campaign: Pick<CampaignRecord, 'name' | 'currency'>): SpendRecordedData {
  return {
    spend_id: line._id,
    campaign_id: line.campaign_id,
    campaign_name: campaign.name,
    spent_on: line.spent_on,
    amount: majorUnits(line.amount_minor),
    currency: campaign.currency,
    note: line.note,
    external_ref: line.external_ref,
    created_at: line.created_at,
    version: line.version,
  };
}

const spendView = (line: SpendRecord): SpendView => ({
  id: line._id,
  spent_on: line.spent_on,
  amount: majorUnits(line.amount_minor),
  note: line.note,
  external_ref: line.external_ref,
  created_at: line.created_at,
});

export async function listSpendLines(
  context: ServiceContext,
  workspaceId: string,
  campaignId: string,
): Promise<{ data: SpendView[]; total: number }> {
  const campaign = await findCampaign(context, workspaceId, campaignId);
  const lines = await spendModel(context.connection)
    .find({ workspace_id: workspaceId, campaign_id: campaign._id })
    .sort({ spent_on: -1, created_at: -1, _id: -1 })
    .lean<SpendRecord[]>()
    .exec();
  let high = 0;
  let low = 0;
  for (const line of lines) {
    high += line.amount_high;
    low += line.amount_low;
  }
  return { data: lines.map(spendView), total: majorUnits(joinMinorHalves(high, low)) };
}

interface PreparedLine {
  spent_on: string;
  amount: ReturnType<typeof minorAmount>;
  note: string | null;
  external_ref: string | null;
}

// Everything is checked before anything is written: amounts with more than two decimals name
// lines.<i>.amount. A ref repeated in the request keeps its last line.
function prepare(body: RecordSpendBody): { lines: PreparedLine[]; repeats: number } {
  const byRef = new Map<string, PreparedLine>();
  const lines: PreparedLine[] = [];
  let repeats = 0;
  body.lines.forEach((line, index) => {
    const prepared: PreparedLine = {
      spent_on: line.spent_on,
      amount: minorAmount(line.amount, `lines.${index}.amount`),
      note: line.note?.trim() ? line.note : null,
      external_ref: line.external_ref ?? null,
    };
    if (prepared.external_ref === null) {
      lines.push(prepared);
      return;
    }
    if (byRef.has(prepared.external_ref)) repeats += 1;
    byRef.set(prepared.external_ref, prepared);
  });
  return { lines: [...lines, ...byRef.values()], repeats };
}

export async function recordSpendLines(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  campaignId: string,
  body: RecordSpendBody,
): Promise<{ created: number; updated: number }> {
  const { lines, repeats } = prepare(body);
  const campaign = await findCampaign(context, workspaceId, campaignId);
  for (let attempt = 1; ; attempt++) {
    try {
      const counts = await commit(context, async ({ transaction, publish }) => {
        const current = await findCampaign(context, workspaceId, campaign._id, transaction);
        const model = spendModel(context.connection);
        const refs = lines.flatMap((line) => (line.external_ref === null ? [] : [line.external_ref]));
        const existing =
          refs.length === 0
            ? []
            : await model
                .find({ workspace_id: workspaceId, campaign_id: current._id, external_ref: { $in: refs } })
                .session(transaction)
                .lean<SpendRecord[]>()
                .exec();
        const byRef = new Map(existing.map((line) => [line.external_ref!, line]));
        const now = isoNow();
        const inserts: SpendRecord[] = [];
        const replaced: SpendRecord[] = [];
        for (const line of lines) {
          const fields = {
            spent_on: line.spent_on,
            amount_minor: line.amount.minor,
            amount_high: line.amount.high,
            amount_low: line.amount.low,
            note: line.note,
            external_ref: line.external_ref,
            updated_at: now,
          };
          const earlier = line.external_ref === null ? undefined : byRef.get(line.external_ref);
          if (earlier) replaced.push({ ...earlier, ...fields, version: earlier.version + 1 });
          else
            inserts.push({
              _id: newId(),
              version: 1,
              workspace_id: workspaceId,
              campaign_id: current._id,
              ...fields,
              created_at: now,
            });
        }
        if (inserts.length > 0) await model.insertMany(inserts, { session: transaction, ordered: true, lean: true });
        if (replaced.length > 0) {
          // Each replaced line is written whole again under its id (one delete and one insert for
          // the batch, in this transaction), which the store does far faster than a thousand
          // single updates.
          await model.deleteMany(
            { workspace_id: workspaceId, _id: { $in: replaced.map((line) => line._id) } },
            { session: transaction },
          );
          await model.insertMany(replaced, { session: transaction, ordered: true, lean: true });
        }
        for (const line of inserts)
          publish(spendRecorded, { workspace_id: workspaceId, actor: claims.actor, data: spendState(line, current) });
        for (const line of replaced)
          publish(spendUpdated, { workspace_id: workspaceId, actor: claims.actor, data: spendState(line, current) });
        return { created: inserts.length, updated: replaced.length + repeats };
      });
      return counts;
    } catch (error) {
      if (!isDuplicateKey(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

export async function deleteSpendLine(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  campaignId: string,
  spendId: string,
): Promise<void> {
  await commit(context, async ({ transaction, publish }) => {
    const campaign = await findCampaign(context, workspaceId, campaignId, transaction);
    const line = await spendModel(context.connection)
      .findOneAndDelete(
        { _id: spendId, workspace_id: workspaceId, campaign_id: campaign._id },
        { session: transaction },
      )
      .lean<SpendRecord>()
      .exec();
    if (!line) throw notFound('spend line');
    publish(spendDeleted, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: spendState({ ...line, version: line.version + 1 }, campaign),
    });
  });
}
