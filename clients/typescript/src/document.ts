import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The OpenAPI document the types were generated from (openapi.json beside src/ and dist/), for
// tools that need the schemas at run time (the CLI's column mapping).
export interface OpenApiSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  anyOf?: OpenApiSchema[];
  oneOf?: OpenApiSchema[];
  allOf?: OpenApiSchema[];
  enum?: unknown[];
  description?: string;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> } }>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

let cached: OpenApiDocument | undefined;

export function openApiDocument(): OpenApiDocument {
  cached ??= JSON.parse(readFileSync(join(__dirname, '..', 'openapi.json'), 'utf8')) as OpenApiDocument;
  return cached;
}

// A schema with its $ref followed (components of this document only).
export function resolveSchema(
  schema: OpenApiSchema | undefined,
  document = openApiDocument(),
): OpenApiSchema | undefined {
  let current = schema;
  for (let depth = 0; current?.$ref && depth < 20; depth += 1) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(current.$ref)?.[1];
    current = name ? document.components?.schemas?.[name] : undefined;
  }
  return current;
}

// The JSON body schema of an operation, by path and method.
export function requestSchema(path: string, method: string, document = openApiDocument()): OpenApiSchema | undefined {
  return resolveSchema(document.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema, document);
}
