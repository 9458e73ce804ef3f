import type { ServiceModule } from '@crm/service-host';
import type { ReportsRuntime } from '../reports-runtime';
import { reportEngineOperations } from './report-routes';

// The report engine: the fields a report may use, a report's run and the records behind a cell.
export const engineModule: ServiceModule<ReportsRuntime> = {
  operations: reportEngineOperations,
};
