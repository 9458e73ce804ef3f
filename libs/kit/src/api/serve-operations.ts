import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Schema } from '../validation';
import { checkAccess } from '../access';
import { AppError, validationFailed } from '../errors';
import {
  attachAuth,
  authOf,
  isFormRequest,
  isJsonRequest,
  registerBodyLimitRoute,
  registerRawBodyRoute,
} from '../http';
import { INTERNAL_TOKEN_HEADER, REQUEST_ID_HEADER, verifyInternalToken, type InternalClaims } from '../internal-jwt';
import { setRequestOperation } from '../metrics';
import { currentContext, runWithContext, type RequestContext } from '../request-context';
import { bodyValidator, pathValidator, queryValidator, type Validator } from '../validation';
import {
  implement,
  pathIdNames,
  type Implementation,
  type OperationDeclaration,
  type OperationHandler,
} from './operation';
import { OperationRouter } from './operation-router';

export interface ServeOperationsOptions {
  // The service these operations belong to: a contract operation the matrix gives to another
  // service is refused at start.
  service: string;
  internalPublicKey: string;
  implementations: readonly Implementation[];
  // Runs around every authenticated or public call (the service host's request transaction,
  // idempotency keys and preconditions); without one the handler's answer is sent as it is.
  intercept?: OperationInterceptor;
}

// What an operation answers, before it is sent: the declared status and the handler's result,
// or a stored or conditional answer (304, a replay).
export interface OperationAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  // The version of the record the body shows, when the handler noted it (noteVersion).
  version?: number;
}

const notedVersions = new WeakMap<Request, number>();

// A record's version when it is created (docs/concurrency.md): what a create's handler notes.
export const CREATED_VERSION = 1;

// For the handler of a record's operation declared with `notesVersion`: the version of the record
// its answer shows (the one it read, or the one its change wrote), which its ETag is made from (a
// record without a version field yet is at 1).
export function noteVersion(req: Request, version: number | undefined): void {
  notedVersions.set(req, version ?? 1);
}

// A create of a declared record: the new record is at CREATED_VERSION, which the answer's tag is
// made from without a read.
export function implementCreate<D extends OperationDeclaration>(
  declaration: D,
  handler: OperationHandler<D>,
): Implementation {
  return implement(
    declaration,
    async (input) => {
      const created = await handler(input);
      noteVersion(input.req, CREATED_VERSION);
      return created;
    },
    { notesVersion: true },
  );
}

export interface OperationCall {
  declaration: OperationDeclaration;
  req: Request;
  // The verified caller; undefined for a public operation.
  claims: InternalClaims | undefined;
  // Path parameters, validated.
  params: Record<string, unknown>;
  // The handler notes the version its answer shows (Implementation.notesVersion).
  notesVersion: boolean;
  // Validates the query and body and runs the handler: its answer, or undefined when the handler
  // wrote the response itself (a file download).
  run(): Promise<OperationAnswer | undefined>;
}

export type OperationInterceptor = (call: OperationCall) => Promise<OperationAnswer | undefined>;

