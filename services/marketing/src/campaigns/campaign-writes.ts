import type { ClientSession } from 'mongoose';
import { isoNow, isUuid, minorAmount, newId, notFound, validationFailed, type InternalClaims } from '@crm/kit';
import { campaignCreated, campaignDeleted, campaignUpdated } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { checkLeadSource } from '../references/lead-sources';
import { checkOwner } from '../references/members';
import { workspaceCurrency } from '../references/workspace-currency';
import { campaignModel, type CampaignRecord } from './campaign.model';
import type { CampaignView, CreateCampaignBody, UpdateCampaignBody } from './campaign.operations';
import { campaignState, campaignViews } from './campaign-view';

// A live campaign of the workspace, or 404 (another workspace's id and a deleted one too).
export async function findCampaign(
  context: ServiceContext,
  workspaceId: string,
  id: string,
  session?: ClientSession,
): Promise<CampaignRecord> {
  const campaignId = id.toLowerCase();
  if (!isUuid(campaignId)) throw notFound('campaign');
  const campaign = await campaignModel(context.connection)
    .findOne({ _id: campaignId, workspace_id: workspaceId, deleted_at: null })
    .session(session ?? null)
    .lean<CampaignRecord>()
    .exec();
  if (!campaign) throw notFound('campaign');
  return campaign;
}

// References owned by other services, asked of their owners before the transaction; only the
// ones the request changes.
async function checkReferences(
  context: ServiceContext,
  workspaceId: string,
  body: UpdateCampaignBody,
  current: CampaignRecord | null,
): Promise<void> {
  const checks: Array<Promise<void>> = [];
  if (body.owner_id && body.owner_id !== current?.owner_id)
    checks.push(checkOwner(context, workspaceId, 'owner_id', body.owner_id));
  if (body.source_id && body.source_id !== current?.source_id)
    checks.push(checkLeadSource(context, workspaceId, 'source_id', body.source_id));
  await Promise.all(checks);
}

// The body's fields as stored, with what derives from them.
function storedFields(body: UpdateCampaignBody): Partial<CampaignRecord> {
  const stored: Partial<CampaignRecord> = {};
  for (const field of [
    'source_id',
    'status',
    'starts_on',
    'ends_on',
    'currency',
    'external_ref',
    'owner_id',
    'notes',
  ] as const) {
    if (body[field] !== undefined) (stored as Record<string, unknown>)[field] = body[field];
  }
  if (body.name !== undefined) Object.assign(stored, { name: body.name, name_folded: body.name.toLowerCase() });
  if (body.utm_campaign !== undefined)
    Object.assign(stored, { utm_campaign: body.utm_campaign, utm_folded: body.utm_campaign?.toLowerCase() ?? null });
  if (body.budget !== undefined)
    stored.budget_minor = body.budget === null ? null : minorAmount(body.budget, 'budget').minor;
  return stored;
}

function checkDates(record: Pick<CampaignRecord, 'starts_on' | 'ends_on'>): void {
  if (record.starts_on && record.ends_on && record.ends_on < record.starts_on)
    throw validationFailed('ends_on must not be before starts_on');
}

export async function createCampaignRecord(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateCampaignBody,
): Promise<CampaignView> {
  const fields = storedFields(body);
  const now = isoNow();
  const record: CampaignRecord = {
    _id: newId(),
    version: 1,
    workspace_id: workspaceId,
    name: body.name,
    name_folded: body.name.toLowerCase(),
    source_id: null,
    status: 'planned',
    starts_on: null,
    ends_on: null,
    budget_minor: null,
    currency: '',
    utm_campaign: null,
    utm_folded: null,
    external_ref: null,
    owner_id: null,
    notes: null,
    ...fields,
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
  checkDates(record);
  await checkReferences(context, workspaceId, body, null);
  record.currency = body.currency ?? (await workspaceCurrency(context, workspaceId));
  await commit(context, async ({ transaction, publish }) => {
    await campaignModel(context.connection).create([record], { session: transaction });
    publish(campaignCreated, { workspace_id: workspaceId, actor: claims.actor, data: campaignState(record) });
  });
  const [view] = await campaignViews(context, workspaceId, [record]);
  return view;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
// Derived fields change with what they come from; events name the fields a client sets.
const DERIVED: Record<string, string> = { name_folded: 'name', utm_folded: 'utm_campaign', budget_minor: 'budget' };

export async function updateCampaignRecord(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  body: UpdateCampaignBody,
): Promise<CampaignView> {
  const before = await findCampaign(context, workspaceId, id);
  checkDates({ ...before, ...storedFields(body) });
  await checkReferences(context, workspaceId, body, before);
  const updated = await commit(context, async ({ transaction, publish }) => {
    const current = await findCampaign(context, workspaceId, id, transaction);
    const next: CampaignRecord = { ...current, ...storedFields(body) };
    checkDates(next);
    const changed = (Object.keys(next) as Array<keyof CampaignRecord>).filter(
      (field) => !same(next[field], current[field]),
    );
    if (changed.length === 0) return current;
    next.version = current.version + 1;
    next.updated_at = isoNow();
    await campaignModel(context.connection).updateOne(
      { _id: current._id, workspace_id: workspaceId },
      {
        $set: {
          ...Object.fromEntries(changed.map((field) => [field, next[field]])),
          version: next.version,
          updated_at: next.updated_at,
        },
      },
      { session: transaction },
    );
    const fields = [...new Set(changed.map((field) => DERIVED[field] ?? field))];
    publish(campaignUpdated, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: { ...campaignState(next), fields },
    });
    return next;
  });
  const [view] = await campaignViews(context, workspaceId, [updated]);
  return view;
}

// Gone from the API; its last state stays for the names on touchpoints, spend and reports.
export async function deleteCampaignRecord(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
): Promise<void> {
  await commit(context, async ({ transaction, publish }) => {
    const current = await findCampaign(context, workspaceId, id, transaction);
    const deleted: CampaignRecord = { ...current, version: current.version + 1, deleted_at: isoNow() };
    await campaignModel(context.connection).updateOne(
      { _id: current._id, workspace_id: workspaceId },
      { $set: { deleted_at: deleted.deleted_at, version: deleted.version } },
      { session: transaction },
    );
    publish(campaignDeleted, { workspace_id: workspaceId, actor: claims.actor, data: campaignState(deleted) });
  });
}
