// The gRPC kit: the service token (grpc-service-token.ts), how errors cross a call
// (grpc-status.ts), the server (grpc-server.ts), handlers made from async functions
// (grpc-handlers.ts) and clients with their deadlines (grpc-client.ts).
export type { ClientOptions } from '@grpc/grpc-js';
export {
  call,
  DEFAULT_DEADLINE_MS,
  grpcClient,
  grpcClientOptions,
  insecureCredentials,
  type GrpcClient,
  type GrpcClientConstructor,
} from './grpc-client';
export { answerStream, unary } from './grpc-handlers';
export {
  callerOf,
  healthRegistration,
  insecureServerCredentials,
  startGrpcServer,
  type GrpcRegistration,
  type GrpcServerOptions,
  type RunningGrpcServer,
} from './grpc-server';
export {
  generateServiceTokenSecret,
  SERVICE_TOKEN_METADATA,
  SERVICE_TOKEN_SECRET_MIN_LENGTH,
  serviceTokenSecret,
  signServiceToken,
  verifyServiceToken,
  type GrpcCaller,
  type ServiceCredential,
} from './grpc-service-token';
export { remoteAppError } from './grpc-status';
