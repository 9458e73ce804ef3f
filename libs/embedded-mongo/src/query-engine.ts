import { mongo } from 'mongoose';
import { Aggregator, Query } from 'mingo';
import {
  Context,
  initOptions,
  ProcessingMode,
  type Options,
  type PipelineOperator,
  type QueryOperator,
} from 'mingo/core';
import type { Iterator } from 'mingo/lazy';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as updateOperators from 'mingo/operators/update';
import * as windowOperators from 'mingo/operators/window';
import { createUpdater, type UpdateExpression } from 'mingo/updater';
import { ensureArray, resolve } from 'mingo/util';
import { compareStrings, compareValues, normalizeSort, sortDocuments } from './bson-order';
import { bsonTypeOf, cloneValue, getPath, isPlainObject, setPath, type Document } from './bson-values';
import { ErrorCodes, notSupported, serverError, toServerError } from './errors';

// Copies of mingo's operator modules as plain objects: mingo copies operator tables for every
// query it compiles, and copying module namespaces (getters) costs tens of microseconds each time.
const plain = <T extends object>(operators: T): Record<string, never> => ({ ...operators }) as Record<string, never>;

// A comparison that follows MongoDB's type brackets: numbers of every BSON type compare with each
// other (mingo compares Decimal128 and Long as strings), other types only with their own type.
function comparisonOperator(accept: (order: number) => boolean): QueryOperator {
  return (selector, value) => (document) => {
    const found: unknown = resolve(document, selector, { unwrapArray: true });
    const valueIsBound =
      value !== null && typeof value === 'object' && ['MinKey', 'MaxKey'].includes(bsonTypeOf(value) ?? '');
    return ensureArray(found).some((candidate) => {
      if (!valueIsBound && !sameTypeBracket(candidate, value)) return false;
      return accept(compareValues(candidate, value));
    });
  };
}

function sameTypeBracket(a: unknown, b: unknown): boolean {
  return typeBracket(a) === typeBracket(b);
}

function typeBracket(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return 'number';
  if (typeof value !== 'object') return typeof value;
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (value instanceof RegExp) return 'regex';
  const tag = bsonTypeOf(value);
  if (tag === 'Long' || tag === 'Double' || tag === 'Int32' || tag === 'Decimal128') return 'number';
  if (tag === 'BSONRegExp') return 'regex';
  return tag ?? (isPlainObject(value) ? 'object' : 'other');
}

const TYPE_ALIASES: Record<string, string> = {
  '1': 'double',
  '2': 'string',
  '3': 'object',
  '4': 'array',
  '5': 'binData',
  '6': 'undefined',
  '7': 'objectId',
  '8': 'bool',
  '9': 'date',
  '10': 'null',
  '11': 'regex',
  '13': 'javascript',
  '16': 'int',
  '17': 'timestamp',
  '18': 'long',
  '19': 'decimal',
  '-1': 'minKey',
  '127': 'maxKey',
};

function isInt32(value: number): boolean {
  return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647;
}

function matchesType(value: unknown, alias: string): boolean {
  switch (alias) {
    case 'number':
      return typeBracket(value) === 'number';
    case 'double':
      return (typeof value === 'number' && !isInt32(value)) || bsonTypeOf(value) === 'Double';
    case 'int':
      return (typeof value === 'number' && isInt32(value)) || bsonTypeOf(value) === 'Int32';
    case 'long':
      return bsonTypeOf(value) === 'Long' || typeof value === 'bigint';
    case 'decimal':
      return bsonTypeOf(value) === 'Decimal128';
    case 'string':
      return typeof value === 'string';
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    case 'binData':
      return Buffer.isBuffer(value) || bsonTypeOf(value) === 'Binary';
    case 'undefined':
      return false;
    case 'objectId':
      return bsonTypeOf(value) === 'ObjectId';
    case 'bool':
      return typeof value === 'boolean';
    case 'date':
      return value instanceof Date;
    case 'null':
      return value === null;
    case 'regex':
      return value instanceof RegExp || bsonTypeOf(value) === 'BSONRegExp';
    case 'javascript':
      return bsonTypeOf(value) === 'Code';
    case 'timestamp':
      return bsonTypeOf(value) === 'Timestamp';
    case 'minKey':
      return bsonTypeOf(value) === 'MinKey';
    case 'maxKey':
      return bsonTypeOf(value) === 'MaxKey';
    default:
      return false;
  }
}

