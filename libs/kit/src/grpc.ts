import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import {
  credentials,
  InterceptingCall,
  Metadata,
  Server,
  ServerCredentials,
  status,
  type CallOptions,
  type ClientOptions,
  type ClientUnaryCall,
  type handleBidiStreamingCall,
  type handleUnaryCall,
  type ServerDuplexStream,
  type Interceptor,
  type sendUnaryData,
  type ServerUnaryCall,
  type ServiceDefinition,
  type ServiceError,
  type UntypedHandleCall,
  type UntypedServiceImplementation,
} from '@grpc/grpc-js';
import jwt from 'jsonwebtoken';
import { healthV1 } from '@crm/protos';
import { ConfigError, type VariableSpec } from './config';
import { AppError, isConflictCode, toAppError, unauthenticated, unavailable } from './errors';
import { newId } from './ids';
import type { ActorType } from './internal-jwt';
import type { Logger } from './logger';
import type { ServiceMetrics } from './metrics';
import { currentContext, runWithContext, type RequestContext } from './request-context';
import { continueTrace } from './trace-context';

export type { ClientOptions } from '@grpc/grpc-js';

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
  // Callable without a service token. Only the standard health service, which probes (the
  // kubelet, `grpc_health_probe`) call without credentials; it reveals nothing but up or down.
  public?: boolean;
}

// ---- the service token: who calls, for whom ---------------------------------------------------
//
// Every gRPC call between our processes carries a short-lived HS256 JWT in the
// `x-crm-service-token` metadata, signed with SERVICE_TOKEN_SECRET, which the gateway and the
// services share (and nobody else). It names the calling service and the context of the work it
// does: request id, workspace, actor, trace. A symmetric key because every service both calls
// and is called, and signing runs on every call: HMAC costs microseconds where the gateway's ES256
// key costs a signature per call. Issuer and audience differ from the internal JWT's, so neither
// token is accepted in place of the other.
export const SERVICE_TOKEN_METADATA = 'x-crm-service-token';
const SERVICE_TOKEN_ALGORITHM = 'HS256';
const SERVICE_TOKEN_ISSUER = 'crm-service';
const SERVICE_TOKEN_AUDIENCE = 'crm-grpc';
// Longer than any deadline, short enough that a token seen in a log is soon useless.
const SERVICE_TOKEN_TTL_SECONDS = 60;
// Clocks of two pods may disagree a little; a caller running behind must not be refused.
const CLOCK_TOLERANCE_SECONDS = 30;
// 256 bits, the size of the HMAC-SHA-256 block it keys.
export const SERVICE_TOKEN_SECRET_MIN_LENGTH = 32;

export interface ServiceCredential {
  // The calling process: a service name or `gateway`.
  service: string;
  secret: string;
}

export interface GrpcCaller {
  service: string;
  context: RequestContext;
}

interface ServiceTokenClaims {
  sub: string;
  request_id: string;
  workspace_id: string | null;
  actor?: { type: ActorType | 'system'; id: string | null; label: string | null };
  traceparent: string;
}

// jsonwebtoken given the secret as a string first tries to parse it as a PEM key, which costs
// about a millisecond per token; a KeyObject made once costs microseconds.
const secretKeys = new Map<string, KeyObject>();

function secretKey(secret: string): KeyObject {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    secretKeys.set(secret, key);
  }
  return key;
}

function assertSecret(secret: string): void {
  if (typeof secret !== 'string' || secret.length < SERVICE_TOKEN_SECRET_MIN_LENGTH) {
    throw new ConfigError(`SERVICE_TOKEN_SECRET must be at least ${SERVICE_TOKEN_SECRET_MIN_LENGTH} characters`);
  }
}

// The environment variable, validated at start like every setting (and never echoed).
export const serviceTokenSecret = (): VariableSpec<string, false> => ({
  secret: true,
  description: 'shared secret that signs service-to-service gRPC calls',
  parse: (raw, name) => {
    if (raw.length < SERVICE_TOKEN_SECRET_MIN_LENGTH) throw new ConfigError(`${name} must be at least ${SERVICE_TOKEN_SECRET_MIN_LENGTH} characters`);
    return raw;
  },
});

// Embedded mode and tests: one per process, shared by its parts.
export function generateServiceTokenSecret(): string {
  return randomBytes(32).toString('base64url');
}

