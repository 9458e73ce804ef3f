import { checkingValidator, type OpenApiDocument, type Schema, type Validator } from '@crm/kit';

// Every answer a test receives is checked against the OpenAPI document of what it called (the
// gateway's merged one in system tests, the service's own in service tests): the operation
// must be declared, the status must be one it declares, and the body must match the declared
// schema. So the document cannot drift from what the API answers.

type Json = { [key: string]: unknown };

interface Matcher {
  pattern: RegExp;
  literals: number;
  template: string;
}

interface Checker {
  document: OpenApiDocument;
  matchers: Matcher[];
  validators: Map<string, Validator<unknown>>;
}

const checkers = new Map<string, Promise<Checker>>();

function resolve(document: OpenApiDocument, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => resolve(document, item));
  if (value === null || typeof value !== 'object') return value;
  const ref = (value as Json).$ref;
  if (typeof ref === 'string') {
    const target = ref
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((node, key) => (node as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    return resolve(document, target);
  }
  return Object.fromEntries(Object.entries(value as Json).map(([key, item]) => [key, resolve(document, item)]));
}

async function load(documentUrl: string): Promise<Checker> {
  const response = await fetch(documentUrl);
  if (response.status !== 200) throw new Error(`GET /openapi.json answered ${response.status}`);
  const document = (await response.json()) as OpenApiDocument;
  const matchers = Object.keys(document.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    literals: template.split('/').filter((segment) => segment && !segment.startsWith('{')).length,
  }));
  matchers.sort((a, b) => b.literals - a.literals);
  return { document, matchers, validators: new Map() };
}

function checkerFor(documentUrl: string): Promise<Checker> {
  let checker = checkers.get(documentUrl);
  if (!checker) {
    checker = load(documentUrl);
    checkers.set(documentUrl, checker);
  }
  return checker;
}

export class UndocumentedResponse extends Error {}

// `path` is relative to the API base (`/v1`), with or without a query string.
export async function checkResponse(
  documentUrl: string,
  method: string,
  path: string,
  status: number,
  body: unknown,
): Promise<void> {
  const checker = await checkerFor(documentUrl);
  const bare = path.split('?')[0];
  const where = `${method} ${bare} → ${status}`;
  const template = checker.matchers.find((matcher) => matcher.pattern.test(bare))?.template;
  const operation = template
    ? (checker.document.paths[template][(method === 'HEAD' ? 'GET' : method).toLowerCase()] as Json | undefined)
    : undefined;
  if (!operation) {
    // Refusals of what the API does not have (unknown path, wrong method), and the gateway's own
    // answers before a service is reached (401, 429, 503), are still errors of the catalogue.
    if (status >= 400) return checkBody(checker, 'error', { $ref: '#/components/schemas/Error' }, body, where);
    throw new UndocumentedResponse(`${where}: the operation is not in the OpenAPI document`);
  }
  const responses = operation.responses as Json;
  const declared = responses[String(status)] as Json | undefined;
  if (!declared) {
    // Any operation may be rate limited or meet an unavailable dependency; the rest must be declared.
    if (status === 429 || status === 503 || status === 500 || status === 431) {
      return checkBody(checker, 'error', { $ref: '#/components/schemas/Error' }, body, where);
    }
    throw new UndocumentedResponse(`${where}: status not declared (declared: ${Object.keys(responses).join(', ')})`);
  }
  const response = resolve(checker.document, declared) as Json;
  const schema = (response.content as Json | undefined)?.['application/json'] as Json | undefined;
  if (!schema) {
    if (body !== undefined && method !== 'HEAD')
      throw new UndocumentedResponse(`${where}: declared without a body but answered one`);
    return;
  }
  if (method === 'HEAD') return;
  await checkBody(checker, `${method} ${template} ${status}`, schema.schema, body, where);
}

async function checkBody(checker: Checker, key: string, schema: unknown, body: unknown, where: string): Promise<void> {
  let validate = checker.validators.get(key);
  if (!validate) {
    validate = checkingValidator(resolve(checker.document, schema) as Schema);
    checker.validators.set(key, validate);
  }
  try {
    validate(structuredClone(body));
  } catch (error) {
    throw new UndocumentedResponse(
      `${where}: the body does not match the declared schema: ${(error as Error).message}`,
    );
  }
}

// A stopped system's port may be handed to another one: forget its document.
export function forgetDocument(documentUrl: string): void {
  checkers.delete(documentUrl);
}
