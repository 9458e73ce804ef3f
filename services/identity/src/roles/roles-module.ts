import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { roleOperations } from './role-routes';
import { registerRoleModel } from './role.model';

// Roles and the permissions they grant.
export const rolesModule: ServiceModule<IdentityRuntime> = {
  models: registerRoleModel,
  operations: roleOperations,
};
