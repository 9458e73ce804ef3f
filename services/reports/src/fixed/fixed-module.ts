import type { ServiceModule } from '@crm/service-host';
import type { ReportsRuntime } from '../reports-runtime';
import { fixedReportOperations } from './fixed-report-routes';

// The fixed reports: pipeline, summary, marketing and sales.
export const fixedModule: ServiceModule<ReportsRuntime> = {
  operations: fixedReportOperations,
};