// Written directly rather than through res.json: Express would add a weak ETag of its own to
// every answer and turn a matching If-None-Match into a 304 of operations that declare none. Only
// declared records carry tags (docs/concurrency.md).
function send(res: Response, answer: OperationAnswer): void {
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.status(answer.status);
  if (answer.status === 204 || answer.status === 304) {
    res.end();
    return;
  }
  const text = JSON.stringify(answer.body) ?? '';
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

interface Compiled {
  implementation: Implementation;
  params?: Validator<unknown>;
  query?: Validator<unknown>;
  body?: Validator<unknown>;
  // Query parameters whose schema allows null.
  nullableQuery: string[];
  // Path parameters that are record ids, handed on in lower case.
  pathIds: string[];
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

function trimmed(body: unknown, fields: readonly string[] | undefined): unknown {
  if (!fields?.length || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const field of fields) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = value.trim();
  }
  return copy;
}

function nullableNames(query: object | undefined): string[] {
  const properties = (query as { properties?: Record<string, { type?: unknown }> } | undefined)?.properties ?? {};
  return Object.keys(properties).filter((name) => {
    const type = properties[name].type;
    return type === 'null' || (Array.isArray(type) && type.includes('null'));
  });
}

function compile(implementation: Implementation): Compiled {
  const { params, query, body } = implementation.declaration;
  return {
    implementation,
    nullableQuery: nullableNames(query),
    pathIds: pathIdNames(implementation.declaration),
    params: params ? pathValidator(params as Schema) : undefined,
    // A misspelt filter must not silently widen a list: unknown query parameters are refused.
    query: query ? queryValidator({ additionalProperties: false, ...(query as object) }) : undefined,
    body: body ? bodyValidator(body as Schema) : undefined,
  };
}

// What the request body is for the handler: validated against the declaration, or refused.
function readBody(req: Request, compiled: Compiled): unknown {
  const { declaration } = compiled.implementation;
  // The handler streams the bytes itself.
  if (declaration.rawBody) return undefined;
  const present = hasBody(req);
  const form = declaration.formBody === true && isFormRequest(req);
  if (present && !isJsonRequest(req) && !form) {
    throw validationFailed(
      declaration.formBody
        ? 'request body must be JSON or a form (application/x-www-form-urlencoded)'
        : 'request body must be JSON (Content-Type: application/json)',
    );
  }
  if (!compiled.body) {
    const body = req.body as unknown;
    const empty =
      !present || (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
    if (!empty) throw validationFailed('this operation takes no request body');
    return undefined;
  }
  if (!present) {
    if (declaration.bodyRequired === false) return compiled.body({});
    throw validationFailed('request body is required');
  }
  return compiled.body(preparedBody(req, declaration));
}

// The body as validation sees it: trimmed and normalised as the operation declares.
function preparedBody(req: Request, declaration: OperationDeclaration): unknown {
  const body = trimmed(req.body, declaration.trim);
  return declaration.prepare ? declaration.prepare(body) : body;
}

function readQuery(req: Request, compiled: Compiled): unknown {
  if (compiled.query) {
    const query: Record<string, unknown> = { ...(req.query as Record<string, unknown>) };
    // A query string can only spell null as text: `offset=null` is null where the schema allows it.
    for (const name of compiled.nullableQuery) if (query[name] === 'null') query[name] = null;
    return compiled.query(query);
  }
  const unknown = Object.keys(req.query)[0];
  if (unknown !== undefined) throw validationFailed(`unknown query parameter '${unknown}'`);
  return {};
}

const PREFLIGHT_MAX_AGE_S = 600;

// A browser asks before a script's cross-origin request with a JSON body: answered for the
// method of the path whose declaration allows CORS. Anything else falls through to the 405.
function answerPreflight(router: OperationRouter, req: Request, res: Response): boolean {
  const wanted = req.headers['access-control-request-method'];
  if (typeof wanted !== 'string') return false;
  const lookup = router.lookup(wanted.toUpperCase(), req.path);
  if (lookup.kind !== 'found' || !lookup.match.implementation.declaration.cors) return false;
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', lookup.match.implementation.declaration.method);
  res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
  res.setHeader('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_S));
  res.status(204).end();
  return true;
}

const PUBLIC_AUTH: InternalClaims = new Proxy({} as InternalClaims, {
  get() {
    throw new AppError('unauthenticated', 'this operation has no caller');
  },
});

// The only way a service answers under /v1: each request is matched to exactly one declared
// operation (exact, case-sensitive, HEAD as GET), authenticated and checked against its access
// rule before anything else runs, and refused when nothing matches: access is fail-closed.
export function serveOperations(options: ServeOperationsOptions): RequestHandler {
  for (const { declaration } of options.implementations) {
    if (declaration.contract && declaration.contract.service !== options.service) {
      throw new Error(
        `${declaration.method} ${declaration.path} belongs to ${declaration.contract.service}, not ${options.service}`,
      );
    }
  }
  for (const { declaration } of options.implementations) {
    if (declaration.rawBody) registerRawBodyRoute(declaration.method, `/v1${declaration.path}`);
    if (declaration.bodyLimit)
      registerBodyLimitRoute(declaration.method, `/v1${declaration.path}`, declaration.bodyLimit);
  }
  const router = new OperationRouter(options.implementations);
  const compiled = new Map(options.implementations.map((implementation) => [implementation, compile(implementation)]));

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'OPTIONS' && answerPreflight(router, req, res)) return;
    const lookup = router.lookup(req.method, req.path);
    if (lookup.kind === 'none') {
      next(new AppError('not_found', `no route for ${req.method} /v1${req.path}`));
      return;
    }
    if (lookup.kind === 'wrong-method') {
      const allowed = lookup.allowed.includes('GET') ? [...lookup.allowed, 'HEAD'] : lookup.allowed;
      next(
        new AppError('method_not_allowed', `${req.method} is not allowed on /v1${req.path}`, 405, {
          allow: allowed.join(', '),
        }),
      );
      return;
    }
    const { implementation, params } = lookup.match;
    const { declaration } = implementation;
    const operation = compiled.get(implementation)!;
    // Set first, so a refusal reaches the calling script too.
    if (declaration.cors) res.setHeader('Access-Control-Allow-Origin', '*');
    let claims: InternalClaims | undefined;
    if (!declaration.public) {
      const token = req.headers[INTERNAL_TOKEN_HEADER];
      if (typeof token !== 'string') {
        next(new AppError('unauthenticated', 'missing or invalid token'));
        return;
      }
      try {
        claims = verifyInternalToken(options.internalPublicKey, token);
        const rule = declaration.rule ?? { permission: null };
        // A rule that refuses agent keys some bodies only reads the body as validation will.
        checkAccess(
          claims,
          req.method,
          rule,
          typeof rule.forbidAgents === 'object' ? preparedBody(req, declaration) : undefined,
        );
      } catch (error) {
        next(error);
        return;
      }
      attachAuth(req, claims);
    }
    setRequestOperation(req, `${declaration.method} ${declaration.path}`);
    // The app's request context (request id, this service's span of the trace) plus the caller.
    const requestId = req.headers[REQUEST_ID_HEADER];
    const context: RequestContext = {
      request_id: typeof requestId === 'string' ? requestId : '',
      ...currentContext(),
      workspace_id: claims?.workspace_id ?? null,
      actor: claims ? claims.actor : undefined,
    };
    runWithContext(context, () => {
      Promise.resolve()
        .then(() => {
          const parsedParams = (operation.params ? operation.params(params) : {}) as Record<string, unknown>;
          for (const name of operation.pathIds) parsedParams[name] = (parsedParams[name] as string).toLowerCase();
          const call: OperationCall = {
            declaration,
            req,
            claims,
            params: parsedParams,
            notesVersion: implementation.notesVersion === true,
            run: async () => {
              const result = await implementation.handler({
                params: parsedParams,
                query: readQuery(req, operation),
                body: readBody(req, operation),
                auth: claims ? authOf(req) : PUBLIC_AUTH,
                req,
                res,
              } as never);
              if (res.headersSent) return undefined;
              const version = notedVersions.get(req);
              return {
                status: declaration.status,
                body: declaration.status === 204 ? undefined : result,
                headers: {},
                ...(version === undefined ? {} : { version }),
              };
            },
          };
          return options.intercept ? options.intercept(call) : call.run();
        })
        .then((answer) => {
          if (answer && !res.headersSent) send(res, answer);
        })
        .catch(next);
    });
  };
}
