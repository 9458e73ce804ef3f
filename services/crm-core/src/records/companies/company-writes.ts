import { isoNow, isUuid, newId, notFound, type InternalClaims } from '@crm/kit';
import { companyCreated, companyUpdated } from '@crm/protos';
import { commit, type ServiceContext } from '@crm/service-host';
import { claimRecordRoom } from '../record-limit';
import { companyModel, type CompanyRecord } from './company.model';
import type { CompanyView, CompanyWritable, CreateCompanyBody, UpdateCompanyBody } from './company.operations';
import { moveToBin } from './company-bin';
import {
  checkLocalReferences,
  checkPeerReferences,
  companySearchFields,
  companyStage,
  customValuesOf,
  defaultStage,
  domainOfWebsite,
  NO_STAGE,
  type StagePlacement,
} from './company-rules';
import { companyNames, companyState, companyView } from './company-view';
import type { CrmCoreRuntime } from '../../crm-core-runtime';

type StoredFields = Omit<CompanyWritable, 'custom' | 'stage_id'>;
const NULLABLE_TEXT = [
  'website',
  'domain',
  'phone',
  'country_code',
  'industry',
  'turnover_band',
  'account_number',
  'company_number',
  'description',
] as const;

// The body's plain fields as stored: empty text is no value (null), a domain is lower-cased and
// empty address parts are dropped.
export function storedFields(body: CompanyWritable & { name?: string }): StoredFields & { name?: string } {
  const { custom: _custom, stage_id: _stage, ...fields } = body;
  const stored: StoredFields & { name?: string } = { ...fields };
  for (const field of NULLABLE_TEXT) {
    const value = stored[field];
    if (typeof value === 'string' && value.trim() === '') stored[field] = null;
  }
  if (typeof stored.domain === 'string') stored.domain = stored.domain.toLowerCase();
  if (stored.address) {
    stored.address = Object.fromEntries(
      Object.entries(stored.address).filter(([, value]) => typeof value === 'string' && value.trim() !== ''),
    );
  }
  return stored;
}

const EMPTY_COMPANY = {
  website: null,
  domain: null,
  phone: null,
  address: {},
  country_code: null,
  industry: null,
  turnover_band: null,
  employee_count: null,
  account_number: null,
  company_number: null,
  sic_codes: [],
  description: null,
  owner_id: null,
  source_id: null,
  campaign_id: null,
  primary_contact_id: null,
} satisfies Partial<CompanyRecord>;

// A new company as stored, from a create body, its stage placement and its checked custom values:
// POST /companies and the import make it alike.
export function newCompanyRecord(
  id: string,
  workspaceId: string,
  body: CreateCompanyBody,
  placement: StagePlacement,
  custom: CompanyRecord['custom'],
  now: string,
): CompanyRecord {
  const fields = { ...EMPTY_COMPANY, ...storedFields(body) };
  if (body.domain === undefined) fields.domain = domainOfWebsite(fields.website);
  return {
    _id: id,
    version: 1,
    workspace_id: workspaceId,
    ...fields,
    name: body.name,
    ...placement,
    custom,
    ...companySearchFields({ ...fields, name: body.name }),
    deleted_at: null,
    created_at: now,
    updated_at: now,
  };
}

async function placementFor(
  context: ServiceContext,
  workspaceId: string,
  stageId: string | null,
  session: Parameters<typeof companyStage>[4],
  names?: Map<string, string>,
) {
  return stageId === null ? NO_STAGE : companyStage(context, workspaceId, 'stage_id', stageId, session, names);
}

