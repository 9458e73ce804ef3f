import type { ServiceModule } from '@crm/service-host';
import type { ReportsRuntime } from '../reports-runtime';
import { registerSavedReportModels } from './saved-report.model';
import { savedReportOperations } from './saved-report-routes';

// Saved reports and the ones a member pins.
export const savedModule: ServiceModule<ReportsRuntime> = {
  models: registerSavedReportModels,
  operations: savedReportOperations,
};
