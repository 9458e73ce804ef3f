import type { ServiceModule } from '@crm/service-host';
import type { IdentityRuntime } from '../identity-runtime';
import { identityGrpc } from './identity-grpc';

// What the gateway and the other services ask identity over gRPC: Authenticate for every
// request, workspaces, members, record replay.
export const identityGrpcModule: ServiceModule<IdentityRuntime> = {
  grpc: identityGrpc,
};
