import { AppError, call, isDuplicateKey, isoNow, newId, validationFailed, type InternalClaims } from '@crm/kit';
import type { EventActor } from '@crm/bus';
import { crmCoreLeadsV1, touchpointRecorded } from '@crm/protos';
import { commit, peerClient, type ServiceContext, type UnitOfWork } from '@crm/service-host';
import { campaignModel, type CampaignRecord } from '../campaigns/campaign.model';
import { touchpointModel, type TouchpointRecord } from './touchpoint.model';
import type { ListTouchpointsQuery, RecordTouchpointsBody, TouchpointView } from './touchpoint.operations';
import { touchpointState, touchpointViews } from './touchpoint-view';

// A concurrent request that stored the same external_ref first makes ours collide on the unique
// index; the retry then counts it as a duplicate.
const ATTEMPTS = 5;

export type NewTouchpoint = Omit<TouchpointRecord, '_id' | 'version' | 'workspace_id' | 'created_at'>;

// Stores the touchpoints in the unit's transaction and publishes marketing.touchpoint.recorded for
// each; one with an external_ref already recorded in its campaign (stored, or earlier in the same
// batch) is a duplicate. Returns how many were stored.
export async function storeTouchpoints(
  context: ServiceContext,
  unit: Pick<UnitOfWork, 'transaction' | 'publish'>,
  workspaceId: string,
  actor: EventActor | null,
  items: NewTouchpoint[],
  campaignNames: Map<string, string>,
): Promise<{ created: number; duplicates: number }> {
  const model = touchpointModel(context.connection);
  const refKey = (campaignId: string, ref: string) => `${campaignId}\u0000${ref}`;
  const withRefs = items.filter((item) => item.external_ref !== null);
  const taken = new Set<string>();
  if (withRefs.length > 0) {
    const stored = await model
      .find(
        {
          workspace_id: workspaceId,
          campaign_id: { $in: [...new Set(withRefs.map((item) => item.campaign_id))] },
          external_ref: { $in: [...new Set(withRefs.map((item) => item.external_ref!))] },
        },
        { campaign_id: 1, external_ref: 1 },
      )
      .session(unit.transaction)
      .lean<Array<{ campaign_id: string; external_ref: string }>>()
      .exec();
    for (const row of stored) taken.add(refKey(row.campaign_id, row.external_ref));
  }
  const now = isoNow();
  const records: TouchpointRecord[] = [];
  let duplicates = 0;
  for (const item of items) {
    if (item.external_ref !== null) {
      const key = refKey(item.campaign_id, item.external_ref);
      if (taken.has(key)) {
        duplicates += 1;
        continue;
      }
      taken.add(key);
    }
    records.push({ _id: newId(), version: 1, workspace_id: workspaceId, ...item, created_at: now });
  }
  if (records.length > 0) await model.insertMany(records, { session: unit.transaction, ordered: true, lean: true });
  for (const record of records) {
    unit.publish(touchpointRecorded, {
      workspace_id: workspaceId,
      actor,
      data: touchpointState(record, campaignNames.get(record.campaign_id) ?? ''),
    });
  }
  return { created: records.length, duplicates };
}

// Runs a write that stores touchpoints (or spend lines) again when a concurrent request's
// external_ref won the unique index: the retry sees it.
export async function retryingRefCollisions<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isDuplicateKey(error) || attempt >= ATTEMPTS) throw error;
    }
  }
}

// The live campaigns the items name; an unknown one is a 400 naming its item.
async function campaignsOf(
  context: ServiceContext,
  workspaceId: string,
  body: RecordTouchpointsBody,
): Promise<Map<string, CampaignRecord>> {
  const ids = [...new Set(body.touchpoints.map((item) => item.campaign_id.toLowerCase()))];
  const rows = await campaignModel(context.connection)
    .find({ workspace_id: workspaceId, _id: { $in: ids }, deleted_at: null })
    .lean<CampaignRecord[]>()
    .exec();
  const byId = new Map(rows.map((row) => [row._id, row]));
  const missing = body.touchpoints.findIndex((item) => !byId.has(item.campaign_id.toLowerCase()));
  if (missing !== -1) throw validationFailed(`touchpoints.${missing}.campaign_id is not a campaign of this workspace`);
  return byId;
}

// Everything is checked before anything is written.
function checkItems(body: RecordTouchpointsBody): void {
  body.touchpoints.forEach((item, index) => {
    const named = [item.contact_id, item.email, item.company_id].filter((value) => value !== undefined).length;
    if (named !== 1)
      throw validationFailed(`touchpoints.${index} must name exactly one of contact_id, email and company_id`);
  });
}

export async function recordTouchpointBatch(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  body: RecordTouchpointsBody,
): Promise<{ created: number; duplicates: number; unmatched: number[] }> {
  checkItems(body);
  const campaigns = await campaignsOf(context, workspaceId, body);
  // Who each item is about, asked of crm-core in one call; crm-core unreachable is 503.
  const client = peerClient(context, 'crm-core', crmCoreLeadsV1.CrmLeadsServiceClient);
  const { records } = await call(client.matchRecords.bind(client), {
    workspace_id: workspaceId,
    items: body.touchpoints.map((item) => ({
      contact_id: item.contact_id ?? '',
      email: item.email ?? '',
      company_id: item.company_id ?? '',
    })),
  });
  if (records.length !== body.touchpoints.length)
    throw new AppError('unavailable', 'crm-core answered for another number of items');
  const unmatched: number[] = [];
  const now = isoNow();
  const items: NewTouchpoint[] = [];
  body.touchpoints.forEach((item, index) => {
    const match = records[index];
    if (!match.matched) {
      unmatched.push(index);
      return;
    }
    items.push({
      campaign_id: item.campaign_id.toLowerCase(),
      contact_id: match.contact_id || null,
      company_id: match.company_id || null,
      kind: item.kind,
      occurred_at: item.occurred_at ? new Date(item.occurred_at).toISOString() : now,
      note: item.note?.trim() ? item.note : null,
      external_ref: item.external_ref ?? null,
      actor_label: claims.actor.label,
    });
  });
  const names = new Map([...campaigns.values()].map((campaign) => [campaign._id, campaign.name]));
  const counts = await retryingRefCollisions(() =>
    commit(context, (unit) => storeTouchpoints(context, unit, workspaceId, claims.actor, items, names)),
  );
  return { ...counts, unmatched };
}

export async function listTouchpointPage(
  context: ServiceContext,
  workspaceId: string,
  query: ListTouchpointsQuery,
): Promise<{ data: TouchpointView[]; total: number }> {
  const filter: Record<string, unknown> = { workspace_id: workspaceId };
  if (query.campaign_id) filter.campaign_id = query.campaign_id.toLowerCase();
  if (query.contact_id) filter.contact_id = query.contact_id.toLowerCase();
  if (query.company_id) filter.company_id = query.company_id.toLowerCase();
  const model = touchpointModel(context.connection);
  const [records, total] = await Promise.all([
    model
      .find(filter)
      .sort({ occurred_at: -1, _id: -1 })
      .skip(query.offset)
      .limit(query.limit)
      .lean<TouchpointRecord[]>()
      .exec(),
    model.countDocuments(filter).exec(),
  ]);
  return { data: await touchpointViews(context, workspaceId, records), total };
}
