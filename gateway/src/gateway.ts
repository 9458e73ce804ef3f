import { Agent, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createProxyMiddleware, proxyEventsPlugin, type RequestHandler } from 'http-proxy-middleware';
import {
  AppError,
  BODY_LIMIT,
  closeServer,
  createLogger,
  createMetrics,
  createServiceApp,
  finishServiceApp,
  grpcClientOptions,
  isJsonRequest,
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
import { apiReference } from './api-reference';
import { Authenticator, bearerToken } from './authenticate';
import { rateLimits, type RateLimitOptions } from './rate-limits';
import { resolveRoute, SERVICES, type Route, type ServiceName } from './route-table';
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
  // Express `trust proxy`: which forwarding proxies (an ingress) to believe for the client address.
  trustProxy?: boolean | number | string;
  logger?: Logger;
}

export const DEFAULT_RATE_LIMITS: RateLimitOptions = { perTokenPerMinute: 1200, publicPerMinute: 60 };

export interface RunningGateway {
  port: number;
  server: Server;
  stop(): Promise<void>;
}

interface GatewayRequest extends Request {
  owner?: Route;
  requestId?: string;
  trace?: TraceContext;
  rawBody?: Buffer;
  claims?: InternalClaims;
}

// Headers a client may not set: they carry identity between our own processes.
const INTERNAL_HEADER = /^x-crm-/i;
const STRIPPED_HEADERS = ['authorization', 'cookie', REQUEST_ID_HEADER, 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto'];

export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const logger = options.logger ?? createLogger('gateway');
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
  const limits = rateLimits(options.rateLimits ?? DEFAULT_RATE_LIMITS);

  app.use((req: GatewayRequest, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    req.requestId = newId();
    req.trace = traceFrom(req.headers[TRACEPARENT_HEADER]);
    res.setHeader(REQUEST_ID_HEADER, req.requestId);
    res.on('finish', () => {
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
    });
    next();
  });

  app.use(apiReference({ serviceUrls: options.serviceUrls, rateLimits: options.rateLimits ?? DEFAULT_RATE_LIMITS, logger }));

  // Resolve the owner first: an unknown path is 404 whether or not a token came with it.
  app.use((req: GatewayRequest, _res: Response, next: NextFunction) => {
    req.owner = resolveRoute(req.path);
    if (!req.owner) throw new AppError('not_found', `no route for ${req.method} ${req.path}`);
    next();
  });

  app.use((req: GatewayRequest, res: Response, next: NextFunction) => {
    void (req.owner!.public ? limits.publicPaths : limits.perToken)(req, res, next);
  });

  // Streamed routes (file uploads) pass their body through to the service untouched.
  app.use(express.raw({ type: (req) => !(req as GatewayRequest).owner!.streamed, limit: BODY_LIMIT }));
  app.use((req: GatewayRequest, _res: Response, next: NextFunction) => {
    const body = req.body as unknown;
    req.rawBody = Buffer.isBuffer(body) ? body : undefined;
    if (req.rawBody && req.rawBody.length > 0 && isJsonRequest(req)) {
      try {
        JSON.parse(req.rawBody.toString('utf8'));
      } catch {
        throw new AppError('validation_failed', 'request body is not valid JSON');
      }
    }
    next();
  });

  app.use(async (req: GatewayRequest, _res: Response, next: NextFunction) => {
    for (const name of Object.keys(req.headers)) {
      if (INTERNAL_HEADER.test(name)) delete req.headers[name];
    }
    if (!req.owner!.public) {
      const token = bearerToken(req.headers.authorization);
      // Identity sees the request's own id and trace, so its log lines join the gateway's.
      req.claims = await runWithContext(
        { request_id: req.requestId!, workspace_id: null, traceparent: req.trace!.traceparent },
        () => authenticator.authenticate(token),
      );
      req.headers[INTERNAL_TOKEN_HEADER] = signInternalToken(options.internalPrivateKey, req.claims);
    }
    for (const name of STRIPPED_HEADERS) delete req.headers[name];
    req.headers[REQUEST_ID_HEADER] = req.requestId;
    // The service's parent span is the gateway's; a client's vendor state only travels with
    // the client's own trace.
    req.headers[TRACEPARENT_HEADER] = req.trace!.traceparent;
    if (!req.trace!.continued) delete req.headers[TRACESTATE_HEADER];
    next();
  });

  // Connections to the services are kept and reused: opening one per request cost more than
  // the request itself. An idle one is dropped after 4 s, before the service's own 5 s
  // keep-alive timeout, so a request is never sent on a socket the service is closing.
  const agent = new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: 4000 });
  const proxies = new Map<ServiceName, RequestHandler<IncomingMessage, ServerResponse>>();
  for (const service of SERVICES) {
    proxies.set(
      service,
      createProxyMiddleware<IncomingMessage, ServerResponse>({
        target: options.serviceUrls[service],
        changeOrigin: true,
        agent,
        proxyTimeout: options.proxyTimeoutMs ?? 10000,
        xfwd: false,
        ejectPlugins: true,
        plugins: [proxyEventsPlugin],
        on: {
          proxyReq: (proxyRequest, req) => {
            const body = (req as GatewayRequest).rawBody;
            if (body && body.length > 0) {
              proxyRequest.setHeader('content-length', body.length);
              proxyRequest.write(body);
            }
          },
          error: (error, req, res) => {
            logger.warn({ err: error, service, request_id: (req as GatewayRequest).requestId }, 'service unavailable');
            const response = res as ServerResponse;
            if (response.headersSent || typeof response.writeHead !== 'function') {
              response.destroy?.();
              return;
            }
            const body = JSON.stringify(new AppError('unavailable', `${service} is unavailable, try again shortly`).toBody());
            response.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' });
            response.end(body);
          },
        },
      }),
    );
  }
  app.use((req: GatewayRequest, res: Response, next: NextFunction) => {
    void proxies.get(req.owner!.service)!(req, res, next);
  });

  finishServiceApp(app, logger);
  const server = await listen(app, options.port, options.host ?? '0.0.0.0');
  logger.info({ port: portOf(server) }, 'gateway started');
  return {
    port: portOf(server),
    server,
    stop: async () => {
      await closeServer(server);
      agent.destroy();
      authenticator.close();
    },
  };
}
