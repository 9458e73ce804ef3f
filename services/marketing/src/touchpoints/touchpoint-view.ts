import type { TouchpointRecordedData } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { campaignModel } from '../campaigns/campaign.model';
import { crmNames } from '../crm-records/crm-record-consumers';
import type { TouchpointRecord } from './touchpoint.model';
import type { TouchpointView } from './touchpoint.operations';

export function touchpointState(record: TouchpointRecord, campaignName: string): TouchpointRecordedData {
  return {
    touchpoint_id: record._id,
    campaign_id: record.campaign_id,
    campaign_name: campaignName,
    contact_id: record.contact_id,
    company_id: record.company_id,
    kind: record.kind,
    occurred_at: record.occurred_at,
    note: record.note,
    external_ref: record.external_ref,
    actor_label: record.actor_label,
    created_at: record.created_at,
    version: record.version,
  };
}

// Names of deleted campaigns included: their touchpoints still name them.
export async function campaignNamesOf(
  context: ServiceContext,
  workspaceId: string,
  ids: string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await campaignModel(context.connection)
    .find({ workspace_id: workspaceId, _id: { $in: unique } }, { name: 1 })
    .lean<Array<{ _id: string; name: string }>>()
    .exec();
  return new Map(rows.map((row) => [row._id, row.name]));
}

// Names joined on read for a whole page, so renames show at once.
export async function touchpointViews(
  context: ServiceContext,
  workspaceId: string,
  records: readonly TouchpointRecord[],
): Promise<TouchpointView[]> {
  const [campaigns, names] = await Promise.all([
    campaignNamesOf(
      context,
      workspaceId,
      records.map((record) => record.campaign_id),
    ),
    crmNames(
      context,
      workspaceId,
      records.map((record) => record.company_id),
      records.map((record) => record.contact_id),
    ),
  ]);
  return records.map((record) => ({
    id: record._id,
    campaign_id: record.campaign_id,
    campaign_name: campaigns.get(record.campaign_id) ?? '',
    contact_id: record.contact_id,
    contact_name: record.contact_id ? (names.contacts.get(record.contact_id) ?? null) : null,
    company_id: record.company_id,
    company_name: record.company_id ? (names.companies.get(record.company_id) ?? null) : null,
    kind: record.kind,
    occurred_at: record.occurred_at,
    note: record.note,
    external_ref: record.external_ref,
    actor_label: record.actor_label,
  }));
}