const typeOperator: QueryOperator = (selector, value) => {
  const aliases = ensureArray(value).map((entry) => TYPE_ALIASES[String(entry)] ?? String(entry));
  return (document) => {
    const found: unknown = resolve(document, selector, { unwrapArray: true });
    if (found === undefined) return false;
    const test = (candidate: unknown): boolean => aliases.some((alias) => matchesType(candidate, alias));
    if (test(found)) return true;
    return Array.isArray(found) && found.some(test);
  };
};

// $sort in pipelines uses MongoDB's BSON order, the same as find().sort().
const sortStage: PipelineOperator = (collection: Iterator, expression: unknown) => {
  const spec = normalizeSort(expression);
  return collection.transform((items: unknown[]) => sortDocuments(items as Document[], spec));
};

const refuseStage =
  (name: string): PipelineOperator =>
  () => {
    throw notSupported(`The ${name} aggregation stage`);
  };

// Operators registered first win in mingo's Context, so the overrides go in before the defaults.
const context = Context.init({
  pipeline: { $sort: sortStage, $out: refuseStage('$out'), $merge: refuseStage('$merge') },
  query: {
    $gt: comparisonOperator((order) => order > 0),
    $gte: comparisonOperator((order) => order >= 0),
    $lt: comparisonOperator((order) => order < 0),
    $lte: comparisonOperator((order) => order <= 0),
    $type: typeOperator,
  },
})
  .addAccumulatorOps(plain(accumulatorOperators))
  .addExpressionOps(plain(expressionOperators))
  .addPipelineOps(plain(pipelineOperators))
  .addProjectionOps(plain(projectionOperators))
  .addQueryOps(plain(queryOperators))
  .addWindowOps(plain(windowOperators));

const baseSettings = {
  context,
  useGlobalContext: false,
  useStrictMode: true,
  scriptEnabled: true,
  processingMode: ProcessingMode.CLONE_OFF,
  idKey: '_id',
} as const;

const queryOptions: Options = initOptions(baseSettings);

// mingo's public Query class re-registers all operator modules on every instance (~50us); its
// parent class compiles against options that are already complete.
type CompiledQuery = { test(document: unknown): boolean };
const QueryImplementation: new (condition: Document, options: Options) => CompiledQuery = (() => {
  const parent: unknown = Object.getPrototypeOf(Query);
  const usable =
    typeof parent === 'function' && typeof (parent.prototype as { test?: unknown } | undefined)?.test === 'function';
  return (usable ? parent : Query) as new (condition: Document, options: Options) => CompiledQuery;
})();

export interface Matcher {
  test(document: Document): boolean;
}

const MATCH_ALL: Matcher = { test: () => true };

// The filters most reads and writes are, tested without building a mingo query, which costs more
// than the lookup it filters: top-level fields equal to a string (ids, the workspace, keys), a
// boolean or null (`deleted_at: null`), or within bounds ($lt, $lte, $gt, $gte) of finite numbers
// (a projection's `version: { $lt: n }`) or of strings (a prefix range), and `$and` / `$or` of such
// filters (a list's `q`). As in MongoDB, a field holding an array matches when one of its elements
// does, a bound compares only values of its own type, and null matches a missing field. A held
// value of any other kind (a Decimal128, a NaN, a date under a number bound, an array where
// MongoDB's rule for it is subtle) is left to the full query, compiled the first time one comes.
const UNDECIDED = 2;
type Outcome = boolean | typeof UNDECIDED;
type Test = (document: Document) => Outcome;

