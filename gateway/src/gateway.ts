import type { OutgoingHttpHeaders, Server } from 'node:http';
import type { NextFunction, Response } from 'express';
import {
  AppError,
  closeServer,
  createLogger,
  createMetrics,
  createServiceApp,
  finishServiceApp,
  grpcClientOptions,
  INTERNAL_TOKEN_HEADER,
  listen,
  newId,
  portOf,
  runWithContext,
  REQUEST_ID_HEADER,
  signInternalToken,
  type InternalClaims,
  type Logger,
} from '@crm/kit';
import { apiReference, isReferencePath } from './api-reference';
import { Authenticator, bearerToken } from './authenticate';
import { DEPRECATED_OPERATIONS, Deprecations, type DeprecatedOperation } from './deprecations';
import { operationCost, RateLimits, type RateLimitOptions, type RateLimitRequest } from './rate-limits';
import { bodyReader } from './request-body';
import { API_PREFIX, resolveRoute, ROUTES, SERVICES, type Route, type ServiceName } from './route-table';
import { HOP_BY_HOP, ServiceProxy } from './service-proxy';
import { traceFrom, TRACEPARENT_HEADER, TRACESTATE_HEADER, type TraceContext } from './trace-context';

export interface GatewayOptions {
  port: number;
  host?: string;
  internalPrivateKey: string;
  // Signs the gateway's gRPC calls (Authenticate); shared with the services (SERVICE_TOKEN_SECRET).
  serviceTokenSecret: string;
  identityGrpcAddress: string;
  serviceUrls: Record<ServiceName, string>;
  // How long a service may take to answer before the client gets 503.
  proxyTimeoutMs?: number;
  rateLimits?: RateLimitOptions;
  // The deprecated operations (DEPRECATED_OPERATIONS unless given): their answers carry
  // Deprecation, Sunset and Link, and the merged document marks them.
  deprecations?: readonly DeprecatedOperation[];
  // Express `trust proxy`: which forwarding proxies (an ingress) to believe for the client address.
  trustProxy?: boolean | number | string;
  logger?: Logger;
}

// The workspace's quota, unless given, is WORKSPACE_QUOTA_FACTOR times the token's (6,000).
export const DEFAULT_RATE_LIMITS: RateLimitOptions = { perTokenPerMinute: 1200, publicPerMinute: 60 };

export interface RunningGateway {
  port: number;
  // Absent when the gateway runs on a thread of its own (startGatewayThread): it lives there.
  server?: Server;
  stop(): Promise<void>;
}

interface GatewayRequest extends RateLimitRequest {
  owner?: Route;
  requestId?: string;
  trace?: TraceContext;
  rawBody?: Buffer;
  claims?: InternalClaims;
}

// Headers a client may not set: they carry identity between our own processes (Node gives
// header names in lower case).
const INTERNAL_HEADER_PREFIX = 'x-crm-';
// The client's credentials and what the gateway sets itself never travel on as the client sent
// them (a route's own cookies excepted, see Route.cookies); nor do the headers that describe the
// client's connection (HOP_BY_HOP) or its framing.
const NOT_FORWARDED = new Set([
  'authorization',
  'cookie',
  REQUEST_ID_HEADER,
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  TRACEPARENT_HEADER,
  'host',
  'content-length',
  // The gateway decodes a coded body before forwarding it; a streamed one may have none.
  'content-encoding',
  ...HOP_BY_HOP,
]);

// What the service receives: the client's headers less the above, plus the request id, the
// gateway's span as the trace parent (a client's vendor state only travels with the client's
// own trace) and, for an authenticated caller, the internal token. Built in one pass.
function forwardedHeaders(
  req: GatewayRequest,
  trace: TraceContext,
  internalToken: string | undefined,
): OutgoingHttpHeaders {
  const incoming = req.headers;
  const headers: OutgoingHttpHeaders = {};
  for (const name in incoming) {
    if (NOT_FORWARDED.has(name) || name.startsWith(INTERNAL_HEADER_PREFIX)) continue;
    if (name === TRACESTATE_HEADER && !trace.continued) continue;
    headers[name] = incoming[name];
  }
  const cookies = req.owner?.cookies;
  if (cookies !== undefined && incoming.cookie !== undefined) {
    const kept = incoming.cookie.split(';').filter((pair) => cookies.includes(pair.slice(0, pair.indexOf('=')).trim()));
    if (kept.length > 0) headers.cookie = kept.map((pair) => pair.trim()).join('; ');
  }
  headers[REQUEST_ID_HEADER] = req.requestId;
  headers[TRACEPARENT_HEADER] = trace.traceparent;
  if (internalToken !== undefined) headers[INTERNAL_TOKEN_HEADER] = internalToken;
  return headers;
}

// Whether a request has a body to read (as body-parser decides it).
function hasBody(req: GatewayRequest): boolean {
  return req.headers['transfer-encoding'] !== undefined || req.headers['content-length'] !== undefined;
}

