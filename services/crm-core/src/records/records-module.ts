import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../crm-core-runtime';
import { recordLimitGuard } from './record-limit-guard.model';

// The lock every transaction that creates companies, contacts or deals takes before it counts them
// against the plan's record limit.
export const recordsModule: ServiceModule<CrmCoreRuntime> = {
  models: (connection) => recordLimitGuard.register(connection),
};
