import type { ReadRecord } from '../read-model/read-model.model';
import type { WorkspaceData } from '../read-model/workspace-data';
import { nameOf } from '../engine/report-labels';
import { localDay } from '../engine/time-zone';

// GET /reports/sales: revenue and losses of deals closed in the period, win rate, cycle, the
// forecast of open deals, per person and per source, the funnel of deals created in the period
// through the default deal pipeline, lost reasons and activity per person.

const DAY = 86_400_000;
const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

interface Money {
  minor: number;
  deals: number;
  other: Map<string, { minor: number; deals: number }>;
}

const money = (): Money => ({ minor: 0, deals: 0, other: new Map() });

function add(total: Money, deal: ReadRecord, currency: string): void {
  total.deals += 1;
  if (deal.currency === currency) total.minor += Number(deal.value_minor ?? 0);
  else {
    const entry = total.other.get(String(deal.currency)) ?? { minor: 0, deals: 0 };
    entry.minor += Number(deal.value_minor ?? 0);
    entry.deals += 1;
    total.other.set(String(deal.currency), entry);
  }
}

const shown = (total: Money) => ({
  amount: total.minor / 100,
  deals: total.deals,
  other_currency: [...total.other.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, entry]) => ({ currency, amount: entry.minor / 100, deals: entry.deals })),
});

function probabilityOf(data: WorkspaceData, deal: ReadRecord): number {
  if (typeof deal.probability === 'number') return deal.probability;
  const stage = data.byId.stage.get(String(deal.stage_id));
  return typeof stage?.probability === 'number' ? stage.probability : 0;
}

export function salesReport(data: WorkspaceData, period: { from: string; to: string }, ownerId: string | null) {
  const { timezone, currency } = data.settings;
  const inPeriod = (value: unknown) => {
    if (typeof value !== 'string' || value === '') return false;
    const day = localDay(value, timezone);
    return day >= period.from && day <= period.to;
  };
  const deals = ownerId ? data.records.deal.filter((deal) => deal.owner_id === ownerId) : data.records.deal;

  const won = money();
  const lost = money();
  let cycleDays = 0;
  const people = new Map<
    string | null,
    { won: number; lost: number; revenue: number; open: number; openMinor: number }
  >();
  const person = (id: string | null) => {
    let entry = people.get(id);
    if (!entry) people.set(id, (entry = { won: 0, lost: 0, revenue: 0, open: 0, openMinor: 0 }));
    return entry;
  };
  const sources = new Map<string | null, { created: number; won: number; revenue: number }>();
  const source = (id: string | null) => {
    let entry = sources.get(id);
    if (!entry) sources.set(id, (entry = { created: 0, won: 0, revenue: 0 }));
    return entry;
  };
  const reasons = new Map<string | null, { deals: number; minor: number }>();
  const forecast = {
    deals: 0,
    open: 0,
    weighted: 0,
    other: new Map<string, { open: number; weighted: number; deals: number }>(),
  };

  for (const deal of deals) {
    const owner = (deal.owner_id as string | null) ?? null;
    const sourceId = (deal.source_id as string | null) ?? null;
    const ownCurrency = deal.currency === currency;
    const value = Number(deal.value_minor ?? 0);
    if (inPeriod(deal.created_at)) source(sourceId).created += 1;
    if (deal.status === 'open') {
      const weighted = (value * probabilityOf(data, deal)) / 100;
      forecast.deals += 1;
      if (ownCurrency) {
        forecast.open += value;
        forecast.weighted += weighted;
        person(owner).openMinor += value;
      } else {
        const entry = forecast.other.get(String(deal.currency)) ?? { open: 0, weighted: 0, deals: 0 };
        entry.open += value;
        entry.weighted += weighted;
        entry.deals += 1;
        forecast.other.set(String(deal.currency), entry);
      }
      person(owner).open += 1;
      continue;
    }
    if (!inPeriod(deal.closed_at)) continue;
    if (deal.status === 'won') {
      add(won, deal, currency);
      cycleDays += (Date.parse(String(deal.closed_at)) - Date.parse(String(deal.created_at))) / DAY;
      person(owner).won += 1;
      source(sourceId).won += 1;
      if (ownCurrency) {
        person(owner).revenue += value;
        source(sourceId).revenue += value;
      }
    } else if (deal.status === 'lost') {
      add(lost, deal, currency);
      person(owner).lost += 1;
      const reason = (deal.lost_reason as string | null) ?? null;
      const entry = reasons.get(reason) ?? { deals: 0, minor: 0 };
      entry.deals += 1;
      if (ownCurrency) entry.minor += value;
      reasons.set(reason, entry);
    }
  }

  const rate = (wins: number, losses: number) => (wins + losses === 0 ? null : round(wins / (wins + losses), 4));
  return {
    period,
    currency,
    owner_id: ownerId,
    revenue: shown(won),
    lost: shown(lost),
    win_rate: rate(won.deals, lost.deals),
    average_cycle_days: won.deals === 0 ? null : round(cycleDays / won.deals, 2),
    forecast: {
      open_deals: forecast.deals,
      open: forecast.open / 100,
      weighted: Math.round(forecast.weighted) / 100,
      other_currency: [...forecast.other.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, entry]) => ({
          currency: code,
          open: entry.open / 100,
          weighted: Math.round(entry.weighted) / 100,
          deals: entry.deals,
        })),
    },
    people: [...people.entries()]
      .map(([owner_id, entry]) => ({
        owner_id,
        owner_name: owner_id ? nameOf(data, 'member', owner_id) : null,
        won_deals: entry.won,
        lost_deals: entry.lost,
        revenue: entry.revenue / 100,
        win_rate: rate(entry.won, entry.lost),
        open_deals: entry.open,
        open_value: entry.openMinor / 100,
      }))
      .sort((a, b) => b.revenue - a.revenue || (a.owner_name ?? '').localeCompare(b.owner_name ?? '')),
    sources: [...sources.entries()]
      .map(([source_id, entry]) => ({
        source_id,
        source: source_id ? nameOf(data, 'source', source_id) : null,
        created_deals: entry.created,
        won_deals: entry.won,
        revenue: entry.revenue / 100,
      }))
      .sort((a, b) => b.revenue - a.revenue || b.created_deals - a.created_deals),
    funnel: funnel(data, deals, inPeriod),
    lost_reasons: [...reasons.entries()]
      .map(([reason, entry]) => ({ reason, deals: entry.deals, amount: entry.minor / 100 }))
      .sort((a, b) => b.deals - a.deals),
    activity: activity(data, inPeriod, ownerId),
  };
}

