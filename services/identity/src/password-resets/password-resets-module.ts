import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { passwordResetOperations } from './password-reset-routes';
import { registerPasswordResetModel } from './password-reset.model';

// Password resets by emailed link.
export const passwordResetsModule: ServiceModule<IdentityRuntime> = {
  models: registerPasswordResetModel,
  operations: passwordResetOperations,
};
