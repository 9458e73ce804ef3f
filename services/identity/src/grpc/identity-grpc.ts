import type { Model } from 'mongoose';
import { answerStream, newId, runWithContext, unary, type GrpcRegistration, type RequestContext } from '@crm/kit';
import { identityV1 } from '@crm/protos';
import { apiKeyCredentialModel } from '../api-keys/api-key-credential.model';
import { apiKeyModel } from '../api-keys/api-key.model';
import { sessionModel } from '../auth/session.model';
import { memberModel } from '../members/member.model';
import { roleModel } from '../roles/role.model';
import { supportGrantModel } from '../support/support-grant.model';
import { userModel } from '../users/user.model';
import { workspaceModel } from '../workspaces/workspace.model';
import type { IdentityRuntime } from '../identity-runtime';
import { authenticate } from './authenticate';
import { AuthenticationCache } from './authentication-cache';
import { listAuditEntriesAbout } from '../audit/audit-privacy';
import { countMembers } from './count-members';
import { forgetMentions } from './forget-mentions';
import { getMembers } from './get-members';
import { getWorkspace } from './get-workspace';
import { listMembersPage } from './list-members';
import { identityReplayGrpc } from './identity-replay-grpc';

export function identityGrpc(runtime: IdentityRuntime): GrpcRegistration[] {
  const { context } = runtime;
  const { connection } = context;
  // Off unless identity runs as a single replica (AUTHENTICATION_CACHE in config.ts).
  const cache = runtime.config.authenticationCache ? new AuthenticationCache() : undefined;
  // Everything an Authenticate answer is computed from.
  const sources = [
    sessionModel,
    userModel,
    memberModel,
    roleModel,
    workspaceModel,
    apiKeyModel,
    apiKeyCredentialModel,
    supportGrantModel,
  ];
  cache?.watch(
    connection,
    sources.map((model) => model(connection) as unknown as Model<never>),
  );
  const implementation: identityV1.IdentityServiceServer = {
    authenticate: unary<identityV1.AuthenticateRequest, identityV1.AuthenticateResponse>(
      context.logger,
      async (request) => (await authenticate(connection, context.logger, request.token, cache)).claims,
    ),
    // The same answers for the gateway, on one stream: each in the context of the client request
    // it authenticates, as a call's service token would carry it. An answer the cache keeps goes
    // with its generation, and every new generation goes to every open stream as a notice
    // (id 0), so the gateway may keep answers too (protos/crm/identity/v1).
    authenticateStream: answerStream<identityV1.AuthenticateStreamRequest, identityV1.AuthenticateStreamResponse>(
      context.logger,
      async (request) => {
        const requestContext: RequestContext = { request_id: request.request_id || newId(), workspace_id: null };
        if (request.traceparent) requestContext.traceparent = request.traceparent;
        const { claims, keep } = await runWithContext(requestContext, () =>
          authenticate(connection, context.logger, request.token, cache),
        );
        return keep
          ? { id: request.id, authenticated: claims, generation: keep.generation, keep_until_ms: keep.until }
          : { id: request.id, authenticated: claims };
      },
      (request, error) => ({
        id: request.id,
        error: { code: error.code, message: error.message, http_status: error.status },
      }),
      cache && { notices: (send) => cache.onChange((generation) => send({ id: 0, generation })) },
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
    listMembers: unary<identityV1.ListMembersRequest, identityV1.ListMembersResponse>(context.logger, (request) =>
      listMembersPage(connection, request),
    ),
    // A contact's subject access request and erasure (crm-core's privacy operations).
    listAuditEntriesAbout: unary<identityV1.ListAuditEntriesAboutRequest, identityV1.ListAuditEntriesAboutResponse>(
      context.logger,
      (request) => listAuditEntriesAbout(connection, request),
    ),
    forgetMentions: unary<identityV1.ForgetMentionsRequest, identityV1.ForgetMentionsResponse>(
      context.logger,
      (request) => forgetMentions(context, request),
    ),
  };
  return [{ definition: identityV1.IdentityServiceService, implementation }, identityReplayGrpc(context)];
}
