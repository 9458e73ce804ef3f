import { AppError } from '@crm/kit';
import { planHasFeature, type PlanFeature } from '@crm/protos';
import type { ReportObject } from './field-catalogue';

// Touchpoints and spend are records of Standard plan features (campaigns and their spend,
// touchpoints): reporting on them needs that plan too, like the marketing report does. A run, the
// records behind a row, a saved report's run and saving such a definition answer 403
// plan_required on another plan (docs/reports.md); the other objects report on every plan.
const FEATURE_OF: Partial<Record<ReportObject, PlanFeature>> = {
  touchpoint: 'touchpoints',
  spend: 'campaigns',
};

export function checkReportPlan(object: ReportObject, plan: string | null | undefined): void {
  const feature = FEATURE_OF[object];
  if (feature && !planHasFeature(plan, feature))
    throw new AppError('plan_required', `${object} reports need the Standard plan`);
}
