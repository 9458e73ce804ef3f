import { notFound } from '@crm/kit';
import type { ReadRecord } from '../read-model/read-model.model';
import { keptAnswer, type WorkspaceData } from '../read-model/workspace-data';
import { nameOf } from '../engine/report-labels';
import { localDay, monthsBefore, monthsBetween, today } from '../engine/time-zone';

// GET /reports/pipeline and GET /reports/summary, over reports' copy of companies, contacts,
// deals and tasks.

interface StageCount {
  stage_id: string | null;
  stage: string;
  kind: string | null;
  companies: number;
}

function defaultCompanyPipeline(data: WorkspaceData): ReadRecord | undefined {
  const pipelines = data.records.pipeline.filter((pipeline) => pipeline.object === 'company');
  return (
    pipelines.find((pipeline) => pipeline.is_default === true) ??
    pipelines.sort((a, b) => Number(a.position) - Number(b.position))[0]
  );
}

function stagesOf(data: WorkspaceData, pipelineId: string | undefined): ReadRecord[] {
  if (!pipelineId) return [];
  return data.records.stage
    .filter((stage) => stage.pipeline_id === pipelineId)
    .sort((a, b) => Number(a.position) - Number(b.position) || a._id.localeCompare(b._id));
}

// Companies per stage of the pipeline in its order, then those without a stage. Counted in one
// pass over the companies, none copied: a poll of the pipeline at 100,000 companies.
function byStage(
  data: WorkspaceData,
  pipelineId: string | undefined,
  companies: ReadRecord[],
  counted: (company: ReadRecord) => boolean = () => true,
): StageCount[] {
  const counts = new Map<string | null, number>();
  for (const company of companies) {
    if (!counted(company)) continue;
    const stage = (company.stage_id as string | null) ?? null;
    counts.set(stage, (counts.get(stage) ?? 0) + 1);
  }
  const rows: StageCount[] = stagesOf(data, pipelineId).map((stage) => ({
    stage_id: stage._id,
    stage: String(stage.name),
    kind: (stage.kind as string | null) ?? null,
    companies: counts.get(stage._id) ?? 0,
  }));
  rows.push({ stage_id: null, stage: 'No stage', kind: null, companies: counts.get(null) ?? 0 });
  return rows;
}

// Repeated reads of an unchanged workspace count its companies once.
export function pipelineReport(data: WorkspaceData): { data: StageCount[] } {
  return keptAnswer(data, 'pipeline', () => countPipeline(data));
}

function countPipeline(data: WorkspaceData): { data: StageCount[] } {
  const pipeline = defaultCompanyPipeline(data);
  // Companies of other pipelines are not in this one's stages.
  const inPipeline = (company: ReadRecord) =>
    (company.stage_id ?? null) === null || (pipeline !== undefined && company.pipeline_id === pipeline._id);
  return { data: byStage(data, pipeline?._id, data.records.company, inPipeline) };
}

export function summaryReport(data: WorkspaceData, pipelineId: string | undefined, now = Date.now()) {
  const timezone = data.settings.timezone;
  let pipeline: ReadRecord | undefined;
  let companies = data.records.company;
  if (pipelineId) {
    pipeline = data.byId.pipeline.get(pipelineId);
    if (!pipeline || pipeline.object !== 'company') throw notFound('pipeline');
    companies = companies.filter(
      (company) =>
        company.pipeline_id === pipelineId ||
        ((company.stage_id ?? null) === null && (company.pipeline_id ?? null) === null),
    );
  } else pipeline = defaultCompanyPipeline(data);
  const stageCompanies = pipelineId
    ? companies
    : companies.filter((company) => (company.stage_id ?? null) === null || company.pipeline_id === pipeline?._id);

  const owners = new Map<string | null, number>();
  const sources = new Map<string | null, number>();
  const day = today(timezone, now);
  const months = monthsBetween(monthsBefore(`${day.slice(0, 7)}-01`, 11), day);
  const added = new Map(months.map((month) => [month, 0]));
  for (const company of companies) {
    const owner = (company.owner_id as string | null) ?? null;
    owners.set(owner, (owners.get(owner) ?? 0) + 1);
    const source = (company.source_id as string | null) ?? null;
    sources.set(source, (sources.get(source) ?? 0) + 1);
    if (typeof company.created_at === 'string') {
      const month = localDay(company.created_at, timezone).slice(0, 7);
      if (added.has(month)) added.set(month, added.get(month)! + 1);
    }
  }
  const nowIso = new Date(now).toISOString();
  const monthStart = `${day.slice(0, 7)}-01`;
  const tasks = { open: 0, overdue: 0, done_this_month: 0 };
  for (const task of data.records.task) {
    if (task.status === 'open') {
      tasks.open += 1;
      if (typeof task.due_at === 'string' && task.due_at < nowIso) tasks.overdue += 1;
    } else if (
      task.status === 'done' &&
      typeof task.completed_at === 'string' &&
      localDay(task.completed_at, timezone) >= monthStart
    )
      tasks.done_this_month += 1;
  }
  let openDeals = 0;
  let openMinor = 0;
  const other = new Map<string, { amount: number; deals: number }>();
  for (const deal of data.records.deal) {
    if (deal.status !== 'open') continue;
    openDeals += 1;
    if (deal.currency === data.settings.currency) openMinor += Number(deal.value_minor ?? 0);
    else {
      const entry = other.get(String(deal.currency)) ?? { amount: 0, deals: 0 };
      entry.amount += Number(deal.value_minor ?? 0);
      entry.deals += 1;
      other.set(String(deal.currency), entry);
    }
  }
  const byCount = <T extends { companies: number }>(a: T, b: T) => b.companies - a.companies;
  return {
    by_stage: byStage(data, pipeline?._id, stageCompanies),
    by_owner: [...owners.entries()]
      .map(([owner_id, count]) => ({
        owner_id,
        owner_name: owner_id ? nameOf(data, 'member', owner_id) : null,
        companies: count,
      }))
      .sort(byCount),
    by_source: [...sources.entries()]
      .map(([source_id, count]) => ({
        source_id,
        source: source_id ? nameOf(data, 'source', source_id) : null,
        companies: count,
      }))
      .sort(byCount),
    added_by_month: months.map((month) => ({ month, companies: added.get(month)! })),
    tasks,
    totals: {
      companies: companies.length,
      accounts: companies.filter((company) => company.is_account === true).length,
      contacts: data.records.contact.length,
      open_deals: openDeals,
      open_deal_value: openMinor / 100,
      other_currency: [...other.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, entry]) => ({ currency, amount: entry.amount / 100, deals: entry.deals })),
    },
  };
}
