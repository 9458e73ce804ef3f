import type { CompanyCreatedData } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { leadSourceModel, stageModel } from '../../sales/catalogue/catalogue.model';
import type { CustomValues } from '../custom-fields/custom-values';
import { campaignNames } from '../references/campaigns';
import { memberNames } from '../references/members';
import type { CompanyAddress, CompanyRecord } from './company.model';
import type { CompanyView } from './company.operations';

// Names of what companies point at, joined when they are read (never stored), so a rename shows
// on the next read.
export interface CompanyNames {
  stages: Map<string, string>;
  sources: Map<string, string>;
  owners: Map<string, string>;
  campaigns: Map<string, string>;
}

const idsOf = (records: readonly CompanyRecord[], field: 'stage_id' | 'source_id' | 'owner_id' | 'campaign_id') => [
  ...new Set(records.map((record) => record[field]).filter((id): id is string => typeof id === 'string')),
];

async function catalogueNames(
  find: (ids: string[]) => Promise<Array<{ _id: string; name: string }>>,
  ids: string[],
  known?: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const names = new Map(known);
  const unread = ids.filter((id) => !names.has(id));
  if (unread.length > 0) for (const row of await find(unread)) names.set(row._id, row.name);
  return names;
}

// One query per kind of name for a whole page. `known`: stage names the caller read already (in
// the write's transaction, say), read no more.
export async function companyNames(
  context: ServiceContext,
  workspaceId: string,
  records: readonly CompanyRecord[],
  known: { stages?: ReadonlyMap<string, string> } = {},
): Promise<CompanyNames> {
  const [stages, sources, owners, campaigns] = await Promise.all([
    catalogueNames(
      (ids) =>
        stageModel(context.connection)
          .find({ workspace_id: workspaceId, _id: { $in: ids } }, { name: 1 })
          .lean<Array<{ _id: string; name: string }>>()
          .exec(),
      idsOf(records, 'stage_id'),
      known.stages,
    ),
    catalogueNames(
      (ids) =>
        leadSourceModel(context.connection)
          .find({ workspace_id: workspaceId, _id: { $in: ids } }, { name: 1 })
          .lean<Array<{ _id: string; name: string }>>()
          .exec(),
      idsOf(records, 'source_id'),
    ),
    memberNames(context, workspaceId, idsOf(records, 'owner_id')),
    campaignNames(context, workspaceId, idsOf(records, 'campaign_id')),
  ]);
  return { stages, sources, owners, campaigns };
}

const nameOf = (names: Map<string, string>, id: string | null | undefined) => (id ? (names.get(id) ?? null) : null);

function addressOf(address: CompanyAddress | null | undefined): CompanyAddress {
  const copy: CompanyAddress = {};
  for (const [key, value] of Object.entries(address ?? {}))
    if (typeof value === 'string') copy[key as keyof CompanyAddress] = value;
  return copy;
}

// The stored fields of Company, without the joined names.
function storedView(record: CompanyRecord) {
  return {
    // Required on create and never cleared, so always set; the store's type allows null.
    name: record.name ?? '',
    website: record.website ?? null,
    domain: record.domain ?? null,
    phone: record.phone ?? null,
    address: addressOf(record.address),
    country_code: record.country_code ?? null,
    industry: record.industry ?? null,
    turnover_band: record.turnover_band ?? null,
    employee_count: record.employee_count ?? null,
    account_number: record.account_number ?? null,
    company_number: record.company_number ?? null,
    sic_codes: record.sic_codes ?? [],
    description: record.description ?? null,
    owner_id: record.owner_id ?? null,
    stage_id: record.stage_id ?? null,
    source_id: record.source_id ?? null,
    campaign_id: record.campaign_id ?? null,
    primary_contact_id: record.primary_contact_id ?? null,
    custom: (record.custom ?? {}) as CustomValues,
    is_account: record.is_account === true,
    pipeline_id: record.pipeline_id ?? null,
    deleted_at: record.deleted_at ?? null,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

function joinedNames(record: CompanyRecord, names: CompanyNames) {
  return {
    stage_name: nameOf(names.stages, record.stage_id),
    owner_name: nameOf(names.owners, record.owner_id),
    source_name: nameOf(names.sources, record.source_id),
    campaign_name: nameOf(names.campaigns, record.campaign_id),
  };
}

export function companyView(record: CompanyRecord, names: CompanyNames): CompanyView {
  return { id: record._id, ...storedView(record), ...joinedNames(record, names) };
}

export async function companyViews(
  context: ServiceContext,
  workspaceId: string,
  records: readonly CompanyRecord[],
): Promise<CompanyView[]> {
  const names = await companyNames(context, workspaceId, records);
  return records.map((record) => companyView(record, names));
}

// The public state every company event carries; with names when the change read them.
export function companyState(record: CompanyRecord, names?: CompanyNames): CompanyCreatedData {
  return {
    company_id: record._id,
    ...storedView(record),
    ...(names ? joinedNames(record, names) : {}),
    version: record.version ?? 1,
  };
}
