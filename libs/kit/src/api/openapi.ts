import type { TObject } from '@sinclair/typebox';
import type { AccessRule } from '../access';
import { ERROR_CODES } from '../errors';
import { PATH_ID_DESCRIPTION, type Implementation, type OperationDeclaration } from './operation';
import { DOCUMENTED_SCHEMA } from './schema';

// OpenAPI 3.1 built from the declarations themselves: each service serves its own document
// and the gateway merges them into one (`GET /v1/openapi.json`).
export type JsonObject = { [key: string]: unknown };

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: {
    title: string;
    version: string;
    description?: string;
    license?: { name: string; identifier?: string; url?: string };
  };
  servers?: Array<{ url: string; description?: string; 'x-internal'?: boolean }>;
  paths: Record<string, Record<string, JsonObject>>;
  components: {
    schemas: Record<string, JsonObject>;
    responses: Record<string, JsonObject>;
    securitySchemes: Record<string, JsonObject>;
    parameters: Record<string, JsonObject>;
    headers: Record<string, JsonObject>;
  };
  tags?: Array<{ name: string; description?: string }>;
  security?: Array<Record<string, string[]>>;
}

export const API_VERSION = '1.0.0';

const ERROR_SCHEMA: JsonObject = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: {
        code: {
          type: 'string',
          enum: [...ERROR_CODES],
          description: 'One of the codes of the error catalogue (docs/errors.md): programs switch on it.',
        },
        message: { type: 'string', description: 'What went wrong, naming the field for validation errors.' },
      },
    },
  },
};

// Every error status an operation may answer, with what it means here.
export const ERROR_RESPONSES: Record<string, string> = {
  '400': 'The request is invalid (`validation_failed`); the message names the field.',
  '401': 'Missing, invalid, expired or revoked token (`unauthenticated`).',
  '403': 'The caller lacks the permission, the admin role or the plan (`forbidden`, `plan_required`).',
  '404': 'No such record in this workspace (`not_found`); another workspace’s record answers 404 too.',
  '405': 'The path exists but not with this method (`method_not_allowed`); see the Allow header.',
  '409':
    'A rule of the domain is broken (`conflict` or a more specific code from docs/errors.md), a request with the same Idempotency-Key is still running (`request_in_progress`), or its kept answer named a person erased since (`idempotency_answer_erased`).',
  '410': 'The link or record is gone (expired or already used).',
  '412': 'The record changed since the ETag If-Match names (`precondition_failed`).',
  '413':
    'The request body is larger than the operation accepts: 1 MiB once decoded unless its description says otherwise (`payload_too_large`); `file_too_large` for a document over the plan’s file size.',
  '415':
    'The request body has a Content-Encoding other than gzip, deflate or br (`unsupported_media_type`); see the Accept-Encoding header.',
  '422':
    'The request cannot be processed as sent; `idempotency_key_reused` when its Idempotency-Key was used for a different request.',
  '429': 'Too many requests (`rate_limited`); retry after the Retry-After header.',
  '503': 'A dependency is unavailable (`unavailable`); retry shortly.',
};

