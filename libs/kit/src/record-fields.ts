import { Schema, type SchemaDefinition } from 'mongoose';

// A stored record's fields written once: each field is the mongoose path definition it is stored
// with, typed with the value the record holds there, so the record's type and its schema come
// from one list (`type XRecord = ScopedRecordOf<typeof xFields>`, `new Schema(schemaOf(xFields))`).
// Mongoose's InferSchemaType reads `default: null` as `T | null | undefined` and a Mixed path as
// any; these say exactly what a path holds. Each builder writes the definition as given, so a
// schema built from fields is the one written out by hand.

declare const valueType: unique symbol;
declare const absentType: unique symbol;

// A mongoose path definition; the value type (and whether old documents may lack the path) is only
// in the type, never in the object.
export interface Field<T, Absent extends boolean = false> {
  readonly type: unknown;
  readonly [option: string]: unknown;
  readonly [valueType]?: () => T;
  readonly [absentType]?: Absent;
}

export type Fields = Record<string, Field<unknown, boolean>>;

type ValueOf<F> = F extends Field<infer T, boolean> ? T : never;
type AbsentKeys<F> = { [K in keyof F]: F[K] extends Field<unknown, true> ? K : never }[keyof F];
type Flat<T> = { [K in keyof T]: T[K] };

// The record a list of fields stores.
export type RecordOf<F extends Fields> = Flat<
  { -readonly [K in Exclude<keyof F, AbsentKeys<F>>]: ValueOf<F[K]> } & {
    -readonly [K in AbsentKeys<F>]?: ValueOf<F[K]>;
  }
>;

// The record of a tenant-scoped schema: tenantScoped adds workspace_id after the listed fields.
export type ScopedRecordOf<F extends Fields> = Flat<RecordOf<F> & { workspace_id: string }>;

function string<T extends string = string>(options: { default: null }): Field<T | null>;
function string<T extends string = string>(options: {
  required: true;
  enum?: readonly T[];
  default?: NoInfer<T>;
}): Field<T>;
// Neither required nor defaulted: a new document given none has none.
function string<T extends string = string>(): Field<T | undefined>;
// A default computed for each new document from the others (`this` is the document).
function string<T extends string = string>(options: { default: (this: never) => T }): Field<T>;
function string(options: object = {}): Field<unknown> {
  return { type: String, ...options };
}

function number(options: { default: null }): Field<number | null>;
function number(options: { required: true; default?: number } | { default: number }): Field<number>;
// Neither required nor defaulted: a new document given none has none.
function number(): Field<number | undefined>;
function number(options: object = {}): Field<unknown> {
  return { type: Number, ...options };
}

function date(options: { default: null }): Field<Date | null>;
function date(options: { required: true }): Field<Date>;
function date(options: object): Field<unknown> {
  return { type: Date, ...options };
}

function boolean(options: { required: true } | { default: boolean }): Field<boolean>;
// Neither required nor defaulted: a new document given none has none.
function boolean(): Field<boolean | undefined>;
function boolean(options: object = {}): Field<unknown> {
  return { type: Boolean, ...options };
}

// A value mongoose stores as given (Mixed); a default object is copied for each new document.
function mixed<T extends object>(options: { default: null }): Field<T | null>;
function mixed<T extends object>(options: { required: true } | { default: T }): Field<T>;
function mixed(options: object): Field<unknown> {
  return { type: Schema.Types.Mixed, ...options };
}

export const field = {
  string,
  // A field documents stored before it existed lack: new documents get its default, and the
  // record type says a read may find it absent.
  absentOnOld: <T>(definition: Field<T, boolean>) => definition as Field<T, true>,
  number,
  date,
  boolean,
  // A list of strings: empty when created, or required.
  strings: <T extends string = string>(options: ListOptions = { default: [] }): Field<T[]> => ({
    type: [String],
    ...options,
  }),
  // A list of subdocuments of `schema`: empty when created, or required.
  list: <T>(schema: Schema<T>, options: ListOptions = { default: [] }): Field<T[]> => ({ type: [schema], ...options }),
  mixed,
  // A nested path, not a subdocument: its fields are stored in the record's own document and
  // written like the record's.
  nested: <F extends Fields>(fields: F): Field<RecordOf<F>> => fields as unknown as Field<RecordOf<F>>,
};

type ListOptions = { default: [] } | { required: true };

// The schema definition of the fields, for `new Schema<XRecord>(schemaOf(xFields), options)`.
export function schemaOf<F extends Fields>(fields: F): SchemaDefinition {
  return fields;
}

// The listed fields of a record, in the list's order (a JSON answer shows them in that order):
// where a view and an event state show the same fields, one list declares them for both.
export function pickFields<R, K extends keyof R>(record: R, keys: readonly K[]): Pick<R, K> {
  const picked = {} as Pick<R, K>;
  for (const key of keys) picked[key] = record[key];
  return picked;
}