// The bounds a simple filter may hold, each as the test of an ordering (held against operand).
const BOUNDS: Readonly<Record<string, (order: number) => boolean>> = {
  $lt: (order) => order < 0,
  $lte: (order) => order <= 0,
  $gt: (order) => order > 0,
  $gte: (order) => order >= 0,
};

type Bound = readonly [accept: (order: number) => boolean, operand: number | string];

// The order of a held value against an operand of the same type.
function orderOf(held: number | string, operand: number | string): number {
  if (typeof held === 'string') return compareStrings(held, operand as string);
  return held < (operand as number) ? -1 : held > (operand as number) ? 1 : 0;
}

// Whether a held number or string meets every bound; bounds of the other type do not compare it.
function withinBounds(held: number | string, bounds: readonly Bound[], kind: 'number' | 'string'): Outcome {
  if (typeof held !== kind) return false;
  if (typeof held === 'number' && Number.isNaN(held)) return UNDECIDED;
  for (const [accept, operand] of bounds) if (!accept(orderOf(held, operand))) return false;
  return true;
}

// An array meets several bounds when its elements meet each of them, not always one element
// all: with one bound an element decides, with more the full query does.
function boundsTest(field: string, bounds: readonly Bound[], kind: 'number' | 'string'): Test {
  return (document) => {
    const held: unknown = document[field];
    if (typeof held === 'number' || typeof held === 'string') return withinBounds(held, bounds, kind);
    if (held === undefined || held === null || typeof held === 'boolean') return false;
    if (!Array.isArray(held) || bounds.length > 1) return UNDECIDED;
    let matched: Outcome = false;
    for (const element of held) {
      if (typeof element === 'number' || typeof element === 'string') {
        const outcome = withinBounds(element, bounds, kind);
        if (outcome === UNDECIDED) return UNDECIDED;
        if (outcome) matched = true;
      } else if (!(element === null || typeof element === 'boolean')) {
        return UNDECIDED;
      }
    }
    return matched;
  };
}

function equalsTest(field: string, wanted: string | boolean | null): Test {
  if (wanted === null) {
    return (document) => {
      const held: unknown = document[field];
      return held === null || held === undefined ? true : Array.isArray(held) ? UNDECIDED : false;
    };
  }
  return (document) => {
    const held: unknown = document[field];
    if (held === wanted) return true;
    if (!Array.isArray(held)) return false;
    return typeof wanted === 'string' ? held.includes(wanted) : UNDECIDED;
  };
}

// The type a bound's operand compares: a string or a finite number; others go to the full query.
function boundKind(operand: unknown): 'number' | 'string' | undefined {
  if (typeof operand === 'string') return 'string';
  return typeof operand === 'number' && Number.isFinite(operand) ? 'number' : undefined;
}

function conditionTest(field: string, value: unknown): Test | undefined {
  if (field.includes('.')) return undefined;
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return equalsTest(field, value);
  if (!isPlainObject(value)) return undefined;
  const bounds: Bound[] = [];
  let kind: 'number' | 'string' | undefined;
  for (const operator in value) {
    const operand: unknown = value[operator];
    const accept = Object.hasOwn(BOUNDS, operator) ? BOUNDS[operator] : undefined;
    const operandKind = boundKind(operand);
    if (!accept || !operandKind || (kind !== undefined && operandKind !== kind)) return undefined;
    kind = operandKind;
    bounds.push([accept, operand as number | string]);
  }
  return kind ? boundsTest(field, bounds, kind) : undefined;
}

// $and (every test true) when `passing` is true, $or (some test true) when it is false: the first
// outcome other than `passing` decides (UNDECIDED included, for the full query to settle).
const combined =
  (tests: readonly Test[], passing: boolean): Test =>
  (document) => {
    for (const test of tests) {
      const outcome = test(document);
      if (outcome !== passing) return outcome;
    }
    return passing;
  };

