import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerCalendarModels } from './calendar-connection.model';
import { calendarOperations } from './calendar-routes';

// Calendar connections (the integration's settings and providers are in the runtime).
export const calendarModule: ServiceModule<CrmCoreRuntime> = {
  models: registerCalendarModels,
  operations: calendarOperations,
};
