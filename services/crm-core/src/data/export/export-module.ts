import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { exportOperations } from './export-routes';

// Exports of the records, written to a file documents keeps and links to.
export const exportModule: ServiceModule<CrmCoreRuntime> = {
  operations: ({ context }) => exportOperations(context),
};
