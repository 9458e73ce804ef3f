import { isAppError } from '@crm/kit';
import type { ServiceContext } from '@crm/service-host';
import { leadSourceModel, pipelineModel, stageModel, type StageRecord } from '../../sales/catalogue/catalogue.model';
import { companyStage, NO_STAGE, placementOf, type StagePlacement } from '../../records/companies/company-rules';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';
import type { ContactWriteBody } from '../../records/contacts/contact.operations';
import { activeCustomFields, type CustomFieldDefinition } from '../../records/custom-fields/custom-values';
import { checkCampaign } from '../../records/references/campaigns';
import { checkMembers } from '../../records/references/members';
import type { ImportRow, RowProblem } from './import-rows';

// What the rows of an import refer to (owners, campaigns, stages, lead sources, contacts, custom
// fields), looked up once for all of them, and a row's references checked against that.

// Ids per query of a list of keys.
export const KEY_CHUNK = 500;

export const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
};

// A refusal (400) as the problem of a row; anything else is thrown on.
export const problemOf = (error: unknown, field: string | null): RowProblem => {
  if (!isAppError(error) || error.status !== 400) throw error;
  return { field: field ?? (error.message.split(' ')[0] || null), message: error.message };
};

// Each reference a row names, checked once per distinct id; an answer is null (fine) or the
// message of the refusal.
async function memo(ids: Iterable<string>, check: (id: string) => Promise<void>): Promise<Map<string, string | null>> {
  const answers = new Map<string, string | null>();
  for (const id of new Set(ids)) {
    try {
      await check(id);
      answers.set(id, null);
    } catch (error) {
      if (!isAppError(error) || error.status !== 400) throw error;
      answers.set(id, error.message);
    }
  }
  return answers;
}

export interface References {
  members: Map<string, string | null>;
  campaigns: Map<string, string | null>;
  stages: Map<string, StagePlacement | string>;
  sources: Set<string>;
  // Live contacts named as primary contact or manager: their company.
  contacts: Map<string, string | null>;
  defaultPlacement: StagePlacement;
  companyFields: CustomFieldDefinition[];
  contactFields: CustomFieldDefinition[];
}

async function defaultPlacement(context: ServiceContext, workspaceId: string): Promise<StagePlacement> {
  const pipeline = await pipelineModel(context.connection)
    .findOne({ workspace_id: workspaceId, object: 'company', is_default: true }, { _id: 1 })
    .lean<{ _id: string }>()
    .exec();
  if (!pipeline) return NO_STAGE;
  const first = await stageModel(context.connection)
    .findOne({ workspace_id: workspaceId, pipeline_id: pipeline._id }, { pipeline_id: 1, kind: 1 })
    .sort({ position: 1 })
    .lean<Pick<StageRecord, '_id' | 'pipeline_id' | 'kind'>>()
    .exec();
  return first ? placementOf(first) : NO_STAGE;
}

export async function loadReferences(
  context: ServiceContext,
  workspaceId: string,
  rows: ImportRow[],
): Promise<References> {
  const owners = rows
    .flatMap((row) => [row.company.owner_id, row.contact?.owner_id])
    .filter((id): id is string => typeof id === 'string');
  const campaigns = rows.map((row) => row.company.campaign_id).filter((id): id is string => typeof id === 'string');
  const stageIds = [
    ...new Set(rows.map((row) => row.company.stage_id).filter((id): id is string => typeof id === 'string')),
  ];
  const sourceIds = [
    ...new Set(rows.map((row) => row.company.source_id).filter((id): id is string => typeof id === 'string')),
  ];
  const contactIds = [
    ...new Set(
      rows
        .flatMap((row) => [row.company.primary_contact_id, row.contact?.reports_to_id])
        .filter((id): id is string => typeof id === 'string'),
    ),
  ];
  const stages = new Map<string, StagePlacement | string>();
  for (const id of stageIds) {
    try {
      stages.set(id, await companyStage(context, workspaceId, 'stage_id', id));
    } catch (error) {
      stages.set(id, problemOf(error, 'stage_id').message);
    }
  }
  const sources = new Set<string>();
  for (const slice of chunks(sourceIds, KEY_CHUNK)) {
    const found = await leadSourceModel(context.connection)
      .find({ workspace_id: workspaceId, _id: { $in: slice } }, { _id: 1 })
      .lean<Array<{ _id: string }>>()
      .exec();
    for (const source of found) sources.add(source._id);
  }
  const contacts = new Map<string, string | null>();
  for (const slice of chunks(contactIds, KEY_CHUNK)) {
    const found = await contactModel(context.connection)
      .find({ workspace_id: workspaceId, _id: { $in: slice }, deleted_at: null }, { company_id: 1 })
      .lean<Array<Pick<ContactRecord, '_id' | 'company_id'>>>()
      .exec();
    for (const contact of found) contacts.set(contact._id, contact.company_id ?? null);
  }
  return {
    members: await memo(owners, (id) => checkMembers(context, workspaceId, [{ field: 'owner_id', id }])),
    campaigns: await memo(campaigns, (id) => checkCampaign(context, workspaceId, 'campaign_id', id)),
    stages,
    sources,
    contacts,
    defaultPlacement: await defaultPlacement(context, workspaceId),
    companyFields: await activeCustomFields(context.connection, workspaceId, 'company'),
    contactFields: await activeCustomFields(context.connection, workspaceId, 'contact'),
  };
}

// The row's company references, as the company slice checks them (primary contact: of the
// target company or of none).
export function companyReferenceProblem(row: ImportRow, target: string, refs: References): RowProblem | null {
  const { company } = row;
  if (company.owner_id && refs.members.get(company.owner_id))
    return { field: 'owner_id', message: refs.members.get(company.owner_id)! };
  if (company.campaign_id && refs.campaigns.get(company.campaign_id))
    return { field: 'campaign_id', message: refs.campaigns.get(company.campaign_id)! };
  if (company.stage_id && typeof refs.stages.get(company.stage_id) === 'string')
    return { field: 'stage_id', message: refs.stages.get(company.stage_id) as string };
  if (company.source_id && !refs.sources.has(company.source_id))
    return { field: 'source_id', message: 'source_id is not a lead source of this workspace' };
  if (company.primary_contact_id) {
    const owner = refs.contacts.get(company.primary_contact_id);
    if (owner === undefined || (owner !== null && owner !== target)) {
      return {
        field: 'primary_contact_id',
        message: 'primary_contact_id is not a contact of this company (or of no company) in this workspace',
      };
    }
  }
  return null;
}

export function contactReferenceProblem(contact: ContactWriteBody, refs: References): RowProblem | null {
  if (contact.owner_id && refs.members.get(contact.owner_id))
    return { field: 'contact.owner_id', message: `contact.${refs.members.get(contact.owner_id)!}` };
  if (contact.reports_to_id && !refs.contacts.has(contact.reports_to_id))
    return { field: 'contact.reports_to_id', message: 'contact.reports_to_id is not a contact of this workspace' };
  return null;
}
