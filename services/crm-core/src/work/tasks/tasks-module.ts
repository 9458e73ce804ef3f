import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerTaskModel } from './task.model';
import { subscribeTaskReferences } from './task-hooks';
import { taskJobs } from './task-reminders';
import { taskOperations } from './task-routes';

// Tasks and their reminders; they follow the records and members they name.
export const tasksModule: ServiceModule<CrmCoreRuntime> = {
  models: registerTaskModel,
  operations: ({ context }) => taskOperations(context),
  consumers: ({ context }) => subscribeTaskReferences(context),
  jobs: ({ context }) => taskJobs(context),
};
