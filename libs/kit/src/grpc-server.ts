import {
  Server,
  ServerCredentials,
  status,
  type handleBidiStreamingCall,
  type handleUnaryCall,
  type sendUnaryData,
  type ServerDuplexStream,
  type ServerUnaryCall,
  type ServiceDefinition,
  type UntypedHandleCall,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import { healthV1 } from '@crm/protos';
import {
  assertSecret,
  SERVICE_TOKEN_METADATA,
  verifiedServiceToken,
  verifyServiceToken,
  type GrpcCaller,
} from './grpc-service-token';
import type { ServiceMetrics } from './metrics';
import { runWithContext } from './request-context';

// The gRPC server of a service: every method that is not public refuses a call without a valid
// service token and runs in the caller's context; calls are counted and timed.

export interface GrpcRegistration {
  definition: ServiceDefinition;
  implementation: UntypedServiceImplementation;
  // Callable without a service token. Only the standard health service, which probes (the
  // kubelet, `grpc_health_probe`) call without credentials; it reveals nothing but up or down.
  public?: boolean;
}

const callers = new WeakMap<object, GrpcCaller>();

// Who made this call (set once its token is verified); undefined on a public registration.
export function callerOf(call: object): GrpcCaller | undefined {
  return callers.get(call);
}

// Refuses a call without a valid token (UNAUTHENTICATED, no error code of ours: to the caller
// that is a fault of its own, not its user's) and runs the method in the caller's context.
function authenticated(
  method: string,
  handler: UntypedHandleCall,
  secret: string,
  metrics?: ServiceMetrics,
): UntypedHandleCall {
  return ((call: ServerUnaryCall<unknown, unknown>, answer: sendUnaryData<unknown>) => {
    const started = process.hrtime.bigint();
    const callback: sendUnaryData<unknown> = (error, value) => {
      metrics?.recordGrpcCall(
        method,
        status[error?.code ?? status.OK],
        Number(process.hrtime.bigint() - started) / 1e9,
      );
      answer(error, value);
    };
    let caller: GrpcCaller;
    try {
      caller = verifyServiceToken(secret, call.metadata.get(SERVICE_TOKEN_METADATA)[0]);
    } catch (error) {
      callback({ code: status.UNAUTHENTICATED, details: `${method}: ${(error as Error).message}` });
      return;
    }
    callers.set(call, caller);
    runWithContext(caller.context, () => (handler as handleUnaryCall<unknown, unknown>)(call, callback));
  }) as UntypedHandleCall;
}

// What a stream's answers are counted under, set when its token is verified.
const streamRecorders = new WeakMap<object, (code: string, seconds: number) => void>();

// A stream is refused as a call is. One opened with a valid token runs in the caller's context,
// and ends UNAUTHENTICATED when that token expires, so no stream outlives the credential that
// opened it: the caller opens another one before then.
function authenticatedStream(
  method: string,
  handler: UntypedHandleCall,
  secret: string,
  metrics?: ServiceMetrics,
): UntypedHandleCall {
  return ((call: ServerDuplexStream<unknown, unknown>) => {
    let verified: { caller: GrpcCaller; expiresAt: number };
    try {
      verified = verifiedServiceToken(secret, call.metadata.get(SERVICE_TOKEN_METADATA)[0]);
    } catch (error) {
      call.emit('error', { code: status.UNAUTHENTICATED, details: `${method}: ${(error as Error).message}` });
      return;
    }
    callers.set(call, verified.caller);
    if (metrics) streamRecorders.set(call, (code, seconds) => metrics.recordGrpcCall(method, code, seconds));
    const expiry = setTimeout(
      () => {
        if (!call.writableEnded)
          call.emit('error', {
            code: status.UNAUTHENTICATED,
            details: `${method}: the service token of this stream expired`,
          });
      },
      Math.max(0, verified.expiresAt - Date.now()),
    );
    expiry.unref();
    const settled = () => clearTimeout(expiry);
    call.once('finish', settled);
    call.once('cancelled', settled);
    call.once('close', settled);
    runWithContext(verified.caller.context, () => (handler as handleBidiStreamingCall<unknown, unknown>)(call));
  }) as UntypedHandleCall;
}

function protect(
  registration: GrpcRegistration,
  secret: string,
  metrics?: ServiceMetrics,
): UntypedServiceImplementation {
  if (registration.public) return registration.implementation;
  const protectedImplementation: UntypedServiceImplementation = {};
  for (const [name, handler] of Object.entries(registration.implementation)) {
    const method = registration.definition[name];
    if (!method) throw new Error(`gRPC implementation ${name} is not in the service definition`);
    // Each kind of method is guarded its own way; one without a guard never starts unguarded.
    if (method.requestStream && method.responseStream)
      protectedImplementation[name] = authenticatedStream(method.path, handler, secret, metrics);
    else if (method.requestStream || method.responseStream)
      throw new Error(`gRPC method ${method.path} streams one way: only unary and bidirectional methods are supported`);
    else protectedImplementation[name] = authenticated(method.path, handler, secret, metrics);
  }
  return protectedImplementation;
}

export interface RunningGrpcServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export interface GrpcServerOptions {
  port: number;
  host?: string;
  // Every method of a registration that is not public requires a service token signed with it.
  serviceTokenSecret: string;
  // Counts and times the calls of those methods.
  metrics?: ServiceMetrics;
}

export async function startGrpcServer(
  registrations: GrpcRegistration[],
  options: GrpcServerOptions,
): Promise<RunningGrpcServer> {
  const { port, host = '0.0.0.0', serviceTokenSecret, metrics } = options;
  assertSecret(serviceTokenSecret);
  const server = new Server();
  for (const registration of registrations)
    server.addService(registration.definition, protect(registration, serviceTokenSecret, metrics));
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

// A stream's recorder of answers (code, seconds), when the server counts its calls.
export function streamRecorderOf(call: object): ((code: string, seconds: number) => void) | undefined {
  return streamRecorders.get(call);
}

// A server's port without TLS (inside the cluster network), e.g. to bind a port again.
export const insecureServerCredentials = () => ServerCredentials.createInsecure();

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
  return { definition: healthV1.HealthService, implementation, public: true };
}