// The token for one call, made from the context the call is made in: the caller's request, or
// a fresh request id for work that has none (start-up, a timer).
export function signServiceToken(credential: ServiceCredential, context: RequestContext | undefined = currentContext()): string {
  const claims: ServiceTokenClaims = {
    sub: credential.service,
    request_id: context?.request_id || newId(),
    workspace_id: context?.workspace_id ?? null,
    // The callee's span is a child of this call's.
    traceparent: continueTrace(context?.traceparent),
  };
  if (context?.actor) claims.actor = context.actor;
  return jwt.sign(claims, secretKey(credential.secret), {
    algorithm: SERVICE_TOKEN_ALGORITHM,
    expiresIn: SERVICE_TOKEN_TTL_SECONDS,
    issuer: SERVICE_TOKEN_ISSUER,
    audience: SERVICE_TOKEN_AUDIENCE,
  });
}

export function verifyServiceToken(secret: string, token: unknown): GrpcCaller {
  return verifiedServiceToken(secret, token).caller;
}

// The caller a valid token names, and when the token stops being valid (ms since the epoch).
function verifiedServiceToken(secret: string, token: unknown): { caller: GrpcCaller; expiresAt: number } {
  if (typeof token !== 'string') throw unauthenticated('missing service token');
  let payload: string | jwt.JwtPayload;
  try {
    payload = jwt.verify(token, secretKey(secret), {
      algorithms: [SERVICE_TOKEN_ALGORITHM],
      issuer: SERVICE_TOKEN_ISSUER,
      audience: SERVICE_TOKEN_AUDIENCE,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    });
  } catch {
    throw unauthenticated('invalid service token');
  }
  const claims = payload as Partial<ServiceTokenClaims>;
  if (typeof payload === 'string' || typeof claims.sub !== 'string' || typeof claims.request_id !== 'string') {
    throw unauthenticated('invalid service token');
  }
  const context: RequestContext = {
    request_id: claims.request_id,
    workspace_id: typeof claims.workspace_id === 'string' ? claims.workspace_id : null,
  };
  if (claims.actor) context.actor = claims.actor;
  if (typeof claims.traceparent === 'string') context.traceparent = claims.traceparent;
  const expiresAt = ((claims as jwt.JwtPayload).exp ?? 0) * 1000 + CLOCK_TOLERANCE_SECONDS * 1000;
  return { caller: { service: claims.sub, context }, expiresAt };
}

// Options for a generated client (`new XServiceClient(address, insecureCredentials(), options)`):
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

const callers = new WeakMap<object, GrpcCaller>();

// Who made this call (set once its token is verified); undefined on a public registration.
export function callerOf(call: object): GrpcCaller | undefined {
  return callers.get(call);
}

