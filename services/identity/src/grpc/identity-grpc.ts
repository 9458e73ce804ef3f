import type { Model } from 'mongoose';
import { unary, type GrpcRegistration } from '@crm/kit';
import { identityV1 } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { apiKeyCredentialModel } from '../api-keys/api-key-credential.model';
import { apiKeyModel } from '../api-keys/api-key.model';
import { sessionModel } from '../auth/session.model';
import { memberModel } from '../members/member.model';
import { roleModel } from '../roles/role.model';
import { supportGrantModel } from '../support/support-grant.model';
import { userModel } from '../users/user.model';
import { workspaceModel } from '../workspaces/workspace.model';
import { runtimeOf } from '../identity-runtime';
import { authenticate } from './authenticate';
import { AuthenticationCache } from './authentication-cache';
import { listAuditEntriesAbout } from '../audit/audit-privacy';
import { countMembers } from './count-members';
import { forgetMentions } from './forget-mentions';
import { getMembers } from './get-members';
import { getWorkspace } from './get-workspace';
import { listMembersPage } from './list-members';
import { identityReplayGrpc } from './identity-replay-grpc';

export function identityGrpc(context: ServiceContext): GrpcRegistration[] {
  const { connection } = context;
  // Off unless identity runs as a single replica (AUTHENTICATION_CACHE in config.ts).
  const cache = runtimeOf(context).config.authenticationCache ? new AuthenticationCache() : undefined;
  // Everything an Authenticate answer is computed from.
  const sources = [sessionModel, userModel, memberModel, roleModel, workspaceModel, apiKeyModel, apiKeyCredentialModel, supportGrantModel];
  cache?.watch(connection, sources.map((model) => model(connection) as unknown as Model<never>));
  const implementation: identityV1.IdentityServiceServer = {
    authenticate: unary<identityV1.AuthenticateRequest, identityV1.AuthenticateResponse>(context.logger, (request) =>
      authenticate(connection, context.logger, request.token, cache),
    ),
    getMembers: unary<identityV1.GetMembersRequest, identityV1.GetMembersResponse>(context.logger, (request) =>
      getMembers(connection, request),
    ),
    getWorkspace: unary<identityV1.GetWorkspaceRequest, identityV1.GetWorkspaceResponse>(context.logger, (request) =>
      getWorkspace(connection, request),
    ),
    countMembers: unary<identityV1.CountMembersRequest, identityV1.CountMembersResponse>(context.logger, (request) =>
      countMembers(connection, request),
    ),
    listMembers: unary<identityV1.ListMembersRequest, identityV1.ListMembersResponse>(context.logger, (request) => listMembersPage(connection, request)),
    // A contact's subject access request and erasure (crm-core's privacy operations).
    listAuditEntriesAbout: unary<identityV1.ListAuditEntriesAboutRequest, identityV1.ListAuditEntriesAboutResponse>(context.logger, (request) =>
      listAuditEntriesAbout(connection, request),
    ),
    forgetMentions: unary<identityV1.ForgetMentionsRequest, identityV1.ForgetMentionsResponse>(context.logger, (request) => forgetMentions(connection, context.logger, request)),
  };
  return [{ definition: identityV1.IdentityServiceService, implementation }, identityReplayGrpc(context)];
}
