import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { registerUserModel } from './user.model';

// People's accounts, shared by every feature below.
export const usersModule: ServiceModule<IdentityRuntime> = {
  models: registerUserModel,
};
