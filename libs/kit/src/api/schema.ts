import {
  Type,
  type SchemaOptions,
  type Static,
  type StringOptions,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox';

// The schema vocabulary of operation declarations: TypeBox builds JSON Schema (2020-12, as
// OpenAPI 3.1 uses) and derives the TypeScript type from the same object, so a request or
// response shape is written once. These helpers add the conventions of the contract.
export { Type, type Static, type TSchema };

// One line of text: no control characters (NUL, CR, LF, DEL, C1) and no bidirectional controls
// (Unicode's Bidi_Control: U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which make a
// name read otherwise than it is (`abc\u202Etxt.exe` shows as `abcexe.txt`). Names, emails, labels.
export const SINGLE_LINE_FORMAT = 'single-line';
// Free text (notes, bodies): line breaks and tabs, but no other control characters. Bidirectional
// controls stay allowed: right-to-left prose may need them, and it is never shown as a name.
export const TEXT_FORMAT = 'text';

// eslint-disable-next-line no-control-regex -- these patterns exist to refuse control characters
export const SINGLE_LINE_PATTERN = /^[^\u0000-\u001f\u007f-\u009f\p{Bidi_Control}]*$/u;
// eslint-disable-next-line no-control-regex -- as above
export const TEXT_PATTERN = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/u;

export function SingleLine(options: StringOptions = {}) {
  return Type.String({ ...options, format: SINGLE_LINE_FORMAT });
}

export function Text(options: StringOptions = {}) {
  return Type.String({ ...options, format: TEXT_FORMAT });
}

export const Uuid = (options: SchemaOptions = {}) => Type.String({ ...options, format: 'uuid' });
// An RFC 3339 timestamp has no longest form (any number of fraction digits): 40 characters hold
// nanoseconds and an offset with room to spare, and bound what a client may send.
export const DATE_TIME_MAX_LENGTH = 40;
export const DateTime = (options: SchemaOptions = {}) =>
  Type.String({ maxLength: DATE_TIME_MAX_LENGTH, ...options, format: 'date-time' });
export const DateOnly = (options: SchemaOptions = {}) => Type.String({ ...options, format: 'date' });
export const Email = (options: StringOptions = {}) => Type.String({ maxLength: 254, ...options, format: 'email' });
export const Uri = (options: StringOptions = {}) => Type.String({ ...options, format: 'uri' });

// A string that is one of `values`: a plain `enum`, so a refusal lists the allowed values.
export function StringEnum<const T extends readonly string[]>(
  values: T,
  options: SchemaOptions = {},
): TUnsafe<T[number]> {
  return Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });
}

// The schema or null, as one `type: [x, 'null']` (not anyOf), so errors read "must be string or null".
export function Nullable<T extends TSchema>(schema: T): TUnsafe<Static<T> | null> {
  const { type, enum: values, ...rest } = schema as TSchema & { type?: string | string[]; enum?: unknown[] };
  if (type === undefined) throw new Error('Nullable needs a schema with a type');
  const types = Array.isArray(type) ? type : [type];
  return Type.Unsafe<Static<T> | null>({
    ...rest,
    type: types.includes('null') ? types : [...types, 'null'],
    ...(values ? { enum: values.includes(null) ? values : [...values, null] } : {}),
  });
}

// A named schema: the OpenAPI document shows it once under components.schemas by this name.
export function Named<T extends TSchema>(name: string, schema: T): T {
  return { ...schema, title: name };
}

// `{data: [item]}`, the list envelope of the contract, plus any extra fields.
export function ListOf<T extends TSchema>(item: T, extra: Record<string, TSchema> = {}) {
  return Type.Object({ data: Type.Array(item), ...extra }, { additionalProperties: false });
}

// The `next_cursor` of a cursor-paged list: the `cursor` parameter's value for the next page
// (bounded as that parameter is, so a client passes it back as it came), null on the last page.
export function NextCursor(maxLength: number) {
  return Nullable(
    Type.String({ minLength: 1, maxLength, description: 'The `cursor` of the next page; null on the last page.' }),
  );
}

// A request body object that rejects unknown fields (additionalProperties-false in the contract).
export function Strict<T extends Record<string, TSchema>>(properties: T, options: SchemaOptions = {}) {
  return Type.Object(properties, { ...options, additionalProperties: false });
}

// A bound JSON Schema has no keyword for: the size of a value written as JSON, in UTF-8 bytes.
// An OpenAPI extension keyword, so the document states it and the validator (validation.ts)
// enforces it from the same schema.
export const MAX_JSON_BYTES = 'x-max-json-bytes';

export function MaxJsonBytes<T extends TSchema>(limit: number, schema: T): T {
  return { ...schema, [MAX_JSON_BYTES]: limit };
}

// A value the request validator leaves to the handler, documented as what a client should send:
// import rows are checked one by one and a bad row is reported in the answer, not the request
// refused, so validation accepts any item while the OpenAPI document shows the row's schema.
export const DOCUMENTED_SCHEMA = Symbol.for('crm.documented-schema');

export function CheckedByHandler<T extends TSchema>(accepted: T, documented: TSchema): T {
  return { ...accepted, [DOCUMENTED_SCHEMA]: documented };
}