function errorResponse(description: string): JsonObject {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

// TypeBox writes `Type.Record(Type.String(), value)` as `patternProperties: {'^(.*)$': value}`,
// which generated clients read as `unknown` values; `additionalProperties: value` says the same.
const ANY_KEY = '^(.*)$';

function typesOf(schema: JsonObject): unknown[] {
  return Array.isArray(schema.type) ? schema.type : [schema.type];
}

// The width of an integer (OpenAPI's `format`), from its declared bounds: a client picks its
// number type from it.
function integerFormat(schema: JsonObject): string {
  const INT32 = 2 ** 31;
  const within = (bound: unknown) => typeof bound === 'number' && bound >= -INT32 && bound < INT32;
  return within(schema.minimum ?? schema.exclusiveMinimum) && within(schema.maximum ?? schema.exclusiveMaximum)
    ? 'int32'
    : 'int64';
}

const FORMAT_LENGTHS: Record<string, number> = { uuid: 36, date: 10 };

// A deep copy without TypeBox's symbol keys, with every named (titled) sub-schema moved to
// components.schemas and referenced.
function hoist(schema: unknown, components: Record<string, JsonObject>): unknown {
  if (Array.isArray(schema)) return schema.map((item) => hoist(item, components));
  if (schema === null || typeof schema !== 'object') return schema;
  const documented = (schema as { [DOCUMENTED_SCHEMA]?: unknown })[DOCUMENTED_SCHEMA];
  if (documented !== undefined) return hoist(documented, components);
  const copy: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    copy[key] =
      key === 'default' || key === 'enum' || key === 'const' || key === 'examples' ? value : hoist(value, components);
  }
  const patterns = copy.patternProperties as JsonObject | undefined;
  if (patterns && Object.keys(patterns).length === 1 && patterns[ANY_KEY] && copy.additionalProperties === undefined) {
    copy.additionalProperties = patterns[ANY_KEY];
    delete copy.patternProperties;
  }
  if (typesOf(copy).includes('integer') && copy.format === undefined) copy.format = integerFormat(copy);
  // The length a format fixes, written out so the document bounds every string.
  if (typeof copy.format === 'string' && FORMAT_LENGTHS[copy.format] !== undefined && copy.maxLength === undefined)
    copy.maxLength = FORMAT_LENGTHS[copy.format];
  // A field with a default may be left out by the client (validation fills it in), so the
  // document must not call it required even though the parsed input always has it.
  if (Array.isArray(copy.required) && copy.properties && typeof copy.properties === 'object') {
    const properties = copy.properties as Record<string, JsonObject>;
    const required = (copy.required as string[]).filter((name) => properties[name]?.default === undefined);
    if (required.length > 0) copy.required = required;
    else delete copy.required;
  }
  // Generated clients (openapi-typescript) type a field with a `default` as always present: true
  // of the parsed input, not of what a client sends. So a body field's default is told in words.
  if (copy.properties && typeof copy.properties === 'object') {
    for (const property of Object.values(copy.properties as Record<string, JsonObject>)) {
      if (property.default === undefined) continue;
      property.description = [property.description, `Defaults to \`${JSON.stringify(property.default)}\`.`]
        .filter(Boolean)
        .join(' ');
      delete property.default;
    }
  }
  const title = copy.title;
  if (
    typeof title === 'string' &&
    ['type', 'properties', 'anyOf', 'oneOf'].some((keyword) => copy[keyword] !== undefined)
  ) {
    const existing = components[title];
    if (existing && JSON.stringify(existing) !== JSON.stringify(copy)) {
      throw new Error(`two different schemas are named ${title}`);
    }
    components[title] = copy;
    return { $ref: `#/components/schemas/${title}` };
  }
  return copy;
}

function describeAccess(declaration: OperationDeclaration): string {
  if (declaration.public) return 'No token needed.';
  const rule: AccessRule = declaration.rule ?? { permission: null };
  const needs: string[] = [];
  // An admin is a member whose role has settings:manage (is_admin): one statement, not two.
  if (rule.permission && !(rule.adminOnly && rule.permission === 'settings:manage'))
    needs.push(`the \`${rule.permission}\` permission`);
  if (rule.plan) needs.push(`the ${rule.plan} plan`);
  const admins = rule.adminOnly ? 'Workspace admins only.' : '';
  const who = needs.length
    ? [admins, `${admins ? 'Also needs' : 'Needs'} ${needs.join(', ')}.`].filter(Boolean).join(' ')
    : admins || 'Any authenticated caller.';
  if (rule.forbidAgents === true) return `${who} Agent keys cannot call it.`;
  if (rule.forbidAgents)
    return `${who} Agent keys cannot call it with \`${rule.forbidAgents.field}: ${rule.forbidAgents.value}\`.`;
  return who;
}

// A query string cannot carry null: a parameter the handler reads as `x | null` is absent or a value.
function withoutNull(schema: JsonObject): JsonObject {
  if (!Array.isArray(schema.type) || !schema.type.includes('null')) return schema;
  const types = schema.type.filter((type) => type !== 'null');
  const copy: JsonObject = { ...schema, type: types.length === 1 ? types[0] : types };
  if (Array.isArray(schema.enum)) copy.enum = schema.enum.filter((value) => value !== null);
  return copy;
}

