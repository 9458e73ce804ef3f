import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { authOperations } from './auth-routes';
import { registerSessionModel } from './session.model';

// Sign-up, sign-in, sessions and sign-out.
export const authModule: ServiceModule<IdentityRuntime> = {
  models: registerSessionModel,
  operations: authOperations,
};
