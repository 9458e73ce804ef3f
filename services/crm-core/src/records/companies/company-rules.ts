import { validationFailed } from '@crm/kit';
import type { ClientSession } from 'mongoose';
import type { ServiceContext } from '@crm/service-host';
import { leadSourceModel, pipelineModel, stageModel, type StageRecord } from '../../sales/catalogue/catalogue.model';
import { contactModel } from '../contacts/contact.model';
import { activeCustomFields, mergedCustomValues, type CustomValues } from '../custom-fields/custom-values';
import { checkCampaign } from '../references/campaigns';
import { checkMembers } from '../references/members';
import { companyNameKey, domainKey } from '../../search/duplicates/duplicate-keys';
import type { CompanyRecord } from './company.model';
import type { CompanyWritable } from './company.operations';

// The rules a company's writable fields follow beyond their schema: references that must exist
// in the workspace, the stage's pipeline and kind kept with the company, a domain derived from the
// website, custom values, and the folded terms `q` and the name sorts read.

export type SearchFields = Pick<
  CompanyRecord,
  'search_terms' | 'name_folded' | 'account_number_folded' | 'postcode_folded' | 'name_key' | 'domain_key'
>;

const fold = (value: string | null | undefined) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : null;

export function companySearchFields(
  company: Pick<CompanyRecord, 'name' | 'domain' | 'account_number' | 'address'>,
): SearchFields {
  const name = fold(company.name);
  const account = fold(company.account_number);
  const postcode = fold(company.address?.postcode);
  const terms = [name, fold(company.domain), account, postcode].filter((term): term is string => term !== null);
  return {
    search_terms: [...new Set(terms)],
    name_folded: name,
    account_number_folded: account,
    postcode_folded: postcode,
    name_key: companyNameKey(company.name),
    domain_key: domainKey(company.domain),
  };
}

// `https://www.Example.co.uk/about` -> `example.co.uk`.
export function domainOfWebsite(website: string | null | undefined): string | null {
  if (!website) return null;
  try {
    const host = new URL(website).hostname.toLowerCase().replace(/^www\./, '');
    return host === '' || host.length > 253 ? null : host;
  } catch {
    return null;
  }
}

export type StagePlacement = Pick<CompanyRecord, 'stage_id' | 'pipeline_id' | 'is_account'>;

export const NO_STAGE: StagePlacement = { stage_id: null, pipeline_id: null, is_account: false };

export function placementOf(stage: Pick<StageRecord, '_id' | 'pipeline_id' | 'kind'>): StagePlacement {
  return { stage_id: stage._id, pipeline_id: stage.pipeline_id, is_account: stage.kind === 'account' };
}

type PlacedStage = Pick<StageRecord, '_id' | 'pipeline_id' | 'kind' | 'name'>;
const PLACED_STAGE = { pipeline_id: 1, kind: 1, name: 1 } as const;

// The stage's name joins the names a write's answer shows (companyNames' `known`), which then
// need no read of their own.
function placed(stage: PlacedStage, names?: Map<string, string>): StagePlacement {
  names?.set(stage._id, stage.name);
  return placementOf(stage);
}

// A stage of one of the workspace's company pipelines, or a 400 naming the field.
export async function companyStage(
  context: ServiceContext,
  workspaceId: string,
  field: string,
  id: string,
  session?: ClientSession,
  names?: Map<string, string>,
): Promise<StagePlacement> {
  const stage = await stageModel(context.connection)
    .findOne({ _id: id, workspace_id: workspaceId, object: 'company' }, PLACED_STAGE)
    .session(session ?? null)
    .lean<PlacedStage>()
    .exec();
  if (!stage) throw validationFailed(`${field} is not a stage of a company pipeline of this workspace`);
  return placed(stage, names);
}

// Where a company starts when no stage is given: the first stage of the default company pipeline.
export async function defaultStage(
  context: ServiceContext,
  workspaceId: string,
  session: ClientSession,
  names?: Map<string, string>,
): Promise<StagePlacement> {
  const pipeline = await pipelineModel(context.connection)
    .findOne({ workspace_id: workspaceId, object: 'company', is_default: true }, { _id: 1 })
    .session(session)
    .lean<{ _id: string }>()
    .exec();
  if (!pipeline) return NO_STAGE;
  const first = await stageModel(context.connection)
    .findOne({ workspace_id: workspaceId, pipeline_id: pipeline._id }, PLACED_STAGE)
    .sort({ position: 1 })
    .session(session)
    .lean<PlacedStage>()
    .exec();
  return first ? placed(first, names) : NO_STAGE;
}

// What the request names in other services (members, campaigns), asked of them before the write's
// transaction so a member or campaign made by the previous request is accepted.
export async function checkPeerReferences(
  context: ServiceContext,
  workspaceId: string,
  body: Pick<CompanyWritable, 'owner_id' | 'campaign_id'>,
): Promise<void> {
  if (body.owner_id) await checkMembers(context, workspaceId, [{ field: 'owner_id', id: body.owner_id }]);
  if (body.campaign_id) await checkCampaign(context, workspaceId, 'campaign_id', body.campaign_id);
}

// References inside crm-core, read in the write's transaction. The primary contact must be a
// contact of the workspace outside the recycle bin, of this company or of none yet.
export async function checkLocalReferences(
  context: ServiceContext,
  workspaceId: string,
  companyId: string,
  body: Pick<CompanyWritable, 'source_id' | 'primary_contact_id'>,
  session: ClientSession,
): Promise<void> {
  if (body.source_id) {
    const source = await leadSourceModel(context.connection)
      .exists({ _id: body.source_id, workspace_id: workspaceId })
      .session(session)
      .exec();
    if (!source) throw validationFailed('source_id is not a lead source of this workspace');
  }
  if (body.primary_contact_id) {
    const contact = await contactModel(context.connection)
      .exists({
        _id: body.primary_contact_id,
        workspace_id: workspaceId,
        deleted_at: null,
        company_id: { $in: [null, companyId] },
      })
      .session(session)
      .exec();
    if (!contact)
      throw validationFailed(
        'primary_contact_id is not a contact of this company (or of no company) in this workspace',
      );
  }
}

// `custom` of a write: checked against the workspace's company fields; on update it merges into
// what is stored key by key, and null removes a key.
export async function customValuesOf(
  context: ServiceContext,
  workspaceId: string,
  input: unknown,
  stored: Record<string, unknown>,
  session: ClientSession,
): Promise<CustomValues> {
  const fields = await activeCustomFields(context.connection, workspaceId, 'company', session);
  return mergedCustomValues(input, stored, fields);
}
