import type { ReadRecord } from '../read-model/read-model.model';
import type { WorkspaceData } from '../read-model/workspace-data';
import { localDay, monthsBetween } from '../engine/time-zone';

// GET /reports/marketing: spend, leads and attributed deals per campaign, source or channel.
// A deal created in the period is attributed over its touches before it was created: the
// touchpoints of its contact and of its company, its company's campaign (when the company was
// created) and its own campaign (when the deal was). first and last give the whole deal to one
// touch, linear an equal share to each; shares are split in cents so they add up to the value.

export type MarketingGroup = 'campaign' | 'source' | 'channel';
export type AttributionModel = 'first' | 'last' | 'linear';

interface Figures {
  spend: number;
  leads: number;
  deals: number;
  won: number;
  pipeline: number;
  revenue: number;
}

const empty = (): Figures => ({ spend: 0, leads: 0, deals: 0, won: 0, pipeline: 0, revenue: 0 });
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

interface Touch {
  campaign_id: string;
  at: string;
}

// Touches of a deal in time order, each naming a campaign.
function touchesOf(data: WorkspaceData, deal: ReadRecord, touchpointsByRecord: Map<string, ReadRecord[]>): Touch[] {
  const created = String(deal.created_at);
  const touches: Touch[] = [];
  const seen = new Set<string>();
  for (const key of [deal.contact_id, deal.company_id]) {
    if (typeof key !== 'string') continue;
    for (const touchpoint of touchpointsByRecord.get(key) ?? []) {
      if (
        seen.has(touchpoint._id) ||
        typeof touchpoint.campaign_id !== 'string' ||
        String(touchpoint.occurred_at) > created
      )
        continue;
      seen.add(touchpoint._id);
      touches.push({ campaign_id: touchpoint.campaign_id, at: String(touchpoint.occurred_at) });
    }
  }
  const company = typeof deal.company_id === 'string' ? data.byId.company.get(deal.company_id) : undefined;
  const companyLink =
    company && typeof company.campaign_id === 'string' && String(company.created_at) <= created
      ? company.campaign_id
      : null;
  if (companyLink) touches.push({ campaign_id: companyLink, at: String(company!.created_at) });
  // A deal that took its company's campaign is the same link, counted once.
  if (typeof deal.campaign_id === 'string' && deal.campaign_id !== companyLink)
    touches.push({ campaign_id: deal.campaign_id, at: created });
  // Stable: touches at the same moment keep the order above.
  return touches.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

// Equal shares of an amount in cents that add up to it exactly (the first touches take the
// remainder's cents).
export function linearShares(minor: number, parts: number): number[] {
  const base = Math.floor(minor / parts);
  const remainder = minor - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < remainder ? 1 : 0));
}

