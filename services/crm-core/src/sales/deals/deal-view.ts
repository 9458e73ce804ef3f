import { contactDisplayName, type DealCreatedData } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { stageModel, type StageRecord } from '../catalogue/catalogue.model';
import { companyModel } from '../../records/companies/company.model';
import { contactModel, type ContactRecord } from '../../records/contacts/contact.model';
import type { CustomValues } from '../../records/custom-fields/custom-values';
import { campaignNames } from '../../records/references/campaigns';
import { memberNames } from '../../records/references/members';
import type { DealRecord } from './deal.model';
import type { DealView } from './deal.operations';
import { majorOf } from './deal-money';

export type StageInfo = Pick<StageRecord, '_id' | 'name' | 'kind' | 'probability'>;

// What deals point at, joined when they are read (never stored), so a rename shows on the next read.
export interface DealNames {
  companies: Map<string, string>;
  contacts: Map<string, string>;
  stages: Map<string, StageInfo>;
  owners: Map<string, string>;
  campaigns: Map<string, string>;
}

type Reference = 'company_id' | 'contact_id' | 'stage_id' | 'owner_id' | 'campaign_id';
const idsOf = (records: readonly DealRecord[], field: Reference) => [
  ...new Set(records.map((record) => record[field]).filter((id): id is string => typeof id === 'string')),
];

async function byId<T extends { _id: string }, V>(
  ids: string[],
  find: (ids: string[]) => Promise<T[]>,
  value: (row: T) => V | null,
): Promise<Map<string, V>> {
  if (ids.length === 0) return new Map();
  const entries = (await find(ids)).flatMap((row) => {
    const named = value(row);
    return named === null ? [] : [[row._id, named] as const];
  });
  return new Map(entries);
}

export async function stageInfos(
  context: ServiceContext,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, StageInfo>> {
  return byId(
    ids,
    (some) =>
      stageModel(context.connection)
        .find({ workspace_id: workspaceId, _id: { $in: some } }, { name: 1, kind: 1, probability: 1 })
        .lean<StageInfo[]>()
        .exec(),
    (stage) => stage,
  );
}

// One query per kind of name for a whole page.
export async function dealNames(
  context: ServiceContext,
  workspaceId: string,
  records: readonly DealRecord[],
): Promise<DealNames> {
  const [companies, contacts, stages, owners, campaigns] = await Promise.all([
    byId(
      idsOf(records, 'company_id'),
      (ids) =>
        companyModel(context.connection)
          .find({ workspace_id: workspaceId, _id: { $in: ids } }, { name: 1 })
          .lean<Array<{ _id: string; name: string | null }>>()
          .exec(),
      (company) => company.name,
    ),
    byId(
      idsOf(records, 'contact_id'),
      (ids) =>
        contactModel(context.connection)
          .find({ workspace_id: workspaceId, _id: { $in: ids } }, { first_name: 1, last_name: 1, email: 1 })
          .lean<Array<Pick<ContactRecord, '_id' | 'first_name' | 'last_name' | 'email'>>>()
          .exec(),
      (contact) => contactDisplayName(contact),
    ),
    stageInfos(context, workspaceId, idsOf(records, 'stage_id')),
    memberNames(context, workspaceId, idsOf(records, 'owner_id')),
    campaignNames(context, workspaceId, idsOf(records, 'campaign_id')),
  ]);
  return { companies, contacts, stages, owners, campaigns };
}

const nameOf = (names: Map<string, string>, id: string | null | undefined) => (id ? (names.get(id) ?? null) : null);

// The deal's probability, or its stage's when it has none.
export const effectiveProbability = (
  record: Pick<DealRecord, 'probability'>,
  stage: Pick<StageRecord, 'probability'> | undefined,
) => record.probability ?? stage?.probability ?? null;

function storedView(record: DealRecord) {
  return {
    name: record.name,
    company_id: record.company_id ?? null,
    contact_id: record.contact_id ?? null,
    value: majorOf(record.value_minor),
    currency: record.currency,
    pipeline_id: record.pipeline_id,
    stage_id: record.stage_id,
    expected_close: record.expected_close ?? null,
    status: record.status,
    closed_at: record.closed_at ?? null,
    lost_reason: record.lost_reason ?? null,
    owner_id: record.owner_id ?? null,
    source_id: record.source_id ?? null,
    campaign_id: record.campaign_id ?? null,
    custom: (record.custom ?? {}) as CustomValues,
    created_at: record.created_at,
    updated_at: record.updated_at,
  };
}

function joinedNames(record: DealRecord, names: DealNames) {
  const stage = names.stages.get(record.stage_id);
  return {
    company_name: nameOf(names.companies, record.company_id),
    contact_name: nameOf(names.contacts, record.contact_id),
    stage_name: stage?.name ?? '',
    stage_kind: (stage?.kind ?? 'open') as 'open' | 'won' | 'lost',
    owner_name: nameOf(names.owners, record.owner_id),
    campaign_name: nameOf(names.campaigns, record.campaign_id),
  };
}

export function dealView(record: DealRecord, names: DealNames): DealView {
  return {
    id: record._id,
    ...storedView(record),
    ...joinedNames(record, names),
    probability: effectiveProbability(record, names.stages.get(record.stage_id)),
  };
}

export async function dealViews(
  context: ServiceContext,
  workspaceId: string,
  records: readonly DealRecord[],
): Promise<DealView[]> {
  const names = await dealNames(context, workspaceId, records);
  return records.map((record) => dealView(record, names));
}

// The public state every deal event carries: the deal's own probability (null follows the
// stage), and names when the change read them.
export function dealState(record: DealRecord, names?: DealNames): DealCreatedData {
  return {
    deal_id: record._id,
    ...storedView(record),
    probability: record.probability ?? null,
    ...(names ? joinedNames(record, names) : {}),
    version: record.version ?? 1,
  };
}