// The clauses of an $and or $or, each a simple filter; mingo answers an empty or malformed list.
function clauseTests(clauses: unknown): Test[] | undefined {
  if (!Array.isArray(clauses) || clauses.length === 0) return undefined;
  const tests: Test[] = [];
  for (const clause of clauses) {
    const test = isPlainObject(clause) ? simpleTest(clause) : undefined;
    if (!test) return undefined;
    tests.push(test);
  }
  return tests;
}

function simpleTest(filter: Document): Test | undefined {
  const tests: Test[] = [];
  for (const field in filter) {
    const value: unknown = filter[field];
    let test: Test | undefined;
    if (field === '$and' || field === '$or') {
      const clauses = clauseTests(value);
      test = clauses && combined(clauses, field === '$and');
    } else if (!field.startsWith('$')) {
      test = conditionTest(field, value);
    }
    if (!test) return undefined;
    tests.push(test);
  }
  return tests.length === 1 ? tests[0] : combined(tests, true);
}

function simpleMatcher(filter: Document): Matcher | undefined {
  const test = simpleTest(filter);
  if (!test) return undefined;
  let full: CompiledQuery | undefined;
  return {
    test: (document) => {
      const outcome = test(document);
      if (outcome !== UNDECIDED) return outcome;
      full ??= compileQuery(filter);
      return full.test(document);
    },
  };
}

function compileQuery(filter: Document): CompiledQuery {
  try {
    return new QueryImplementation(filter, queryOptions);
  } catch (error) {
    throw toServerError(error);
  }
}

export function compileFilter(filter: Document | undefined): Matcher {
  if (filter === undefined || filter === null || Object.keys(filter).length === 0) return MATCH_ALL;
  if (!isPlainObject(filter)) throw serverError(ErrorCodes.BadValue, 'BadValue', 'query filter must be an object');
  return simpleMatcher(filter) ?? compileQuery(filter);
}

export function isOperatorObject(value: unknown): value is Document {
  if (!isPlainObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys[0].startsWith('$');
}

function flattenAnd(filter: Document): Array<[string, unknown]> {
  const entries: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const clause of value) if (isPlainObject(clause)) entries.push(...flattenAnd(clause));
    } else {
      entries.push([key, value]);
    }
  }
  return entries;
}

// The index of the array element the query matched, for the positional `$` operator in updates
// and projections (mingo supports `$[]` and `$[id]` but not `$`).
export function positionalIndex(document: Document, arrayPath: string, filter: Document): number | undefined {
  const array = getPath(document, arrayPath);
  if (!Array.isArray(array)) return undefined;
  const tests: Array<(element: unknown) => boolean> = [];
  for (const [key, condition] of flattenAnd(filter)) {
    if (key === arrayPath) {
      if (isPlainObject(condition) && '$elemMatch' in condition) {
        const criteria = condition.$elemMatch as Document;
        const allOperators = Object.keys(criteria).every((name) => name.startsWith('$'));
        const matcher = compileFilter(allOperators ? { element: criteria } : criteria);
        tests.push((element) =>
          allOperators ? matcher.test({ element }) : isPlainObject(element) && matcher.test(element),
        );
      } else {
        const matcher = compileFilter({ element: condition });
        tests.push((element) => matcher.test({ element }));
      }
    } else if (key.startsWith(arrayPath + '.')) {
      const matcher = compileFilter({ [key.slice(arrayPath.length + 1)]: condition });
      tests.push((element) => isPlainObject(element) && matcher.test(element));
    }
  }
  if (tests.length === 0) return undefined;
  const index = array.findIndex((element) => tests.every((test) => test(element)));
  return index === -1 ? undefined : index;
}

