import { defineService } from '@crm/service-host';
import { apiKeysModule } from './api-keys/api-keys-module';
import { auditModule } from './audit/audit-module';
import { authModule } from './auth/auth-module';
import { emailVerificationsModule } from './email-verifications/email-verifications-module';
import { identityGrpcModule } from './grpc/identity-grpc-module';
import { identityRuntime } from './identity-runtime';
import { invitationsModule } from './invitations/invitations-module';
import { meModule } from './me/me-module';
import { membersModule } from './members/members-module';
import { notificationsModule } from './notifications/notifications-module';
import { passwordResetsModule } from './password-resets/password-resets-module';
import { rolesModule } from './roles/roles-module';
import { supportModule } from './support/support-module';
import { usersModule } from './users/users-module';
import { onboardingModule, workspacesModule } from './workspaces/workspaces-module';

// Identity: people, sessions, workspaces, members, roles and API keys; answers the gateway's
// Authenticate call for every request.
export const identityService = defineService({
  name: 'identity',
  // Settings checked, mailer made, once at start.
  runtime: identityRuntime,
  // In the order of the operations (and so of the OpenAPI document).
  modules: [
    usersModule,
    authModule,
    onboardingModule,
    meModule,
    workspacesModule,
    membersModule,
    rolesModule,
    apiKeysModule,
    supportModule,
    auditModule,
    notificationsModule,
    invitationsModule,
    passwordResetsModule,
    emailVerificationsModule,
    identityGrpcModule,
  ],
});
