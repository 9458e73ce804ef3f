import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { registerSupportGrantModel } from './support-grant.model';

// Grants that let support staff into a workspace (given by support-access-cli).
export const supportModule: ServiceModule<IdentityRuntime> = {
  models: registerSupportGrantModel,
};
