import { validationFailed } from '@crm/kit';
import type { FilterQuery } from 'mongoose';
import type { ServiceContext } from '@crm/service-host';
import { pipelineModel, stageModel, type StageRecord } from '../catalogue/catalogue.model';
import type { DealRecord } from './deal.model';
import type { DealForecastQuery, DealForecastView } from './deal.operations';
import { ownerFilter } from './deal-list';
import { knownTimezone, periodsAt, type Period } from './deal-periods';
import { closedGroups, dealGroups, Totals, totalsByCurrency, type DealGroup } from './deal-totals';
import { dealSettings } from './workspace-settings';

type ForecastStage = Pick<StageRecord, '_id' | 'pipeline_id' | 'name' | 'kind' | 'probability'>;

// The deal pipelines' stages in catalogue order (pipeline position, then stage position).
async function forecastStages(
  context: ServiceContext,
  workspaceId: string,
  pipelineId: string | undefined,
): Promise<ForecastStage[]> {
  const pipelines = await pipelineModel(context.connection)
    .find({ workspace_id: workspaceId, object: 'deal', ...(pipelineId ? { _id: pipelineId } : {}) }, { _id: 1 })
    .sort({ position: 1, created_at: 1 })
    .lean<Array<{ _id: string }>>()
    .exec();
  if (pipelineId && pipelines.length === 0)
    throw validationFailed('pipeline_id is not a deal pipeline of this workspace');
  const stages = await stageModel(context.connection)
    .find(
      { workspace_id: workspaceId, pipeline_id: { $in: pipelines.map((pipeline) => pipeline._id) } },
      { pipeline_id: 1, name: 1, kind: 1, probability: 1, position: 1 },
    )
    .lean<Array<ForecastStage & { position: number }>>()
    .exec();
  const order = new Map(pipelines.map((pipeline, index) => [pipeline._id, index]));
  return stages.sort((a, b) => order.get(a.pipeline_id)! - order.get(b.pipeline_id)! || a.position - b.position);
}

// Won and lost deals closed in a period, per currency.
function closedIn(period: Period, groups: readonly DealGroup[], currency: string) {
  const won = new Totals();
  const lost = new Totals();
  for (const group of groups)
    if (group.currency === currency) (group.status === 'won' ? won : lost).add(group, new Map());
  const amount = (totals: Totals) => ({ count: totals.count, value: totals.amounts().value });
  return { ...period, won: amount(won), lost: amount(lost) };
}

export async function dealForecast(
  context: ServiceContext,
  workspaceId: string,
  userId: string,
  query: DealForecastQuery,
): Promise<DealForecastView> {
  const settings = await dealSettings(context, workspaceId);
  const timezone = knownTimezone(settings.timezone);
  const periods = periodsAt(new Date(), timezone);
  const scope: FilterQuery<DealRecord> = {
    workspace_id: workspaceId,
    ...(query.pipeline_id ? { pipeline_id: query.pipeline_id.toLowerCase() } : {}),
    ...ownerFilter(query.owner, userId),
  };
  const closedBetween = (period: Period) => closedGroups(context, scope, period.from, period.to);
  const [stages, all, month, quarter] = await Promise.all([
    forecastStages(context, workspaceId, query.pipeline_id?.toLowerCase()),
    dealGroups(context, scope),
    closedBetween(periods.month),
    closedBetween(periods.quarter),
  ]);
  const stagesById = new Map(stages.map((stage) => [stage._id, stage]));
  const open = all.filter((group) => group.status === 'open');
  const own = totalsByCurrency(open, stagesById, settings.currency);
  const byStage = new Map(stages.map((stage) => [stage._id, new Totals()]));
  for (const group of all)
    if (group.currency === settings.currency) byStage.get(group.stage_id)?.add(group, stagesById);
  const currencies = [
    ...new Set(
      [...all, ...month, ...quarter].map((group) => group.currency).filter((code) => code !== settings.currency),
    ),
  ].sort();
  return {
    currency: settings.currency,
    timezone,
    open: own.own.amounts(),
    month: closedIn(periods.month, month, settings.currency),
    quarter: closedIn(periods.quarter, quarter, settings.currency),
    stages: stages.map((stage) => ({
      stage_id: stage._id,
      pipeline_id: stage.pipeline_id,
      name: stage.name,
      kind: stage.kind as 'open' | 'won' | 'lost',
      probability: stage.probability ?? null,
      ...byStage.get(stage._id)!.amounts(),
    })),
    other_currencies: currencies.map((currency) => {
      const totals = new Totals();
      for (const group of open) if (group.currency === currency) totals.add(group, stagesById);
      return {
        currency,
        open: totals.amounts(),
        month: closedIn(periods.month, month, currency),
        quarter: closedIn(periods.quarter, quarter, currency),
      };
    }),
  };
}
