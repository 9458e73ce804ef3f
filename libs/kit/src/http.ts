import { createServer, IncomingMessage, ServerResponse, type Server, type ServerOptions } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import express, {
  type ErrorRequestHandler,
  type Express,
  type NextFunction,
  type Request,
  type Response,
} from 'express';
import { AppError, toAppError } from './errors';
import { REQUEST_ID_HEADER, type InternalClaims } from './internal-jwt';
import type { Logger } from './logger';
import { newId } from './ids';
import { duplicateKeyPath } from './json-keys';
import { METRICS_PATH, type ServiceMetrics } from './metrics';
import { runWithContext } from './request-context';
import { continueTrace } from './trace-context';

export const BODY_LIMIT = '1mb';

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
}

export interface ServiceAppOptions {
  name: string;
  logger: Logger;
  readiness?: ReadinessCheck[];
  readinessTimeoutMs?: number;
  // The gateway forwards bodies as bytes and parses none.
  parseJson?: boolean;
  // Counts and times every request and serves METRICS_PATH on this port (never routed from
  // outside: the gateway forwards /v1 only, and the Ingress exposes only /v1).
  metrics?: ServiceMetrics;
  // The operation a request is, for the metrics label; the matched route's template otherwise.
  operationOf?: (req: Request) => string | undefined;
  // Services: each request continues its caller's W3C trace (`traceparent`, or starts one) with
  // a span of its own and runs in a request context (request id, trace) that logs and gRPC calls
  // read. Code that authenticates the caller adds to it: `{ ...currentContext(), workspace_id, actor }`.
  requestContext?: boolean;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

// An express app with the conventions every process shares: JSON bodies up to 1 MiB,
// liveness (process only) and readiness (real dependencies, with a timeout).
export function createServiceApp(options: ServiceAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  // API answers are per caller and may carry secrets (tokens, keys): never stored by a cache,
  // never sniffed into another content type. Set first, so errors carry them too.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });
  const { metrics } = options;
  if (metrics) {
    app.use(metrics.httpMiddleware(options.operationOf));
    app.get(METRICS_PATH, async (_req, res) => {
      res.setHeader('Content-Type', metrics.contentType);
      res.send(await metrics.text());
    });
  }
  app.set('query parser', 'simple');
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const timeoutMs = options.readinessTimeoutMs ?? 2000;
    for (const dependency of options.readiness ?? []) {
      try {
        await withTimeout(dependency.check(), timeoutMs, dependency.name);
      } catch (error) {
        options.logger.warn({ dependency: dependency.name, err: error }, 'not ready');
        res.status(503).json({ error: { code: 'unavailable', message: `${dependency.name} is not reachable` } });
        return;
      }
    }
    res.json({ status: 'ok' });
  });
  if (options.parseJson !== false) {
    // Operations declaring a larger bodyLimit are parsed first with theirs; the default parser
    // then sees the body already read.
    app.use((req: Request, res: Response, next: NextFunction) => {
      const limited = largeBodyParser(req);
      if (limited) limited(req, res, next);
      else next();
    });
    app.use(
      express.json({
        limit: BODY_LIMIT,
        strict: false,
        inflate: false,
        verify: refuseDuplicateKeys,
        type: (req) => isJsonRequest(req as Request) && !takesRawBody(req as Request),
      }),
    );
  }
  // Form bodies are parsed for the operations that declare formBody; every other one refuses them.
  if (options.parseJson !== false)
    app.use(
      express.urlencoded({
        limit: BODY_LIMIT,
        inflate: false,
        extended: false,
        parameterLimit: 100,
        type: (req) => isFormRequest(req as Request) && !takesRawBody(req as Request),
      }),
    );
  // After body parsing: its stream callbacks would run outside the context.
  if (options.requestContext) app.use(requestContextMiddleware);
  return app;
}

const TRACEPARENT_HEADER = 'traceparent';

// The workspace and actor are added where the caller is authenticated; until then the request
// belongs to no tenant. The caller's headers stay as they came.
function requestContextMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const requestId = req.headers[REQUEST_ID_HEADER];
  runWithContext(
    {
      request_id: typeof requestId === 'string' && requestId.length > 0 ? requestId : newId(),
      workspace_id: null,
      traceparent: continueTrace(req.headers[TRACEPARENT_HEADER]),
    },
    next,
  );
}

