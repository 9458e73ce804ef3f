import Ajv, { type ErrorObject, type JSONSchemaType, type Schema, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { MAX_JSON_BYTES, SINGLE_LINE_FORMAT, SINGLE_LINE_PATTERN, TEXT_FORMAT, TEXT_PATTERN } from './api/schema';
import { validationFailed } from './errors';

export type { JSONSchemaType, Schema };

function makeAjv(coerce: boolean | 'array', optimize = true): Ajv {
  // Union types (`type: ['string', 'number']`) let one schema bound each type its own way
  // (maxLength for text, maximum for numbers), with a refusal that names the bound.
  const ajv = new Ajv({
    allErrors: false,
    strict: true,
    allowUnionTypes: true,
    useDefaults: true,
    coerceTypes: coerce,
    code: { optimize },
  });
  addFormats(ajv);
  ajv.addFormat(SINGLE_LINE_FORMAT, SINGLE_LINE_PATTERN);
  ajv.addFormat(TEXT_FORMAT, TEXT_PATTERN);
  ajv.addKeyword({
    keyword: MAX_JSON_BYTES,
    schemaType: 'number',
    errors: true,
    validate: function maxJsonBytes(limit: number, data: unknown): boolean {
      const fits = Buffer.byteLength(JSON.stringify(data) ?? '') <= limit;
      if (!fits)
        (maxJsonBytes as { errors?: Partial<ErrorObject>[] }).errors = [
          { keyword: MAX_JSON_BYTES, message: `must NOT be larger than ${limit} bytes as JSON`, params: { limit } },
        ];
      return fits;
    },
  });
  return ajv;
}

// Bodies are validated as sent; query strings arrive as text, so their types are coerced.
const bodyAjv = makeAjv(false);
const queryAjv = makeAjv('array');
// Schemas checked against a few values only (a test's check of the answers it gets against the
// OpenAPI document) are compiled without ajv's optimisation passes: in less than half the time
// (the event feed's union of every event, 118 KB inlined: 300 ms instead of 680), to run a
// little slower.
const checkAjv = makeAjv(false, false);

function fieldPath(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  return path;
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

export function describeError(error: ErrorObject, root = 'body'): string {
  const path = fieldPath(error);
  const params = error.params as Record<string, unknown>;
  // A key of an object refused by its propertyNames schema.
  if (error.propertyName !== undefined)
    return `${path || root} key '${error.propertyName}' ${error.message ?? 'is invalid'}`;
  switch (error.keyword) {
    case 'additionalProperties':
      if (root === 'query' && !path) return `unknown query parameter '${String(params.additionalProperty)}'`;
      return `unknown field '${join(path, String(params.additionalProperty))}'`;
    case 'required':
      return `${join(path, String(params.missingProperty))} is required`;
    case 'type':
      return `${path || root} must be ${String(params.type).split(',').join(' or ')}`;
    case 'enum':
      return `${path || root} must be one of ${(params.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'format':
      if (params.format === SINGLE_LINE_FORMAT)
        return `${path || root} must be one line of text without control characters`;
      if (params.format === TEXT_FORMAT) return `${path || root} must be text without control characters`;
      return `${path || root} must be a valid ${String(params.format)}`;
    default:
      return `${path || root} ${error.message ?? 'is invalid'}`;
  }
}

export interface Validator<T> {
  (value: unknown): T;
  schema: Schema;
}

function build<T>(ajv: Ajv, schema: Schema, root: string): Validator<T> {
  const check: ValidateFunction = ajv.compile(schema);
  const validate = ((value: unknown): T => {
    if (!check(value)) throw validationFailed(describeError(check.errors![0], root));
    return value as T;
  }) as Validator<T>;
  validate.schema = schema;
  return validate;
}

// Compiles a JSON Schema once; the returned function throws `validation_failed` naming the field.
export function bodyValidator<T>(schema: Schema): Validator<T> {
  return build<T>(bodyAjv, schema, 'body');
}

export function checkingValidator<T>(schema: Schema): Validator<T> {
  return build<T>(checkAjv, schema, 'body');
}

export function queryValidator<T>(schema: Schema): Validator<T> {
  return build<T>(queryAjv, schema, 'query');
}

// Path parameters arrive as text too.
export function pathValidator<T>(schema: Schema): Validator<T> {
  return build<T>(queryAjv, schema, 'path');
}

export interface ValidationProblem {
  // The field, as a dotted path (`contact.email`); empty for the value itself.
  field: string;
  message: string;
}

function problemField(error: ErrorObject): string {
  const path = fieldPath(error);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required') return join(path, String(params.missingProperty));
  if (error.keyword === 'additionalProperties') return join(path, String(params.additionalProperty));
  return path;
}

// Compiles a JSON Schema once; the returned function answers the first problem of a value
// (its field and the message a 400 would carry) or null, without throwing: for items checked
// one by one and reported together, such as the rows of an import.
export function problemFinder(schema: Schema): (value: unknown) => ValidationProblem | null {
  const check: ValidateFunction = bodyAjv.compile(schema);
  return (value) => {
    if (check(value)) return null;
    const error = check.errors![0];
    return { field: problemField(error), message: describeError(error) };
  };
}
