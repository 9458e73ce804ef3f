import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { registerEmailLoggingAddressModel } from './email-logging-address.model';
import { meOperations } from './me-routes';

// The signed-in person: profile, password, workspaces, the address that logs their emails.
export const meModule: ServiceModule<IdentityRuntime> = {
  models: registerEmailLoggingAddressModel,
  operations: meOperations,
};