// Deals created in the period through the default deal pipeline: a deal reached a stage when it
// was ever in it or in a later open or won stage (a deal moved straight to a later stage passed
// the earlier ones). Days in a stage run from entering it to the next version in another stage.
function funnel(data: WorkspaceData, deals: ReadRecord[], inPeriod: (value: unknown) => boolean) {
  const pipelines = data.records.pipeline.filter((pipeline) => pipeline.object === 'deal');
  const pipeline = pipelines.find((candidate) => candidate.is_default === true) ?? pipelines[0];
  if (!pipeline) return { pipeline_id: null, stages: [] };
  const stages = data.records.stage
    .filter((stage) => stage.pipeline_id === pipeline._id)
    .sort((a, b) => Number(a.position) - Number(b.position));
  const progress = stages.filter((stage) => stage.kind !== 'lost');
  const order = new Map(progress.map((stage, index) => [stage._id, index]));
  const reached = new Array<number>(progress.length).fill(0);
  const days = new Map<string, { total: number; count: number }>();
  for (const deal of deals) {
    if (deal.pipeline_id !== pipeline._id || !inPeriod(deal.created_at)) continue;
    const steps = data.dealSteps.get(deal._id) ?? [
      { stage_id: String(deal.stage_id), at: String(deal.created_at), version: 1 },
    ];
    let furthest = -1;
    for (let index = 0; index < steps.length; index++) {
      const step = steps[index];
      furthest = Math.max(furthest, order.get(step.stage_id) ?? -1);
      if (index > 0 && steps[index - 1].stage_id === step.stage_id) continue;
      const next = steps.slice(index + 1).find((later) => later.stage_id !== step.stage_id);
      if (next) {
        const entry = days.get(step.stage_id) ?? { total: 0, count: 0 };
        entry.total += (Date.parse(next.at) - Date.parse(step.at)) / DAY;
        entry.count += 1;
        days.set(step.stage_id, entry);
      }
    }
    for (let index = 0; index <= furthest; index++) reached[index] += 1;
  }
  return {
    pipeline_id: pipeline._id,
    stages: progress.map((stage, index) => {
      const time = days.get(stage._id);
      return {
        stage_id: stage._id,
        stage: String(stage.name),
        kind: String(stage.kind),
        reached: reached[index],
        conversion:
          index === 0 ? null : reached[index - 1] === 0 ? null : round(reached[index] / reached[index - 1], 4),
        average_days: time ? round(time.total / time.count, 2) : null,
      };
    }),
  };
}

// Notes, calls and meetings each member wrote on the timeline, and tasks each completed.
function activity(data: WorkspaceData, inPeriod: (value: unknown) => boolean, ownerId: string | null) {
  const people = new Map<string, { notes: number; calls: number; meetings: number; tasks_done: number }>();
  const person = (id: string) => {
    let entry = people.get(id);
    if (!entry) people.set(id, (entry = { notes: 0, calls: 0, meetings: 0, tasks_done: 0 }));
    return entry;
  };
  for (const entry of data.records.activity) {
    const actor = entry.actor_id;
    if (typeof actor !== 'string' || (ownerId && actor !== ownerId) || !inPeriod(entry.occurred_at)) continue;
    if (entry.type === 'note') person(actor).notes += 1;
    else if (entry.type === 'call') person(actor).calls += 1;
    else if (entry.type === 'meeting') person(actor).meetings += 1;
  }
  for (const task of data.records.task) {
    const assignee = task.assignee_id;
    if (
      task.status !== 'done' ||
      typeof assignee !== 'string' ||
      (ownerId && assignee !== ownerId) ||
      !inPeriod(task.completed_at)
    )
      continue;
    person(assignee).tasks_done += 1;
  }
  return [...people.entries()]
    .map(([user_id, entry]) => ({ user_id, name: nameOf(data, 'member', user_id), ...entry }))
    .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.user_id.localeCompare(b.user_id));
}
