import type { ServiceModule } from '@crm/service-host';
import type { MarketingRuntime } from '../marketing-runtime';
import { registerWebFormModel } from './web-form.model';
import { webFormOperations } from './web-form-routes';

// Web-to-lead forms and their embed code.
export const webFormsModule: ServiceModule<MarketingRuntime> = {
  models: registerWebFormModel,
  operations: webFormOperations,
};