function positionalError(): mongo.MongoServerError {
  return serverError(
    ErrorCodes.BadValue,
    'BadValue',
    'The positional operator did not find the match needed from the query.',
  );
}

function resolvePositionalPaths(fields: Document, document: Document, filter: Document): Document {
  let rewritten: Document | undefined;
  for (const path of Object.keys(fields)) {
    const parts = path.split('.');
    const position = parts.indexOf('$');
    if (position === -1) continue;
    const index = positionalIndex(document, parts.slice(0, position).join('.'), filter);
    if (index === undefined) throw positionalError();
    parts[position] = String(index);
    rewritten ??= { ...fields };
    delete rewritten[path];
    rewritten[parts.join('.')] = fields[path] as unknown;
  }
  return rewritten ?? fields;
}

const updater = createUpdater({ cloneMode: 'deep', queryOptions });
const KNOWN_UPDATE_OPERATORS = new Set([...Object.keys(updateOperators), '$setOnInsert']);

export function isUpdatePipeline(update: unknown): update is Document[] {
  return Array.isArray(update);
}

export function validateUpdate(update: unknown): void {
  if (isUpdatePipeline(update)) return;
  if (!isPlainObject(update) || Object.keys(update).length === 0) {
    throw new mongo.MongoInvalidArgumentError('Update document requires atomic operators');
  }
  for (const operator of Object.keys(update)) {
    if (!operator.startsWith('$'))
      throw new mongo.MongoInvalidArgumentError('Update document requires atomic operators');
    if (!KNOWN_UPDATE_OPERATORS.has(operator)) {
      throw serverError(
        ErrorCodes.FailedToParse,
        'FailedToParse',
        `Unknown modifier: ${operator}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
  }
}

export function validateReplacement(replacement: unknown): void {
  if (!isPlainObject(replacement)) throw new mongo.MongoInvalidArgumentError('Replacement document must be an object');
  if (Object.keys(replacement).some((key) => key.startsWith('$'))) {
    throw new mongo.MongoInvalidArgumentError('Replacement document must not contain atomic operators');
  }
}

export interface UpdateContext {
  filter: Document;
  arrayFilters?: Document[];
  isInsert: boolean;
}

// Applies an update (operators or pipeline) to a private copy of the document and returns it.
export function applyUpdate(current: Document, update: Document | Document[], context: UpdateContext): Document {
  if (isUpdatePipeline(update)) {
    const [result] = runPipeline([cloneValue(current)], update, () => []);
    if (!isPlainObject(result))
      throw serverError(ErrorCodes.BadValue, 'BadValue', 'Update pipeline must produce a document');
    return result;
  }
  const target = cloneValue(current);
  try {
    for (const [operator, rawArguments] of Object.entries(update)) {
      if (!isPlainObject(rawArguments)) {
        throw serverError(
          ErrorCodes.FailedToParse,
          'FailedToParse',
          `Modifiers operate on fields but we found a ${typeof rawArguments} instead`,
        );
      }
      let name = operator;
      let fields = resolvePositionalPaths(rawArguments, current, context.filter);
      if (operator === '$setOnInsert') {
        if (!context.isInsert) continue;
        name = '$set';
      } else if (operator === '$currentDate') {
        // mingo stores a number for $currentDate; MongoDB stores a Date (or a Timestamp).
        const now = new Date();
        const values: Document = {};
        for (const [path, kind] of Object.entries(fields)) {
          const wantsTimestamp = isPlainObject(kind) && kind.$type === 'timestamp';
          values[path] = wantsTimestamp
            ? new mongo.Timestamp({ t: Math.floor(now.getTime() / 1000), i: 1 })
            : new Date(now.getTime());
        }
        name = '$set';
        fields = values;
      } else if (operator === '$inc' || operator === '$mul') {
        checkNumericArguments(operator, fields, target);
      }
      updater(target, { [name]: fields } as unknown as UpdateExpression, context.arrayFilters ?? []);
    }
  } catch (error) {
    throw toServerError(error);
  }
  return target;
}

function checkNumericArguments(operator: string, fields: Document, target: Document): void {
  for (const [path, amount] of Object.entries(fields)) {
    if (typeBracket(amount) !== 'number') {
      const verb = operator === '$inc' ? 'increment' : 'multiply';
      throw serverError(
        ErrorCodes.TypeMismatch,
        'TypeMismatch',
        `Cannot ${verb} with non-numeric argument: {${path}: ${String(amount)}}`,
      );
    }
    const existing = path.includes('$') ? undefined : getPath(target, path);
    if (existing !== undefined && typeBracket(existing) !== 'number') {
      throw serverError(
        ErrorCodes.TypeMismatch,
        'TypeMismatch',
        `Cannot apply ${operator} to a value of non-numeric type. {_id: ${String(target._id)}} has the field '${path}' of non-numeric type ${typeBracket(existing)}`,
      );
    }
    // mingo's arithmetic works on JavaScript numbers only.
    if (typeof amount !== 'number' || (existing !== undefined && typeof existing !== 'number')) {
      throw notSupported(`${operator} on Long or Decimal128 values`);
    }
  }
}

// Equality conditions of a filter become fields of a document created by an upsert.
export function upsertSeed(filter: Document): Document {
  const seed: Document = {};
  for (const [key, condition] of flattenAnd(filter)) {
    if (key.startsWith('$')) continue;
    if (isOperatorObject(condition)) {
      if ('$eq' in condition) setPath(seed, key, cloneValue(condition.$eq));
      continue;
    }
    if (condition instanceof RegExp) continue;
    setPath(seed, key, cloneValue(condition));
  }
  return seed;
}

export function hasProjection(projection: Document | undefined): projection is Document {
  return projection !== undefined && projection !== null && Object.keys(projection).length > 0;
}

// A projection that only includes fields (`{name: 1, 'address.city': 1}`, `_id` kept unless
// projected away): the top-level fields it reads, and whether they are all it names. The store
// then decodes those fields alone, and when every path is top-level the projection is applied by
// picking them in the document's order, without the general engine. undefined for any other
// projection (exclusions, operators, positional paths, expressions).
export interface Inclusion {
  fields: Set<string>;
  topLevelOnly: boolean;
}

export function inclusionOf(projection: Document | undefined): Inclusion | undefined {
  if (!projection || !isPlainObject(projection)) return undefined;
  const fields = new Set<string>(['_id']);
  let included = 0;
  let topLevelOnly = true;
  for (const [path, value] of Object.entries(projection)) {
    if (path.startsWith('$') || path.includes('.$')) return undefined;
    if (path === '_id' && (value === 0 || value === false)) {
      fields.delete('_id');
      continue;
    }
    if (value !== 1 && value !== true) return undefined;
    included++;
    if (path.includes('.')) topLevelOnly = false;
    fields.add(path.split('.')[0]);
  }
  // `{_id: 0}` alone excludes.
  return included > 0 ? { fields, topLevelOnly } : undefined;
}

function pickFields(document: Document, kept: ReadonlySet<string>): Document {
  const picked: Document = {};
  for (const key of Object.keys(document)) if (kept.has(key)) picked[key] = document[key] as unknown;
  return picked;
}

// Applies a find projection to private copies of documents.
export function applyProjection(documents: Document[], projection: Document | undefined, filter: Document): Document[] {
  if (!hasProjection(projection)) return documents;
  const inclusion = inclusionOf(projection);
  if (inclusion?.topLevelOnly) return documents.map((document) => pickFields(document, inclusion.fields));
  const positional = Object.keys(projection).filter((path) => path.endsWith('.$'));
  if (positional.length === 0) return runPipeline(documents, [{ $project: projection }], () => []);
  const rewritten: Document = {};
  for (const [path, value] of Object.entries(projection)) {
    rewritten[path.endsWith('.$') ? path.slice(0, -2) : path] = value as unknown;
  }
  const projected = runPipeline(documents, [{ $project: rewritten }], () => []);
  return projected.map((document, position) => {
    const source = documents[position];
    for (const path of positional) {
      const arrayPath = path.slice(0, -2);
      const index = positionalIndex(source, arrayPath, filter);
      if (index === undefined) throw positionalError();
      setPath(document, arrayPath, [(getPath(source, arrayPath) as unknown[])[index]]);
    }
    return document;
  });
}

export type CollectionResolver = (name: string) => Document[];

export function runPipeline(
  input: Document[],
  pipeline: Document[],
  resolveCollection: CollectionResolver,
): Document[] {
  try {
    const options = initOptions({ ...baseSettings, collectionResolver: resolveCollection });
    return new Aggregator(pipeline, options).run<Document>(input);
  } catch (error) {
    throw toServerError(error);
  }
}

const LOGICAL_OPERATORS = new Set(['$and', '$or', '$nor']);

// Top-level fields a filter reads, so only those need decoding to test it; undefined when it
// may read the whole document ($where, $expr, $text, ...).
export function filterFields(filter: Document | undefined, into: Set<string> = new Set()): Set<string> | undefined {
  if (!filter) return into;
  for (const [key, condition] of Object.entries(filter)) {
    if (LOGICAL_OPERATORS.has(key)) {
      if (!Array.isArray(condition)) return undefined;
      for (const clause of condition) {
        if (!isPlainObject(clause) || !filterFields(clause, into)) return undefined;
      }
      continue;
    }
    if (key === '$comment') continue;
    if (key.startsWith('$')) return undefined;
    into.add(key.split('.')[0]);
  }
  return into;
}

const FIELD_REFERENCE = /^\$([^$.][^.]*)/;

// Top-level fields an aggregation pipeline reads from its input documents, when it ends in a
// stage that replaces them ($group, $count, an inclusion $project) and reads nothing else;
// undefined when it needs whole documents.
export function pipelineFields(pipeline: Document[]): Set<string> | undefined {
  const fields = new Set<string>();
  let undecidable = false;
  const collect = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value.startsWith('$$')) {
        if (!value.startsWith('$$NOW') && !value.startsWith('$$REMOVE')) undecidable = true;
        return;
      }
      const match = FIELD_REFERENCE.exec(value);
      if (match) fields.add(match[1]);
      return;
    }
    if (Array.isArray(value)) {
      for (const element of value) collect(element);
      return;
    }
    if (isPlainObject(value)) for (const element of Object.values(value)) collect(element);
  };
  for (const stage of pipeline) {
    const [name] = Object.keys(stage);
    const body: unknown = name === undefined ? undefined : stage[name];
    switch (name) {
      case '$match': {
        if (!isPlainObject(body) || !filterFields(body, fields)) return undefined;
        break;
      }
      case '$sort':
        if (!isPlainObject(body)) return undefined;
        for (const key of Object.keys(body)) fields.add(key.split('.')[0]);
        break;
      case '$skip':
      case '$limit':
        break;
      case '$unwind':
        collect(isPlainObject(body) ? body.path : body);
        break;
      case '$group':
        collect(body);
        return undecidable ? undefined : fields;
      case '$count':
        return fields;
      case '$project': {
        if (!isPlainObject(body)) return undefined;
        // _id is kept unless excluded.
        if (body._id !== 0 && body._id !== false) fields.add('_id');
        for (const [key, value] of Object.entries(body)) {
          if (value === 0 || value === false) {
            if (key !== '_id') return undefined;
            continue;
          }
          if (value === 1 || value === true) fields.add(key.split('.')[0]);
          else collect(value);
        }
        return undecidable ? undefined : fields;
      }
      default:
        return undefined;
    }
  }
  return undefined;
}