function parametersOf(
  schema: TObject | undefined,
  where: 'path' | 'query',
  components: Record<string, JsonObject>,
): JsonObject[] {
  if (!schema) return [];
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties).map(([name, property]) => {
    const { description: declared, ...rest } = withoutNull(hoist(property, components) as JsonObject);
    // Every record id in a path says the one rule for its case (serve-operations lower-cases it).
    const pathId = where === 'path' && rest.format === 'uuid';
    const description = pathId ? [declared, PATH_ID_DESCRIPTION].filter(Boolean).join(' ') : declared;
    return {
      name,
      in: where,
      required: where === 'path' || (required.has(name) && (property as JsonObject).default === undefined),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const WRITES = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

// Whether the service host honours Idempotency-Key on the operation (docs/idempotency.md).
export function takesIdempotencyKey(declaration: OperationDeclaration): boolean {
  return (
    !declaration.public && WRITES.has(declaration.method) && !declaration.rawBody && !declaration.responseMediaType
  );
}

// A request's headers are at most 16 KiB together (431 `headers_too_large`), so is any one of them.
const HEADERS_MAX_BYTES = 16 * 1024;

const HEADER_PARAMETERS: Record<string, JsonObject> = {
  IdempotencyKey: {
    name: 'Idempotency-Key',
    in: 'header',
    required: false,
    description:
      'Makes a retry safe: the first request with a key runs; a retry with the same key, caller and request gets the stored answer back (with `Idempotent-Replayed: true`) and changes nothing. Kept 24 hours; see docs/idempotency.md.',
    schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
  },
  IfMatch: {
    name: 'If-Match',
    in: 'header',
    required: false,
    description:
      'The record’s ETag as last read: the change is made only if the record is still at the version it names, else 412 `precondition_failed`.',
    schema: { type: 'string', maxLength: HEADERS_MAX_BYTES },
  },
  IfNoneMatch: {
    name: 'If-None-Match',
    in: 'header',
    required: false,
    description: 'The record’s ETag as last read: 304 without a body while the answer would be the same.',
    schema: { type: 'string', maxLength: HEADERS_MAX_BYTES },
  },
};

const RESPONSE_HEADERS: Record<string, JsonObject> = {
  ETag: {
    description:
      'A strong entity tag of the answer: the record’s version and a digest of the body. Send it back in If-None-Match (304 while unchanged) or If-Match (412 when the record changed); see docs/concurrency.md.',
    schema: { type: 'string' },
  },
  IdempotentReplayed: {
    description: '`true` on an answer replayed for a retry with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

const NOT_MODIFIED: JsonObject = {
  description: 'Not modified: the record is still at the version If-None-Match names (no body).',
  headers: { ETag: { $ref: '#/components/headers/ETag' } },
};

function operationObject(declaration: OperationDeclaration, components: Record<string, JsonObject>): JsonObject {
  const responses: JsonObject = {};
  const success: JsonObject = { description: declaration.summary };
  if (declaration.response) {
    success.content = {
      [declaration.responseMediaType ?? 'application/json']: { schema: hoist(declaration.response, components) },
    };
  }
  const idempotent = takesIdempotencyKey(declaration);
  const tagged = declaration.etag !== undefined;
  const headers: JsonObject = {};
  if (tagged && declaration.status !== 204) headers.ETag = { $ref: '#/components/headers/ETag' };
  if (idempotent) headers['Idempotent-Replayed'] = { $ref: '#/components/headers/IdempotentReplayed' };
  if (Object.keys(headers).length > 0) success.headers = headers;
  responses[String(declaration.status)] = success;
  if (tagged && declaration.method === 'GET') responses['304'] = NOT_MODIFIED;
  const statuses = new Set<string>(['400', '429', '503']);
  if (!declaration.public) ['401', '403'].forEach((status) => statuses.add(status));
  if (declaration.params) statuses.add('404');
  if (declaration.body) statuses.add('413');
  if (declaration.body || declaration.rawBody) statuses.add('415');
  // A retry while the first request with its key runs, or the key reused for another request.
  if (idempotent) ['409', '422'].forEach((status) => statuses.add(status));
  if (tagged && (declaration.method === 'PATCH' || declaration.method === 'DELETE' || declaration.method === 'PUT'))
    statuses.add('412');
  for (const status of declaration.errors ?? []) statuses.add(String(status));
  for (const status of [...statuses].sort()) responses[status] = { $ref: `#/components/responses/${status}` };
  const headerParameters: JsonObject[] = [];
  if (idempotent) headerParameters.push({ $ref: '#/components/parameters/IdempotencyKey' });
  if (tagged && declaration.method === 'GET') headerParameters.push({ $ref: '#/components/parameters/IfNoneMatch' });
  if (tagged && declaration.params && WRITES.has(declaration.method) && declaration.method !== 'POST')
    headerParameters.push({ $ref: '#/components/parameters/IfMatch' });

  const tag = declaration.tag ?? declaration.path.split('/')[1];
  return {
    operationId: declaration.operationId,
    summary: declaration.summary,
    description: [declaration.description, describeAccess(declaration)].filter(Boolean).join('\n\n'),
    tags: [tag],
    security: declaration.public ? [] : [{ bearer: [] }],
    parameters: [
      ...parametersOf(declaration.params, 'path', components),
      ...parametersOf(declaration.query, 'query', components),
      ...headerParameters,
    ],
    ...(declaration.rawBody
      ? {
          requestBody: {
            required: true,
            content: {
              '*/*': { schema: { type: 'string', format: 'binary', maxLength: declaration.rawBodyMaxBytes } },
            },
          },
        }
      : {}),
    ...(declaration.body
      ? {
          requestBody: {
            required: declaration.bodyRequired !== false,
            content: {
              'application/json': { schema: hoist(declaration.body, components) },
              ...(declaration.formBody
                ? { 'application/x-www-form-urlencoded': { schema: hoist(declaration.body, components) } }
                : {}),
            },
          },
        }
      : {}),
    responses,
    ...(declaration.rule && !declaration.public ? { 'x-access': declaration.rule } : {}),
  };
}

function emptyComponents(): OpenApiDocument['components'] {
  return {
    schemas: { Error: ERROR_SCHEMA },
    responses: Object.fromEntries(
      Object.entries(ERROR_RESPONSES).map(([status, text]) => [status, errorResponse(text)]),
    ),
    parameters: structuredClone(HEADER_PARAMETERS),
    headers: structuredClone(RESPONSE_HEADERS),
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description:
          'A session token (POST /auth/sign-in) or an API key (POST /api-keys): `Authorization: Bearer <token>`.',
      },
    },
  };
}

// The document of one service's operations (paths relative to /v1).
export function openApiDocument(title: string, implementations: readonly Implementation[]): OpenApiDocument {
  const components = emptyComponents();
  const paths: OpenApiDocument['paths'] = {};
  for (const { declaration } of implementations) {
    const item = (paths[declaration.path] ??= {});
    item[declaration.method.toLowerCase()] = operationObject(declaration, components.schemas);
  }
  return { openapi: '3.1.0', info: { title, version: API_VERSION }, paths, components };
}

// One document from the services' own: paths are disjoint by ownership; a component of the
// same name must be the same schema.
export function mergeOpenApiDocuments(
  documents: readonly OpenApiDocument[],
  info: OpenApiDocument['info'],
  servers: OpenApiDocument['servers'],
): OpenApiDocument {
  const merged: OpenApiDocument = {
    openapi: '3.1.0',
    info,
    servers,
    paths: {},
    components: emptyComponents(),
    security: [{ bearer: [] }],
  };
  const tags = new Set<string>();
  for (const document of documents) {
    for (const [path, item] of Object.entries(document.paths)) {
      const target = (merged.paths[path] ??= {});
      for (const [method, operation] of Object.entries(item)) {
        if (target[method]) throw new Error(`${method.toUpperCase()} ${path} is served by two services`);
        target[method] = operation;
        for (const tag of (operation.tags as string[] | undefined) ?? []) tags.add(tag);
      }
    }
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      const existing = merged.components.schemas[name];
      if (existing && JSON.stringify(existing) !== JSON.stringify(schema)) {
        throw new Error(`two services define the schema ${name} differently`);
      }
      merged.components.schemas[name] = schema;
    }
  }
  merged.tags = [...tags].sort().map((name) => ({ name }));
  merged.paths = Object.fromEntries(Object.entries(merged.paths).sort(([a], [b]) => a.localeCompare(b)));
  return merged;
}

// Drops the components nothing refers to (shared error answers no operation gives, headers of
// features not in use), so the document declares only what its operations use.
export function pruneUnusedComponents(document: OpenApiDocument & { webhooks?: JsonObject }): void {
  const sections = ['schemas', 'responses', 'parameters', 'headers'] as const;
  for (;;) {
    const { components, ...rest } = document;
    const referenced = new Set<string>();
    // A component's references to itself do not keep it.
    const collect = (value: unknown, own?: string) =>
      JSON.stringify(value, (key, item: unknown) => {
        if (key === '$ref' && typeof item === 'string' && item !== own) referenced.add(item);
        return item;
      });
    collect(rest);
    for (const section of sections) {
      for (const [name, value] of Object.entries(components[section]))
        collect(value, `#/components/${section}/${name}`);
    }
    let removed = false;
    for (const section of sections) {
      for (const name of Object.keys(components[section])) {
        if (!referenced.has(`#/components/${section}/${name}`)) {
          delete components[section][name];
          removed = true;
        }
      }
    }
    if (!removed) return;
  }
}