// JSON 404 for unknown paths and one place that turns errors into `{error:{code,message}}`.
export function finishServiceApp(app: Express, logger: Logger): void {
  app.use((req: Request, _res: Response, next: NextFunction) => {
    next(new AppError('not_found', `no route for ${req.method} ${req.path}`));
  });
  const handler: ErrorRequestHandler = (error, req, res, _next) => {
    const appError = fromHttpError(error);
    const where = { method: req.method, path: req.path, request_id: req.headers[REQUEST_ID_HEADER] };
    // A dependency being down is an operational state, not a bug: no stack trace for it.
    if (appError.status === 503) logger.warn({ ...where, reason: appError.message }, 'dependency unavailable');
    else if (appError.status >= 500) logger.error({ ...where, err: error }, 'request failed');
    for (const [name, value] of Object.entries(appError.headers)) res.setHeader(name, value);
    res.status(appError.status).json(appError.toBody());
  };
  app.use(handler);
}

// The parser's limit in bytes as people read it ("1 MiB", "16 MiB").
function limitText(limit: unknown): string {
  if (typeof limit !== 'number' || !Number.isFinite(limit)) return '1 MiB';
  return limit % (1024 * 1024) === 0 ? `${limit / (1024 * 1024)} MiB` : `${limit} bytes`;
}

// Errors raised by body parsing carry a `type`; map them to the catalogue.
export function fromHttpError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const type = (error as { type?: string } | null)?.type;
  if (type === 'entity.too.large')
    return new AppError('payload_too_large', `request body exceeds ${limitText((error as { limit?: unknown }).limit)}`);
  if (type === 'entity.parse.failed') return new AppError('validation_failed', 'request body is not valid JSON');
  // Content codings are decoded by the gateway alone: a coded body here was not sent through it.
  if (type === 'encoding.unsupported') {
    return new AppError(
      'unsupported_media_type',
      'a request body with a Content-Encoding is decoded by the gateway only',
      415,
      { 'Accept-Encoding': 'identity' },
    );
  }
  if (type === 'charset.unsupported') return new AppError('validation_failed', 'unsupported request body charset');
  return toAppError(error);
}

// Runs on a JSON body's bytes before they are parsed: a field given twice is refused.
function refuseDuplicateKeys(_req: IncomingMessage, _res: ServerResponse, body: Buffer, encoding: string): void {
  const text =
    encoding === 'utf-8' || encoding === 'utf8' ? body.toString('utf8') : new TextDecoder(encoding).decode(body);
  const path = duplicateKeyPath(text);
  if (path !== null) throw new AppError('validation_failed', `field '${path}' is given twice in the request body`);
}

const AUTH = Symbol('crm.auth');
type WithAuth = Request & { [AUTH]?: InternalClaims };

// Operations that read their request's bytes themselves (a file upload, declared `rawBody`), by
// method and path: the JSON parser leaves their body alone whatever its content type. Paths are
// unique across the services of one process, as the gateway routes them.
const rawBodyRoutes: Array<{ method: string; pattern: RegExp }> = [];

