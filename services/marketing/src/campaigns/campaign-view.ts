import { joinMinorHalves, majorUnits } from '@crm/kit';
import type { CampaignCreatedData } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { companyCopyModel, dealCopyModel } from '../crm-records/crm-record.model';
import { memberNames } from '../references/members';
import { sourceNames } from '../references/lead-sources';
import { spendModel } from '../spend/spend.model';
import { touchpointModel } from '../touchpoints/touchpoint.model';
import type { CampaignRecord } from './campaign.model';
import type { CampaignView } from './campaign.operations';

interface CurrencyTotal {
  currency: string;
  deals: number;
  value: number;
}

export interface CampaignTotals {
  spend: number;
  leads: number;
  deals: number;
  won_value: number;
  won_value_other_currencies: CurrencyTotal[];
  touchpoints: number;
}

const EMPTY_TOTALS: CampaignTotals = {
  spend: 0,
  leads: 0,
  deals: 0,
  won_value: 0,
  won_value_other_currencies: [],
  touchpoints: 0,
};

interface HalvesRow {
  _id: string;
  high: number;
  low: number;
}

// Every total of a page of campaigns, read from the records they count (four grouped reads for
// the whole page), so each is current: a spend line, a company or deal credited in crm-core (once
// its event arrived), a touchpoint. Money is added as integer halves and joined with BigInt.
export async function campaignTotals(
  context: ServiceContext,
  workspaceId: string,
  campaigns: readonly CampaignRecord[],
): Promise<Map<string, CampaignTotals>> {
  const ids = campaigns.map((campaign) => campaign._id);
  const totals = new Map(
    campaigns.map((campaign) => [campaign._id, { ...EMPTY_TOTALS, won_value_other_currencies: [] as CurrencyTotal[] }]),
  );
  if (ids.length === 0) return totals;
  const match = { workspace_id: workspaceId, campaign_id: { $in: ids } };
  const [spend, leads, deals, touchpoints] = await Promise.all([
    spendModel(context.connection)
      .aggregate<HalvesRow>([
        { $match: match },
        { $group: { _id: '$campaign_id', high: { $sum: '$amount_high' }, low: { $sum: '$amount_low' } } },
      ])
      .exec(),
    companyCopyModel(context.connection)
      .aggregate<{ _id: string; count: number }>([
        { $match: { ...match, deleted: false, in_bin: false } },
        { $group: { _id: '$campaign_id', count: { $sum: 1 } } },
      ])
      .exec(),
    dealCopyModel(context.connection)
      .aggregate<{
        _id: { campaign_id: string; status: string; currency: string };
        count: number;
        high: number;
        low: number;
      }>([
        { $match: { ...match, deleted: false } },
        {
          $group: {
            _id: { campaign_id: '$campaign_id', status: '$status', currency: '$currency' },
            count: { $sum: 1 },
            high: { $sum: '$value_high' },
            low: { $sum: '$value_low' },
          },
        },
      ])
      .exec(),
    touchpointModel(context.connection)
      .aggregate<{ _id: string; count: number }>([
        { $match: match },
        { $group: { _id: '$campaign_id', count: { $sum: 1 } } },
      ])
      .exec(),
  ]);
  const currencyOf = new Map(campaigns.map((campaign) => [campaign._id, campaign.currency]));
  for (const row of spend) totals.get(row._id)!.spend = majorUnits(joinMinorHalves(row.high, row.low));
  for (const row of leads) totals.get(row._id)!.leads = row.count;
  for (const row of touchpoints) totals.get(row._id)!.touchpoints = row.count;
  const wonMinor = new Map<string, bigint>();
  for (const row of deals) {
    const total = totals.get(row._id.campaign_id)!;
    total.deals += row.count;
    if (row._id.status !== 'won') continue;
    const minor = joinMinorHalves(row.high, row.low);
    if (row._id.currency === currencyOf.get(row._id.campaign_id)) {
      wonMinor.set(row._id.campaign_id, (wonMinor.get(row._id.campaign_id) ?? 0n) + minor);
    } else {
      total.won_value_other_currencies.push({ currency: row._id.currency, deals: row.count, value: majorUnits(minor) });
    }
  }
  for (const [id, minor] of wonMinor) totals.get(id)!.won_value = majorUnits(minor);
  for (const total of totals.values())
    total.won_value_other_currencies.sort((a, b) => a.currency.localeCompare(b.currency));
  return totals;
}

// The campaign's own public state, as its events carry it.
export function campaignState(record: CampaignRecord): CampaignCreatedData {
  return {
    campaign_id: record._id,
    name: record.name,
    source_id: record.source_id,
    status: record.status,
    starts_on: record.starts_on,
    ends_on: record.ends_on,
    budget: record.budget_minor === null ? null : majorUnits(record.budget_minor),
    currency: record.currency,
    utm_campaign: record.utm_campaign,
    external_ref: record.external_ref,
    owner_id: record.owner_id,
    notes: record.notes,
    created_at: record.created_at,
    updated_at: record.updated_at,
    version: record.version,
  };
}

// Campaigns as the API shows them: names joined and totals read for the whole page at once.
export async function campaignViews(
  context: ServiceContext,
  workspaceId: string,
  records: readonly CampaignRecord[],
): Promise<CampaignView[]> {
  const [totals, owners, sources] = await Promise.all([
    campaignTotals(context, workspaceId, records),
    memberNames(
      context,
      workspaceId,
      records.map((record) => record.owner_id),
    ),
    sourceNames(
      context,
      workspaceId,
      records.map((record) => record.source_id),
    ),
  ]);
  return records.map((record) => {
    const { campaign_id, version: _version, ...state } = campaignState(record);
    return {
      id: campaign_id,
      ...state,
      status: record.status,
      source_name: record.source_id ? (sources.get(record.source_id) ?? null) : null,
      owner_name: record.owner_id ? (owners.get(record.owner_id) ?? null) : null,
      ...totals.get(record._id)!,
    };
  });
}
