import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { invitationOperations } from './invitation-routes';
import { registerInvitationTokenModel } from './invitation-token.model';
import { registerInvitationModel } from './invitation.model';

// Invitations to a workspace and their acceptance.
export const invitationsModule: ServiceModule<IdentityRuntime> = {
  models(connection) {
    registerInvitationModel(connection);
    registerInvitationTokenModel(connection);
  },
  operations: invitationOperations,
};