export function registerRawBodyRoute(method: string, pathTemplate: string): void {
  const pattern = new RegExp(`^${pathTemplate.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
  if (!rawBodyRoutes.some((route) => route.method === method && route.pattern.source === pattern.source))
    rawBodyRoutes.push({ method, pattern });
}

function takesRawBody(req: Request): boolean {
  return (
    rawBodyRoutes.length > 0 &&
    rawBodyRoutes.some((route) => route.method === req.method && route.pattern.test(req.path))
  );
}

// Operations whose JSON body may exceed BODY_LIMIT (declared `bodyLimit`), by method and path,
// each with its own parser.
const bodyLimitRoutes: Array<{ method: string; pattern: RegExp; parser: ReturnType<typeof express.json> }> = [];

export function registerBodyLimitRoute(method: string, pathTemplate: string, limit: string): void {
  const pattern = new RegExp(`^${pathTemplate.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);
  if (bodyLimitRoutes.some((route) => route.method === method && route.pattern.source === pattern.source)) return;
  bodyLimitRoutes.push({
    method,
    pattern,
    parser: express.json({
      limit,
      strict: false,
      inflate: false,
      verify: refuseDuplicateKeys,
      type: (req) => isJsonRequest(req as Request),
    }),
  });
}

function largeBodyParser(req: Request): ReturnType<typeof express.json> | undefined {
  if (bodyLimitRoutes.length === 0) return undefined;
  return bodyLimitRoutes.find((route) => route.method === req.method && route.pattern.test(req.path))?.parser;
}

// An HTML form's body by its Content-Type.
export function isFormRequest(req: Request): boolean {
  const type = req.headers['content-type'];
  return typeof type === 'string' && /^application\/x-www-form-urlencoded\b/i.test(type);
}

// A JSON body by its Content-Type: application/json or any application/*+json.
export function isJsonRequest(req: Request): boolean {
  const type = req.headers['content-type'];
  return typeof type === 'string' && /^application\/([\w.+-]+\+)?json\b/i.test(type);
}

// The verified caller of a request, set by the operation layer before the handler runs.
export function attachAuth(req: Request, claims: InternalClaims): void {
  (req as WithAuth)[AUTH] = claims;
}

export function authOf(req: Request): InternalClaims {
  const claims = (req as WithAuth)[AUTH];
  if (!claims) throw new AppError('unauthenticated', 'missing or invalid token');
  return claims;
}

// The caller's workspace, for operations that need one (all but onboarding and sign-in).
export function workspaceOf(req: Request): string {
  const workspaceId = authOf(req).workspace_id;
  if (!workspaceId) throw new AppError('forbidden', 'no workspace yet: create one with POST /onboarding');
  return workspaceId;
}

// Express gives each request and response the app's prototypes (Object.setPrototypeOf in
// app.handle). V8 pays for a changed prototype long after the request: the objects' maps were
// promoted and every young-generation collection then took 2-6 ms instead of 0.3 ms, the p99 of
// a fast request. The server here makes them with those prototypes from the start, so express's
// call finds them in place and changes nothing (gateway/README.md, "Cost per request").
function messageClassesOf(app: Express): Pick<ServerOptions, 'IncomingMessage' | 'ServerResponse'> {
  function AppRequest(this: IncomingMessage, socket: Socket): void {
    IncomingMessage.call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: ServerResponse, req: IncomingMessage, options?: unknown): void {
    (ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: unknown) => void).call(
      this,
      req,
      options,
    );
  }
  AppResponse.prototype = app.response;
  return {
    IncomingMessage: AppRequest as unknown as typeof IncomingMessage,
    ServerResponse: AppResponse as unknown as typeof ServerResponse,
  };
}

// How long an idle keep-alive connection stays open. Node's 5 s is shorter than what clients and
// load balancers keep theirs (60 s for most), so a client that sends on a connection just as the
// server drops it gets a reset instead of an answer, more often the busier either side is. The
// server keeps it longer than they do, and waits a little longer still for a request's headers.
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
const HEADERS_TIMEOUT_MS = KEEP_ALIVE_TIMEOUT_MS + 1_000;

export function listen(app: Express, port: number, host = '0.0.0.0'): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(
      { ...messageClassesOf(app), keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS, headersTimeout: HEADERS_TIMEOUT_MS },
      app,
    );
    server.listen(port, host);
    server.on('clientError', answerClientError);
    server.once('listening', () => resolve(server));
    server.once('error', reject);
  });
}

const PLAIN_HEADERS =
  'Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close';

// Requests Node refuses before express sees them (oversized headers, malformed HTTP) answer
// the same JSON error body as everything else, instead of Node's empty one.
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, reason, appError] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'Request Header Fields Too Large',
          new AppError('headers_too_large', 'request headers exceed 16 KiB', 431),
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', new AppError('request_timeout', 'the request was not received in time', 408)]
        : [400, 'Bad Request', new AppError('validation_failed', 'malformed HTTP request')];
  const body = JSON.stringify(appError.toBody());
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${PLAIN_HEADERS}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export function portOf(server: Server): number {
  return (server.address() as AddressInfo).port;
}

// How often a closing server looks for connections that have become idle.
const CLOSE_SWEEP_MS = 50;

// Stop accepting, let in-flight requests finish, and drop keep-alive sockets as soon as they are
// idle: those busy when the close began become idle later, and would otherwise stay open until
// the keep-alive timeout (65 s) ran out.
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), CLOSE_SWEEP_MS);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}