export function marketingReport(
  data: WorkspaceData,
  options: { from: string; to: string; group: MarketingGroup; model: AttributionModel; campaignId?: string },
) {
  const { timezone, currency } = data.settings;
  const inPeriod = (value: unknown) => {
    if (typeof value !== 'string' || value === '') return false;
    const day = localDay(value, timezone);
    return day >= options.from && day <= options.to;
  };
  const channelOf = (sourceId: unknown) =>
    typeof sourceId === 'string' ? ((data.byId.source.get(sourceId)?.channel as string | null) ?? null) : null;
  const keyOfCampaign = (campaignId: string | null): string | null => {
    if (campaignId === null) return null;
    if (options.group === 'campaign') return campaignId;
    const sourceId = (data.byId.campaign.get(campaignId)?.source_id as string | null) ?? null;
    return options.group === 'source' ? sourceId : channelOf(sourceId);
  };
  const wanted = (campaignId: string | null) => !options.campaignId || campaignId === options.campaignId;

  const rows = new Map<string | null, Figures>();
  const row = (key: string | null) => {
    let figures = rows.get(key);
    if (!figures) rows.set(key, (figures = empty()));
    return figures;
  };
  // Every campaign has a row of its own (one with no figures shows zeros).
  if (options.group === 'campaign')
    for (const campaign of data.records.campaign) if (wanted(campaign._id)) row(campaign._id);
  const months = monthsBetween(options.from, options.to);
  const byMonth = new Map(months.map((month) => [month, empty()]));
  const other = new Map<string, Figures>();
  const otherOf = (code: string) => {
    let figures = other.get(code);
    if (!figures) other.set(code, (figures = empty()));
    return figures;
  };

  for (const line of data.records.spend) {
    const campaignId = (line.campaign_id as string | null) ?? null;
    if (!inPeriod(line.spent_on) || !wanted(campaignId)) continue;
    const amount = Number(line.amount_minor ?? 0);
    if (line.currency !== currency) {
      otherOf(String(line.currency)).spend += amount;
      continue;
    }
    row(keyOfCampaign(campaignId)).spend += amount;
    byMonth.get(String(line.spent_on).slice(0, 7))!.spend += amount;
  }

  for (const company of data.records.company) {
    const campaignId = (company.campaign_id as string | null) ?? null;
    if (!inPeriod(company.created_at) || !wanted(campaignId)) continue;
    // A lead's source is its own, else its campaign's.
    const sourceId =
      (company.source_id as string | null) ??
      ((campaignId && (data.byId.campaign.get(campaignId)?.source_id as string | null)) || null);
    const key = options.group === 'campaign' ? campaignId : options.group === 'source' ? sourceId : channelOf(sourceId);
    row(key).leads += 1;
    byMonth.get(localDay(String(company.created_at), timezone).slice(0, 7))!.leads += 1;
  }

  const touchpointsByRecord = new Map<string, ReadRecord[]>();
  for (const touchpoint of data.records.touchpoint) {
    for (const key of [touchpoint.contact_id, touchpoint.company_id]) {
      if (typeof key !== 'string') continue;
      const list = touchpointsByRecord.get(key);
      if (list) list.push(touchpoint);
      else touchpointsByRecord.set(key, [touchpoint]);
    }
  }

  for (const deal of data.records.deal) {
    // Lost deals count as deals, with no pipeline or revenue.
    if (!inPeriod(deal.created_at)) continue;
    const touches = touchesOf(data, deal, touchpointsByRecord);
    const chosen: Touch[] =
      touches.length === 0
        ? []
        : options.model === 'first'
          ? [touches[0]]
          : options.model === 'last'
            ? [touches[touches.length - 1]]
            : touches;
    const minor = Number(deal.value_minor ?? 0);
    const shares = chosen.length === 0 ? [minor] : linearShares(minor, chosen.length);
    const credits = chosen.length === 0 ? [{ campaign_id: null as string | null }] : chosen;
    const month = byMonth.get(localDay(String(deal.created_at), timezone).slice(0, 7))!;
    credits.forEach((touch, index) => {
      if (!wanted(touch.campaign_id)) return;
      const share = shares[index];
      const credit = 1 / credits.length;
      const figures =
        deal.currency === currency ? row(keyOfCampaign(touch.campaign_id)) : otherOf(String(deal.currency));
      figures.deals += credit;
      if (deal.status === 'won') {
        figures.won += credit;
        figures.revenue += share;
      } else if (deal.status === 'open') figures.pipeline += share;
      if (deal.currency !== currency) return;
      month.deals += credit;
      if (deal.status === 'won') month.revenue += share;
      else if (deal.status === 'open') month.pipeline += share;
    });
  }

  const shown = (figures: Figures) => {
    const spend = figures.spend / 100;
    const revenue = figures.revenue / 100;
    return {
      spend,
      leads: figures.leads,
      deals: round(figures.deals, 4),
      won_deals: round(figures.won, 4),
      pipeline: figures.pipeline / 100,
      revenue,
      cac: figures.spend === 0 || figures.won === 0 ? null : round(spend / figures.won, 2),
      roi: figures.spend === 0 ? null : round((revenue - spend) / spend, 4),
      roas: figures.spend === 0 ? null : round(revenue / spend, 4),
    };
  };
  const labelOf = (key: string | null): string => {
    if (key === null)
      return options.group === 'channel' ? 'No channel' : options.group === 'source' ? 'No source' : 'No campaign';
    if (options.group === 'campaign') return (data.byId.campaign.get(key)?.name as string | undefined) ?? key;
    if (options.group === 'source') return (data.byId.source.get(key)?.name as string | undefined) ?? key;
    return key;
  };
  const totals = empty();
  for (const figures of rows.values())
    for (const field of Object.keys(totals) as Array<keyof Figures>) totals[field] += figures[field];
  return {
    period: { from: options.from, to: options.to },
    currency,
    group: options.group,
    model: options.model,
    totals: shown(totals),
    rows: [...rows.entries()]
      .map(([key, figures]) => ({ key, label: labelOf(key), ...shown(figures) }))
      .sort(
        (a, b) =>
          b.revenue - a.revenue ||
          b.spend - a.spend ||
          (a.key === null ? 1 : 0) - (b.key === null ? 1 : 0) ||
          a.label.localeCompare(b.label),
      ),
    by_month: months.map((month) => {
      const figures = byMonth.get(month)!;
      return {
        month,
        spend: figures.spend / 100,
        leads: figures.leads,
        deals: round(figures.deals, 4),
        pipeline: figures.pipeline / 100,
        revenue: figures.revenue / 100,
      };
    }),
    other_currency: [...other.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, figures]) => ({
        currency: code,
        spend: figures.spend / 100,
        deals: round(figures.deals, 4),
        pipeline: figures.pipeline / 100,
        revenue: figures.revenue / 100,
      })),
  };
}