// Refuses a call without a valid token (UNAUTHENTICATED, no error code of ours: to the caller
// that is a fault of its own, not its user's) and runs the method in the caller's context.
function authenticated(method: string, handler: UntypedHandleCall, secret: string, metrics?: ServiceMetrics): UntypedHandleCall {
  return ((call: ServerUnaryCall<unknown, unknown>, answer: sendUnaryData<unknown>) => {
    const started = process.hrtime.bigint();
    const callback: sendUnaryData<unknown> = (error, value) => {
      metrics?.recordGrpcCall(method, status[error?.code ?? status.OK], Number(process.hrtime.bigint() - started) / 1e9);
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
function authenticatedStream(method: string, handler: UntypedHandleCall, secret: string, metrics?: ServiceMetrics): UntypedHandleCall {
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
    const expiry = setTimeout(() => {
      if (!call.writableEnded) call.emit('error', { code: status.UNAUTHENTICATED, details: `${method}: the service token of this stream expired` });
    }, Math.max(0, verified.expiresAt - Date.now()));
    expiry.unref();
    const settled = () => clearTimeout(expiry);
    call.once('finish', settled);
    call.once('cancelled', settled);
    call.once('close', settled);
    runWithContext(verified.caller.context, () => (handler as handleBidiStreamingCall<unknown, unknown>)(call));
  }) as UntypedHandleCall;
}

function protect(registration: GrpcRegistration, secret: string, metrics?: ServiceMetrics): UntypedServiceImplementation {
  if (registration.public) return registration.implementation;
  const protectedImplementation: UntypedServiceImplementation = {};
  for (const [name, handler] of Object.entries(registration.implementation)) {
    const method = registration.definition[name];
    if (!method) throw new Error(`gRPC implementation ${name} is not in the service definition`);
    // Each kind of method is guarded its own way; one without a guard never starts unguarded.
    if (method.requestStream && method.responseStream) protectedImplementation[name] = authenticatedStream(method.path, handler, secret, metrics);
    else if (method.requestStream || method.responseStream) throw new Error(`gRPC method ${method.path} streams one way: only unary and bidirectional methods are supported`);
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

export async function startGrpcServer(registrations: GrpcRegistration[], options: GrpcServerOptions): Promise<RunningGrpcServer> {
  const { port, host = '0.0.0.0', serviceTokenSecret, metrics } = options;
  assertSecret(serviceTokenSecret);
  const server = new Server();
  for (const registration of registrations) server.addService(registration.definition, protect(registration, serviceTokenSecret, metrics));
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

// What a handler threw, as the AppError its caller receives; logged when it is a fault here.
function failure(logger: Logger, error: unknown): AppError {
  const appError = toAppError(error);
  // A dependency being down is an operational state, not a bug: no stack trace for it.
  if (appError.status === 503) logger.warn({ reason: appError.message }, 'grpc call failed: dependency unavailable');
  else if (appError.status >= 500) logger.error({ err: error }, 'grpc call failed');
  return appError;
}

// A bidirectional stream of requests, each answered on the stream by `answer`, or by `refusal`
// with the error `answer` threw (as it would cross the wire from a unary call): one long-lived
// stream for a caller that asks the same question for every request it serves, instead of a call
// each. Answers go in the order they are ready; a request's own id (in both messages) pairs them.
// When the caller ends its side, the stream ends once every request it sent is answered.
export function answerStream<Request, Response>(
  logger: Logger,
  answer: (request: Request) => Promise<Response>,
  refusal: (request: Request, error: AppError) => Response,
): handleBidiStreamingCall<Request, Response> {
  return (call) => {
    const record = streamRecorders.get(call);
    let waiting = 0;
    let callerDone = false;
    const endWhenAnswered = () => {
      if (callerDone && waiting === 0 && !call.writableEnded) call.end();
    };
    call.on('data', (request: Request) => {
      waiting += 1;
      const started = process.hrtime.bigint();
      Promise.resolve()
        .then(() => answer(request))
        .then(
          (response) => ({ response, code: status[status.OK] }),
          (error: unknown) => {
            const appError = failure(logger, error);
            return { response: refusal(request, appError), code: status[STATUS_BY_HTTP[appError.status] ?? status.INTERNAL] };
          },
        )
        .then(({ response, code }) => {
          waiting -= 1;
          record?.(code, Number(process.hrtime.bigint() - started) / 1e9);
          // A stream that ended meanwhile (expired, or the caller went away) takes nothing more.
          if (!call.writableEnded && !call.destroyed) call.write(response);
          endWhenAnswered();
        });
    });
    call.on('end', () => {
      callerDone = true;
      endWhenAnswered();
    });
    // Errors end the stream (grpc-js answers its status); nothing is left to do here.
    call.on('error', () => undefined);
  };
}

// Wraps an async implementation: AppErrors cross the wire as a status plus our code. The server
// has verified the caller and runs this in the caller's context (currentContext()).
export function unary<Request, Response>(
  logger: Logger,
  implementation: (request: Request, metadata: Metadata, caller: GrpcCaller | undefined) => Promise<Response>,
): handleUnaryCall<Request, Response> {
  return (call, callback) => {
    Promise.resolve()
      .then(() => implementation(call.request, call.metadata, callerOf(call)))
      .then(
        (response) => callback(null, response),
        (error: unknown) => {
          const appError = failure(logger, error);
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

// An error a peer answered (our code, message and HTTP status), as the caller throws it. A
// newer peer may answer a 409 code this caller does not know yet: the status is kept.
export function remoteAppError(code: string, message: string, httpStatus: number): AppError {
  if (httpStatus < 400 || httpStatus > 599) return new AppError('internal', 'internal error');
  return new AppError(httpStatus === 409 && !isConflictCode(code) ? 'conflict' : code, message, httpStatus);
}

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
