import {
  credentials,
  InterceptingCall,
  Metadata,
  status,
  type CallOptions,
  type ChannelCredentials,
  type ClientOptions,
  type ClientUnaryCall,
  type Interceptor,
  type ServiceError,
} from '@grpc/grpc-js';
import { AppError, unavailable } from './errors';
import { assertSecret, SERVICE_TOKEN_METADATA, signServiceToken, type ServiceCredential } from './grpc-service-token';
import { APP_CODE_KEY, HTTP_BY_STATUS, remoteAppError } from './grpc-status';
import { currentContext } from './request-context';

// Calling another service: a client whose calls carry a service token, and calls with a deadline
// whose failures come back as our errors.

export const DEFAULT_DEADLINE_MS = 3000;

// Options for a generated client (`grpcClient(XServiceClient, address, options)`):
// every call it makes carries a service token for the context the call is made in, so no
// handler passes metadata by hand.
export function grpcClientOptions(credential: ServiceCredential): Partial<ClientOptions> {
  assertSecret(credential.secret);
  const interceptor: Interceptor = (options, nextCall) => {
    // Read when the call is made, in the caller's async context.
    const token = signServiceToken(credential, currentContext());
    return new InterceptingCall(nextCall(options), {
      start: (metadata, listener, next) => {
        metadata.set(SERVICE_TOKEN_METADATA, token);
        next(metadata, listener);
      },
    });
  };
  return { interceptors: [interceptor] };
}

type UnaryMethod<Request, Response> = (
  request: Request,
  metadata: Metadata,
  options: Partial<CallOptions>,
  callback: (error: ServiceError | null, response: Response) => void,
) => ClientUnaryCall;

// Every call has a deadline; an unreachable or slow peer becomes `unavailable` (503).
export function call<Request, Response>(
  method: UnaryMethod<Request, Response>,
  request: Request,
  deadlineMs = DEFAULT_DEADLINE_MS,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    method(request, new Metadata(), { deadline: new Date(Date.now() + deadlineMs) }, (error, response) => {
      if (!error) {
        resolve(response);
        return;
      }
      const code = error.metadata?.get(APP_CODE_KEY)[0];
      const httpStatus = HTTP_BY_STATUS[error.code];
      if (httpStatus && typeof code === 'string') {
        reject(remoteAppError(code, error.details, httpStatus));
      } else if (error.code === status.UNAVAILABLE || error.code === status.DEADLINE_EXCEEDED) {
        reject(unavailable('a dependency is not reachable'));
      } else reject(new AppError('internal', 'internal error'));
    });
  });
}

export const insecureCredentials = () => credentials.createInsecure();

// A generated client (ts-proto's `XServiceClient`).
export interface GrpcClient {
  close(): void;
}

export type GrpcClientConstructor<C extends GrpcClient> = new (
  address: string,
  credentials: ChannelCredentials,
  options: Partial<ClientOptions>,
) => C;

// A generated client of the service at `address`, inside the cluster network (no TLS), with the
// options of grpcClientOptions.
export function grpcClient<C extends GrpcClient>(
  Constructor: GrpcClientConstructor<C>,
  address: string,
  options: Partial<ClientOptions>,
): C {
  return new Constructor(address, insecureCredentials(), options);
}
