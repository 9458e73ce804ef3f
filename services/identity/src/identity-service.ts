import type { Connection } from 'mongoose';
import { defineService } from '@crm/service-host';
import { registerApiKeyCredentialModel } from './api-keys/api-key-credential.model';
import { registerApiKeyModel } from './api-keys/api-key.model';
import { apiKeyOperations } from './api-keys/api-key-routes';
import { subscribeAuditLog } from './audit/audit-consumer';
import { registerAuditEntryModel } from './audit/audit-entry.model';
import { auditOperations } from './audit/audit-routes';
import { auditTimeUpgrade } from './audit/audit-time-upgrade';
import { memberAuditIdsUpgrade } from './audit/member-audit-ids-upgrade';
import { authOperations } from './auth/auth-routes';
import { registerSessionModel } from './auth/session.model';
import { registerEmailVerificationModel } from './email-verifications/email-verification.model';
import { emailVerificationOperations } from './email-verifications/email-verification-routes';
import { identityGrpc } from './grpc/identity-grpc';
import { registerInvitationModel } from './invitations/invitation.model';
import { invitationOperations } from './invitations/invitation-routes';
import { registerInvitationTokenModel } from './invitations/invitation-token.model';
import { identityRuntime } from './identity-runtime';
import { registerEmailLoggingAddressModel } from './me/email-logging-address.model';
import { meOperations } from './me/me-routes';
import { registerMemberModel } from './members/member.model';
import { seatGuard } from './members/seat-guard.model';
import { memberOperations } from './members/member-routes';
import { subscribeNotifications } from './notifications/notification-consumer';
import { registerNotificationModel } from './notifications/notification.model';
import { notificationOperations } from './notifications/notification-routes';
import { registerPasswordResetModel } from './password-resets/password-reset.model';
import { passwordResetOperations } from './password-resets/password-reset-routes';
import { registerRoleModel } from './roles/role.model';
import { roleOperations } from './roles/role-routes';
import { registerSupportGrantModel } from './support/support-grant.model';
import { registerUserModel } from './users/user.model';
import { onboardingOperations } from './workspaces/onboarding-routes';
import { workspaceOperations } from './workspaces/workspace-routes';
import { subscribeWorkspacePlan } from './workspaces/workspace-plan-consumer';
import { registerWorkspaceModel } from './workspaces/workspace.model';

// Identity: people, sessions, workspaces, members, roles and API keys; answers the gateway's
// Authenticate call for every request.
export const identityService = defineService({
  name: 'identity',
  // Settings checked, mailer made, once at start.
  runtime: identityRuntime,
  modules: [
    {
      models(connection: Connection) {
        registerUserModel(connection);
        registerSessionModel(connection);
        registerWorkspaceModel(connection);
        registerMemberModel(connection);
        seatGuard.register(connection);
        registerRoleModel(connection);
        registerApiKeyModel(connection);
        registerApiKeyCredentialModel(connection);
        registerEmailLoggingAddressModel(connection);
        registerSupportGrantModel(connection);
        registerAuditEntryModel(connection);
        registerNotificationModel(connection);
        registerInvitationModel(connection);
        registerInvitationTokenModel(connection);
        registerPasswordResetModel(connection);
        registerEmailVerificationModel(connection);
      },

      operations(runtime) {
        return [
          ...authOperations(runtime),
          ...onboardingOperations(runtime),
          ...meOperations(runtime),
          ...workspaceOperations(runtime),
          ...memberOperations(runtime),
          ...roleOperations(runtime),
          ...apiKeyOperations(runtime),
          ...auditOperations(runtime.context),
          ...notificationOperations(runtime.context),
          ...invitationOperations(runtime),
          ...passwordResetOperations(runtime),
          ...emailVerificationOperations(runtime),
        ];
      },

      grpc(runtime) {
        return identityGrpc(runtime);
      },

      // Stored data of earlier versions, brought up to date once at start.
      upgrades() {
        return [memberAuditIdsUpgrade, auditTimeUpgrade];
      },

      // The audit log of every service's changes, and notifications for events addressed to members.
      async consumers(runtime) {
        await subscribeAuditLog(runtime.context);
        await subscribeNotifications(runtime);
        // The plan billing decides, applied to the workspace (and so to the next internal token).
        await subscribeWorkspacePlan(runtime.context);
      },
    },
  ],
});