export async function createCompanyRecord(
  runtime: CrmCoreRuntime,
  claims: InternalClaims,
  workspaceId: string,
  body: CreateCompanyBody,
): Promise<CompanyView> {
  const { context } = runtime;
  await checkPeerReferences(context, workspaceId, body);
  await runtime.workspaceSeeds.ensure(workspaceId);
  const id = newId();
  return commit(context, async ({ transaction, publish }) => {
    const stageNames = new Map<string, string>();
    const placement: StagePlacement =
      body.stage_id === undefined
        ? await defaultStage(context, workspaceId, transaction, stageNames)
        : await placementFor(context, workspaceId, body.stage_id, transaction, stageNames);
    await checkLocalReferences(context, workspaceId, id, body, transaction);
    const custom =
      body.custom === undefined ? {} : await customValuesOf(context, workspaceId, body.custom, {}, transaction);
    const record = newCompanyRecord(id, workspaceId, body, placement, custom, isoNow());
    await claimRecordRoom(context, transaction, workspaceId, claims.plan, 1);
    // Stored as the import stores it: the record is complete (typed from the schema's fields), so
    // no mongoose document is built to cast and fill it.
    await companyModel(context.connection).insertMany([record], { session: transaction, lean: true });
    const names = await companyNames(context, workspaceId, [record], { stages: stageNames });
    publish(companyCreated, { workspace_id: workspaceId, actor: claims.actor, data: companyState(record, names) });
    return companyView(record, names);
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

// A company outside the recycle bin, or 404 (a binned one must be restored before it changes).
export async function activeCompany(
  context: ServiceContext,
  workspaceId: string,
  id: string,
  session?: Parameters<typeof companyStage>[4],
) {
  if (!isUuid(id)) throw notFound('company');
  const company = await companyModel(context.connection)
    .findOne({ _id: id, workspace_id: workspaceId, deleted_at: null })
    .session(session ?? null)
    .lean<CompanyRecord>()
    .exec();
  if (!company) throw notFound('company');
  return company;
}

export async function updateCompanyRecord(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
  body: UpdateCompanyBody,
): Promise<CompanyView> {
  const before = await activeCompany(context, workspaceId, id);
  // Only references that change are asked of their owners: keeping a since-disabled owner is no new claim.
  await checkPeerReferences(context, workspaceId, {
    owner_id: body.owner_id !== before.owner_id ? body.owner_id : undefined,
    campaign_id: body.campaign_id !== before.campaign_id ? body.campaign_id : undefined,
  });
  return commit(context, async ({ transaction, publish }) => {
    const current = await activeCompany(context, workspaceId, id, transaction);
    await checkLocalReferences(
      context,
      workspaceId,
      id,
      {
        source_id: body.source_id,
        primary_contact_id:
          body.primary_contact_id !== current.primary_contact_id ? body.primary_contact_id : undefined,
      },
      transaction,
    );
    const next: CompanyRecord = { ...current, ...storedFields(body) };
    const stageNames = new Map<string, string>();
    if (body.stage_id !== undefined && body.stage_id !== current.stage_id)
      Object.assign(next, await placementFor(context, workspaceId, body.stage_id, transaction, stageNames));
    if (body.domain === undefined && body.website !== undefined && !current.domain)
      next.domain = domainOfWebsite(next.website);
    if (body.custom !== undefined)
      next.custom = await customValuesOf(context, workspaceId, body.custom, current.custom ?? {}, transaction);
    const fields = (Object.keys(next) as Array<keyof CompanyRecord>).filter(
      (field) => !same(next[field], current[field]),
    );
    if (fields.length === 0) return companyView(current, await companyNames(context, workspaceId, [current]));
    const changed = Object.fromEntries(fields.map((field) => [field, next[field]]));
    const updated: CompanyRecord = {
      ...next,
      ...companySearchFields(next),
      version: (current.version ?? 1) + 1,
      updated_at: isoNow(),
    };
    await companyModel(context.connection).updateOne(
      { _id: id, workspace_id: workspaceId },
      {
        $set: {
          ...changed,
          search_terms: updated.search_terms,
          name_folded: updated.name_folded,
          account_number_folded: updated.account_number_folded,
          postcode_folded: updated.postcode_folded,
          name_key: updated.name_key,
          domain_key: updated.domain_key,
          version: updated.version,
          updated_at: updated.updated_at,
        },
      },
      { session: transaction },
    );
    const names = await companyNames(context, workspaceId, [updated], { stages: stageNames });
    publish(companyUpdated, {
      workspace_id: workspaceId,
      actor: claims.actor,
      data: {
        ...companyState(updated, names),
        fields: fields.filter((field) => field !== 'pipeline_id' && field !== 'is_account'),
      },
    });
    return companyView(updated, names);
  });
}

// DELETE: into the recycle bin; one already there stays as it is (204 again).
export async function deleteCompanyRecord(
  context: ServiceContext,
  claims: InternalClaims,
  workspaceId: string,
  id: string,
): Promise<void> {
  if (!isUuid(id)) throw notFound('company');
  await commit(context, async (unit) => {
    const company = await companyModel(context.connection)
      .findOne({ _id: id, workspace_id: workspaceId })
      .session(unit.transaction)
      .lean<CompanyRecord>()
      .exec();
    if (!company) throw notFound('company');
    if (company.deleted_at) return;
    await moveToBin(context, unit, company, claims.actor, isoNow());
  });
}
