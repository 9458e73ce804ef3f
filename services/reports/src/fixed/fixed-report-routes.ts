import { implement, validationFailed, workspaceOf, type Implementation } from '@crm/kit';
import type { ReportsRuntime } from '../reports-runtime';
import { monthsBefore, today } from '../engine/time-zone';
import { workspaceData, type WorkspaceData } from '../read-model/workspace-data';
import {
  marketingReport as marketingOperation,
  pipelineReport as pipelineOperation,
  salesReport as salesOperation,
  summaryReport as summaryOperation,
} from './fixed-report.operations';
import { marketingReport } from './marketing-report';
import { pipelineReport, summaryReport } from './pipeline-summary';
import { salesReport } from './sales-report';

// Longest period a marketing or sales report covers.
const MAX_PERIOD_DAYS = 3660;

// from and to as given, else the last 12 months up to today (workspace time zone).
function periodOf(data: WorkspaceData, query: { from?: string; to?: string }): { from: string; to: string } {
  const to = query.to ?? today(data.settings.timezone);
  const from = query.from ?? monthsBefore(to, 12);
  if (from > to) throw validationFailed('from must not be after to');
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 > MAX_PERIOD_DAYS)
    throw validationFailed(`from must be at most ${MAX_PERIOD_DAYS} days before to`);
  return { from, to };
}

export function fixedReportOperations({ workspaceCache }: ReportsRuntime): Implementation[] {
  return [
    implement(pipelineOperation, async ({ req }) =>
      pipelineReport(await workspaceData(workspaceCache, workspaceOf(req))),
    ),
    implement(summaryOperation, async ({ req, query }) =>
      summaryReport(await workspaceData(workspaceCache, workspaceOf(req)), query.pipeline_id),
    ),
    implement(marketingOperation, async ({ req, query }) => {
      const data = await workspaceData(workspaceCache, workspaceOf(req));
      return marketingReport(data, {
        ...periodOf(data, query),
        group: query.group ?? 'campaign',
        model: query.model ?? 'first',
        campaignId: query.campaign_id,
      });
    }),
    implement(salesOperation, async ({ req, auth, query }) => {
      const data = await workspaceData(workspaceCache, workspaceOf(req));
      const owner = query.owner === undefined ? null : query.owner === 'me' ? auth.user_id : query.owner.toLowerCase();
      return salesReport(data, periodOf(data, query), owner);
    }),
  ];
}
