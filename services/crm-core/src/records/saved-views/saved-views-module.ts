import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { subscribeOwnerNames } from './owner-names';
import { registerSavedViewModel } from './saved-view.model';
import { savedViewOperations } from './saved-view-routes';

// Saved views of the record lists, with their owners' names.
export const savedViewsModule: ServiceModule<CrmCoreRuntime> = {
  models: registerSavedViewModel,
  operations: ({ context }) => savedViewOperations(context),
  consumers: ({ context }) => subscribeOwnerNames(context),
};
