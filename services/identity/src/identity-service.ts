import type { Connection } from 'mongoose';
import type { ServiceDefinition } from '@crm/service-host';
import { registerApiKeyCredentialModel } from './api-keys/api-key-credential.model';
import { registerApiKeyModel } from './api-keys/api-key.model';
import { apiKeyRoutes } from './api-keys/api-key-routes';
import { authPublicRoutes, authRoutes } from './auth/auth-routes';
import { registerSessionModel } from './auth/session.model';
import { identityGrpc } from './grpc/identity-grpc';
import { runtimeOf } from './identity-runtime';
import { meRoutes } from './me/me-routes';
import { registerMemberModel } from './members/member.model';
import { registerRoleModel } from './roles/role.model';
import { registerUserModel } from './users/user.model';
import { onboardingRoutes } from './workspaces/onboarding-routes';
import { registerWorkspaceModel } from './workspaces/workspace.model';

// Identity: people, sessions, workspaces, members, roles and API keys; answers the gateway's
// Authenticate call for every request.
export const identityService: ServiceDefinition = {
  name: 'identity',

  models(connection: Connection) {
    registerUserModel(connection);
    registerSessionModel(connection);
    registerWorkspaceModel(connection);
    registerMemberModel(connection);
    registerRoleModel(connection);
    registerApiKeyModel(connection);
    registerApiKeyCredentialModel(connection);
  },

  publicRoutes(router, context) {
    // Validates identity's settings at start: a bad value stops the service naming the variable.
    runtimeOf(context);
    authPublicRoutes(router, context);
  },

  routes(router, context) {
    authRoutes(router, context);
    onboardingRoutes(router, context);
    meRoutes(router, context);
    apiKeyRoutes(router, context);
  },

  grpc(context) {
    return identityGrpc(context);
  },
};
