import {
  credentials,
  Metadata,
  Server,
  ServerCredentials,
  status,
  type CallOptions,
  type ClientUnaryCall,
  type handleUnaryCall,
  type ServiceDefinition,
  type ServiceError,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { healthV1 } from '@crm/protos';
import { AppError, isConflictCode, toAppError, unavailable } from './errors';
import type { Logger } from './logger';

export const DEFAULT_DEADLINE_MS = 3000;
const APP_CODE_KEY = 'crm-error-code';

const STATUS_BY_HTTP: Record<number, status> = {
  400: status.INVALID_ARGUMENT,
  401: status.UNAUTHENTICATED,
  403: status.PERMISSION_DENIED,
  404: status.NOT_FOUND,
  409: status.FAILED_PRECONDITION,
  413: status.RESOURCE_EXHAUSTED,
  429: status.RESOURCE_EXHAUSTED,
  503: status.UNAVAILABLE,
};

const HTTP_BY_STATUS: Partial<Record<status, number>> = {
  [status.INVALID_ARGUMENT]: 400,
  [status.UNAUTHENTICATED]: 401,
  [status.PERMISSION_DENIED]: 403,
  [status.NOT_FOUND]: 404,
  [status.ALREADY_EXISTS]: 409,
  [status.FAILED_PRECONDITION]: 409,
  [status.RESOURCE_EXHAUSTED]: 429,
};

export interface GrpcRegistration {
  definition: ServiceDefinition;
  implementation: UntypedServiceImplementation;
}

export interface RunningGrpcServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export async function startGrpcServer(
  registrations: GrpcRegistration[],
  port: number,
  host = '0.0.0.0',
): Promise<RunningGrpcServer> {
  const server = new Server();
  for (const { definition, implementation } of registrations) server.addService(definition, implementation);
  const boundPort = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${host}:${port}`, ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  });
  return {
    server,
    port: boundPort,
    // Let in-flight calls finish, but not forever.
    close: () =>
      new Promise<void>((resolve) => {
        const force = setTimeout(() => server.forceShutdown(), 5000);
        server.tryShutdown(() => {
          clearTimeout(force);
          resolve();
        });
      }),
  };
}

// Wraps an async implementation: AppErrors cross the wire as a status plus our code.
export function unary<Request, Response>(
  logger: Logger,
  implementation: (request: Request, metadata: Metadata) => Promise<Response>,
): handleUnaryCall<Request, Response> {
  return (call, callback) => {
    implementation(call.request, call.metadata).then(
      (response) => callback(null, response),
      (error: unknown) => {
        const appError = toAppError(error);
        if (appError.status >= 500) logger.error({ err: error }, 'grpc call failed');
        const metadata = new Metadata();
        metadata.set(APP_CODE_KEY, appError.code);
        callback({
          code: STATUS_BY_HTTP[appError.status] ?? status.INTERNAL,
          details: appError.message,
          metadata,
        });
      },
    );
  };
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
        // A newer peer may answer a 409 code this caller does not know yet: keep the status.
        reject(new AppError(httpStatus === 409 && !isConflictCode(code) ? 'conflict' : code, error.details, httpStatus));
      } else if (error.code === status.UNAVAILABLE || error.code === status.DEADLINE_EXCEEDED) {
        reject(unavailable('a dependency is not reachable'));
      } else reject(new AppError('internal', 'internal error'));
    });
  });
}

export const insecureCredentials = () => credentials.createInsecure();

// The standard gRPC health service, answering from the same readiness checks as /readyz.
export function healthRegistration(checks: Array<() => Promise<void>>): GrpcRegistration {
  const implementation: healthV1.HealthServer = {
    check: (_call, callback) => {
      Promise.all(checks.map((check) => check())).then(
        () => callback(null, { status: healthV1.HealthCheckResponse_ServingStatus.SERVING }),
        () => callback(null, { status: healthV1.HealthCheckResponse_ServingStatus.NOT_SERVING }),
      );
    },
  };
  return { definition: healthV1.HealthService, implementation };
}