function logRequest(logger: Logger, req: GatewayRequest, res: Response, started: bigint): void {
  logger.info(
    {
      request_id: req.requestId,
      trace_id: req.trace?.traceId,
      span_id: req.trace?.spanId,
      method: req.method,
      path: req.path,
      status: res.statusCode,
      duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
      service: req.owner?.service,
      workspace_id: req.claims?.workspace_id ?? undefined,
      actor_type: req.claims?.actor.type,
      actor_id: req.claims?.actor.id,
    },
    'request',
  );
}

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const logger = options.logger ?? createLogger('gateway');
  // Checked first: a table that breaks the policy stops the start before anything is opened.
  const deprecationTable = options.deprecations ?? DEPRECATED_OPERATIONS;
  const deprecations = new Deprecations(deprecationTable);
  const authenticator = new Authenticator(
    options.identityGrpcAddress,
    grpcClientOptions({ service: 'gateway', secret: options.serviceTokenSecret }),
  );
  const app = createServiceApp({
    name: 'gateway',
    logger,
    readiness: [{ name: 'identity', check: () => authenticator.ping() }],
    parseJson: false,
    metrics: createMetrics('gateway'),
    // The route-table entry that owns the path (its prefix): bounded, unlike the raw path.
    operationOf: (req) => (req as GatewayRequest).owner?.path,
  });
  app.set('trust proxy', options.trustProxy ?? false);
  const rateLimitOptions = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const limits = new RateLimits(rateLimitOptions, logger);

  // The request id and trace first, so every answer carries them, refusals included.
  app.use((req: GatewayRequest, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const requestId = newId();
    req.requestId = requestId;
    req.trace = traceFrom(req.headers[TRACEPARENT_HEADER]);
    // The gateway's id, never the client's, is the one this request's log lines carry.
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    // The log line is built only at a level that writes it.
    if (logger.isLevelEnabled('info')) res.once('finish', () => logRequest(logger, req, res, started));
    next();
  });

  // The reference's router is entered only for its own paths, not tried on every API request.
  const reference = apiReference({
    serviceUrls: options.serviceUrls,
    rateLimits: rateLimitOptions,
    deprecations: deprecationTable,
    logger,
  });
  app.use((req: GatewayRequest, res: Response, next: NextFunction) => {
    if (isReferencePath(req.path)) reference(req, res, next);
    else next();
  });

  // Resolve the owner first: an unknown path is 404 whether or not a token came with it. Then
  // what the operation costs, whether it is deprecated, and the caller's rate limit: per client
  // address on public paths, per token otherwise (the workspace's follows authentication).
  app.use((req: GatewayRequest, res: Response, next: NextFunction) => {
    const owner = resolveRoute(req.path);
    if (!owner) throw new AppError('not_found', `no route for ${req.method} ${req.path}`);
    req.owner = owner;
    const path = req.path.slice(API_PREFIX.length);
    req.cost = operationCost(req.method, path);
    deprecations.mark(req.method, path, res);
    if (owner.public) limits.perAddress(req, res, next);
    else limits.perToken(req, res, next);
  });

  // Bodies are read whole (up to 1 MiB, decoded) and a JSON one must parse; a request without a
  // body skips the reader.
  const readBody = bodyReader(ROUTES);
  app.use((req: GatewayRequest, res: Response, next: NextFunction) => {
    if (hasBody(req)) readBody(req, res, next, req.owner!);
    else next();
  });

  // A write identity answers may revoke what the gateway keeps of its answers (Authenticator).
  const afterWrite = (service: ServiceName) =>
    service === 'identity' ? { onWriteAnswered: () => authenticator.forget() } : {};
  const proxies = new Map<ServiceName, ServiceProxy>();
  for (const service of SERVICES) {
    proxies.set(
      service,
      new ServiceProxy({
        service,
        target: options.serviceUrls[service],
        timeoutMs: options.proxyTimeoutMs ?? 10000,
        logger,
        ...afterWrite(service),
      }),
    );
  }

  // Routes that may take longer than the default have a proxy with their own timeout.
  const slowProxies = new Map(
    ROUTES.filter((route) => route.timeoutMs).map((route) => [
      route,
      new ServiceProxy({
        service: route.service,
        target: options.serviceUrls[route.service],
        timeoutMs: route.timeoutMs!,
        logger,
        ...afterWrite(route.service),
      }),
    ]),
  );

  // Every request to a non-public path is authenticated through identity, then forwarded with
  // an internal token carrying what identity answered.
  app.use(async (req: GatewayRequest, res: Response) => {
    const owner = req.owner!;
    const trace = req.trace!;
    let internalToken: string | undefined;
    if (!owner.public) {
      const token = bearerToken(req.headers.authorization);
      // Identity sees the request's own id and trace, so its log lines join the gateway's.
      try {
        req.claims = await runWithContext(
          { request_id: req.requestId!, workspace_id: null, traceparent: trace.traceparent },
          () => authenticator.authenticate(token),
        );
      } catch (error) {
        // Refused: the token counts as unknown. Not answered (identity away): no verdict, no charge.
        if (error instanceof AppError && error.status === 401) limits.tokenRefused(req);
        else limits.tokenUnanswered(req);
        throw error;
      }
      limits.tokenAccepted(req);
      if (req.claims.workspace_id) await limits.perWorkspace(req, res, req.claims.workspace_id);
      internalToken = signInternalToken(options.internalPrivateKey, req.claims);
    }
    (slowProxies.get(owner) ?? proxies.get(owner.service)!).forward({
      req,
      res,
      headers: forwardedHeaders(req, trace, internalToken),
      body: req.rawBody,
      streamed: owner.streamed === true,
      requestId: req.requestId!,
    });
  });

  finishServiceApp(app, logger);
  const server = await listen(app, options.port, options.host ?? '0.0.0.0');
  // Each proxy (http-proxy-middleware) listens once for the server's 'close', at its first
  // request: one listener per proxy, not a leak, and Node's warning past ten would say one.
  server.setMaxListeners(server.getMaxListeners() + proxies.size + slowProxies.size);
  logger.info({ port: portOf(server) }, 'gateway started');
  return {
    port: portOf(server),
    server,
    stop: async () => {
      await closeServer(server);
      for (const proxy of [...proxies.values(), ...slowProxies.values()]) proxy.close();
      authenticator.close();
      await limits.stop();
    },
  };
}
