import type { ServiceModule } from '@crm/service-host';
import type { CrmCoreRuntime } from '../../crm-core-runtime';
import { registerCustomFieldModel } from './custom-field.model';
import { customFieldOperations } from './custom-field-routes';

// The custom fields a workspace adds to its records.
export const customFieldsModule: ServiceModule<CrmCoreRuntime> = {
  models: registerCustomFieldModel,
  operations: ({ context }) => customFieldOperations(context),
};
