import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { OperationDeclaration } from '@crm/kit';

// What the OpenAPI document declares of a request is what the validator enforces: both come from
// the operations' schemas. This walks every declared operation's body and query and asks that
// each value a client sends has its bounds in the schema (not in a rule the document cannot show),
// and that no `prepare` step turns a value its schema refuses into one it takes.

type Schema = Record<string, any>;

const SERVICES = resolve(__dirname, '../../services');

function operationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : operationFiles(path);
    return entry.name.endsWith('.operations.ts') ? [path] : [];
  });
}

function isDeclaration(value: unknown): value is OperationDeclaration {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as OperationDeclaration).operationId === 'string' &&
    'method' in value &&
    'path' in value
  );
}

const declarations: OperationDeclaration[] = readdirSync(SERVICES)
  .flatMap((service) => operationFiles(join(SERVICES, service, 'src')))
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- each operations file is loaded by its path, found at run time
  .flatMap((file) => Object.values(require(file) as Record<string, unknown>).filter(isDeclaration));

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
// Formats whose values have a length of their own.
const FIXED_FORMATS = new Set(['uuid', 'date', 'date-time']);

// Every value reachable in a schema, with its dotted place.
function* values(schema: Schema, place: string): Generator<[string, Schema]> {
  yield [place, schema];
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Schema>))
    yield* values(property, `${place}.${name}`);
  for (const property of Object.values((schema.patternProperties ?? {}) as Record<string, Schema>))
    yield* values(property, `${place}{}`);
  if (typeof schema.additionalProperties === 'object')
    yield* values(schema.additionalProperties as Schema, `${place}{}`);
  if (schema.items) yield* values(schema.items as Schema, `${place}[]`);
  for (const keyword of ['anyOf', 'oneOf', 'allOf'])
    for (const [index, branch] of ((schema[keyword] ?? []) as Schema[]).entries())
      yield* values(branch, `${place}|${index}`);
}

function unbounded(schema: Schema): string[] {
  const types = typesOf(schema);
  const problems: string[] = [];
  if (schema.enum || schema.const !== undefined) return problems;
  if (
    types.includes('string') &&
    schema.maxLength === undefined &&
    !FIXED_FORMATS.has(schema.format) &&
    !/^\^.*\$$/.test(schema.pattern ?? '')
  ) {
    problems.push('a string without maxLength');
  }
  if (
    (types.includes('integer') || types.includes('number')) &&
    (schema.maximum === undefined || schema.minimum === undefined)
  ) {
    problems.push('a number without minimum and maximum');
  }
  const isMap = schema.patternProperties !== undefined || typeof schema.additionalProperties === 'object';
  if (isMap && schema.maxProperties === undefined) problems.push('an object of free keys without maxProperties');
  if (isMap && schema.propertyNames?.maxLength === undefined)
    problems.push('an object of free keys without a key length');
  if (types.includes('array') && schema.maxItems === undefined) problems.push('an array without maxItems');
  return problems;
}

describe('declared bounds', () => {
  it('finds the operations', () => {
    expect(declarations.length).toBeGreaterThan(100);
  });

  it('bound every value a client sends in a body or a query', () => {
    const found: string[] = [];
    for (const declaration of declarations) {
      const where = `${declaration.method} ${declaration.path}`;
      for (const [part, schema] of [
        ['body', declaration.body],
        ['query', declaration.query],
      ] as const) {
        if (!schema) continue;
        for (const [place, value] of values(schema, part))
          for (const problem of unbounded(value)) found.push(`${where} ${place}: ${problem}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('never turn an empty text a schema refuses (minLength) into a value it takes', () => {
    const found: string[] = [];
    for (const declaration of declarations) {
      if (!declaration.prepare || !declaration.body) continue;
      for (const [name, property] of Object.entries(
        ((declaration.body as Schema).properties ?? {}) as Record<string, Schema>,
      )) {
        if (!(property.minLength >= 1)) continue;
        let prepared: unknown;
        try {
          prepared = declaration.prepare({ [name]: '' });
        } catch {
          continue;
        }
        if ((prepared as Record<string, unknown>)[name] !== '')
          found.push(`${declaration.method} ${declaration.path} ${name}`);
      }
    }
    expect(found).toEqual([]);
  });
});
