import { validationFailed } from '@crm/kit';
import type { ClientSession } from 'mongoose';
import type { ServiceContext } from '@crm/service-host';
import { leadSourceModel, pipelineModel, stageModel, type StageRecord } from '../catalogue/catalogue.model';
import { companyModel, type CompanyRecord } from '../../records/companies/company.model';
import { contactModel } from '../../records/contacts/contact.model';
import { checkCompany, mergeCustom } from '../../records/contacts/contact-rules';
import { activeCustomFields, validateCustomValues, type CustomValues } from '../../records/custom-fields/custom-values';
import { checkCampaign } from '../../records/references/campaigns';
import { checkMembers } from '../../records/references/members';
import type { DealRecord, DealStatus } from './deal.model';
import type { DealWritable } from './deal.operations';

// The rules a deal's writable fields follow beyond their schema: the stage of a deal pipeline
// and what its kind means for the deal's status, references that must exist in the workspace,
// and custom values.

export type DealStage = Pick<StageRecord, '_id' | 'pipeline_id' | 'kind' | 'probability' | 'name'>;
const STAGE_FIELDS = { pipeline_id: 1, kind: 1, probability: 1, name: 1 };

// A stage of one of the workspace's deal pipelines, or a 400 naming the field.
export async function dealStage(
  context: ServiceContext,
  workspaceId: string,
  field: string,
  id: string,
  session?: ClientSession,
): Promise<DealStage> {
  const stage = await stageModel(context.connection)
    .findOne({ _id: id, workspace_id: workspaceId, object: 'deal' }, STAGE_FIELDS)
    .session(session ?? null)
    .lean<DealStage>()
    .exec();
  if (!stage) throw validationFailed(`${field} is not a stage of a deal pipeline of this workspace`);
  return stage;
}

// Where a deal starts when no stage is given: the first stage of the default deal pipeline
// (the workspace is seeded before, so it exists).
export async function defaultDealStage(
  context: ServiceContext,
  workspaceId: string,
  session: ClientSession,
): Promise<DealStage> {
  const pipeline = await pipelineModel(context.connection)
    .findOne({ workspace_id: workspaceId, object: 'deal', is_default: true }, { _id: 1 })
    .session(session)
    .lean<{ _id: string }>()
    .exec();
  const first = pipeline
    ? await stageModel(context.connection)
        .findOne({ workspace_id: workspaceId, pipeline_id: pipeline._id }, STAGE_FIELDS)
        .sort({ position: 1 })
        .session(session)
        .lean<DealStage>()
        .exec()
    : null;
  if (!first) throw validationFailed('stage_id is required: the workspace has no default deal pipeline with stages');
  return first;
}

// What a stage's kind means for a deal: a won or lost stage closes it (closed_at from the
// moment it closed, kept while it moves between closed stages of the same kind), an open stage
// reopens it. lost_reason is the client's: it stays when a deal reopens.
export function statusIn(
  stage: Pick<StageRecord, 'kind'>,
  current: Pick<DealRecord, 'status' | 'closed_at'> | null,
  now: string,
): Pick<DealRecord, 'status' | 'closed_at'> {
  const status: DealStatus = stage.kind === 'won' || stage.kind === 'lost' ? stage.kind : 'open';
  if (status === 'open') return { status, closed_at: null };
  if (current && current.status === status && current.closed_at) return { status, closed_at: current.closed_at };
  return { status, closed_at: now };
}

// What the request names in other services (members, campaigns), asked of them before the
// write's transaction so a member or campaign made by the previous request is accepted.
export async function checkPeerReferences(
  context: ServiceContext,
  workspaceId: string,
  body: Pick<DealWritable, 'owner_id' | 'campaign_id'>,
): Promise<void> {
  if (body.owner_id) await checkMembers(context, workspaceId, [{ field: 'owner_id', id: body.owner_id }]);
  if (body.campaign_id) await checkCampaign(context, workspaceId, 'campaign_id', body.campaign_id);
}

// References inside crm-core, read in the write's transaction: company and contact outside the
// recycle bin, a lead source of the workspace. Another workspace's id reads as unknown.
export async function checkLocalReferences(
  context: ServiceContext,
  workspaceId: string,
  body: Pick<DealWritable, 'company_id' | 'contact_id' | 'source_id'>,
  session: ClientSession,
): Promise<void> {
  if (body.company_id) await checkCompany(context, workspaceId, body.company_id, session);
  if (body.contact_id) {
    const contact = await contactModel(context.connection)
      .exists({ _id: body.contact_id, workspace_id: workspaceId, deleted_at: null })
      .session(session)
      .exec();
    if (!contact) throw validationFailed('contact_id is not a contact of this workspace');
  }
  if (body.source_id) {
    const source = await leadSourceModel(context.connection)
      .exists({ _id: body.source_id, workspace_id: workspaceId })
      .session(session)
      .exec();
    if (!source) throw validationFailed('source_id is not a lead source of this workspace');
  }
}

// The campaign a deal takes from its company when none is given.
export async function companyCampaign(
  context: ServiceContext,
  workspaceId: string,
  companyId: string | null | undefined,
  session: ClientSession,
): Promise<string | null> {
  if (!companyId) return null;
  const company = await companyModel(context.connection)
    .findOne({ _id: companyId, workspace_id: workspaceId }, { campaign_id: 1 })
    .session(session)
    .lean<Pick<CompanyRecord, '_id' | 'campaign_id'>>()
    .exec();
  return company?.campaign_id ?? null;
}

// `custom` of a write, checked against the workspace's deal fields; on update it merges into what
// is stored key by key (null removes a key).
export async function dealCustom(
  context: ServiceContext,
  workspaceId: string,
  input: unknown,
  stored: Record<string, unknown> | null,
  session: ClientSession,
): Promise<CustomValues> {
  const given = validateCustomValues(input, await activeCustomFields(context.connection, workspaceId, 'deal', session));
  if (stored === null) return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== null));
  return mergeCustom(stored, given);
}
