import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { memberOperations } from './member-routes';
import { registerMemberModel } from './member.model';
import { seatGuard } from './seat-guard.model';

// A workspace's members, within its plan's seats.
export const membersModule: ServiceModule<IdentityRuntime> = {
  models(connection) {
    registerMemberModel(connection);
    seatGuard.register(connection);
  },
  operations: memberOperations,
};
