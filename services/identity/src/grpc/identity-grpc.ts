import { unary, type GrpcRegistration } from '@crm/kit';
import { identityV1 } from '@crm/protos';
import type { ServiceContext } from '@crm/service-host';
import { authenticate } from './authenticate';

export function identityGrpc(context: ServiceContext): GrpcRegistration[] {
  const implementation: identityV1.IdentityServiceServer = {
    authenticate: unary<identityV1.AuthenticateRequest, identityV1.AuthenticateResponse>(context.logger, (request) =>
      authenticate(context.connection, context.logger, request.token),
    ),
  };
  return [{ definition: identityV1.IdentityServiceService, implementation }];
}
