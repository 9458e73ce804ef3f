import { compareValues, type SortSpec } from './bson-order';
import { bsonTypeOf, canonicalKey, isPlainObject, type Document } from './bson-values';
import { AFTER_PREFIX, TypeByte, complement, encodeForDirection, typeByteOf } from './key-encoding';
import type { OrderedIndex } from './ordered-index';

// Chooses how a query reads a collection, for the shapes a CRM issues, the way MongoDB's planner
// does for them: _id equality by the primary map (IDHACK); else the index with the most leading
// equality fields, then one that gives the requested sort (so `sort + limit` stops early), then a
// range on the next field; else a collection scan. Conditions are turned into key intervals;
// the full filter is still checked on every document unless the bounds say exactly the same.

export interface RangeSide {
  readonly value: unknown;
  readonly inclusive: boolean;
}

export interface FieldBounds {
  // Equality / $in values.
  readonly points?: unknown[];
  // A range within one type bracket.
  readonly type?: number;
  readonly low?: RangeSide;
  readonly high?: RangeSide;
  // The bounds say exactly what the condition does (no further check needed on this field).
  readonly exact: boolean;
}

export interface Interval {
  readonly start: string;
  readonly end: string;
}

export type PlanStage = 'IDHACK' | 'IXSCAN' | 'COLLSCAN';

export interface QueryPlan {
  readonly stage: PlanStage;
  readonly index?: OrderedIndex;
  readonly indexName?: string;
  // IDHACK: the _id keys to fetch.
  readonly idKeys?: string[];
  // IDHACK: a document fetched by those keys meets the filter's _id condition as it is.
  readonly idExact?: boolean;
  // IXSCAN: key intervals in index order, walked in reverse for a backward scan.
  readonly intervals?: Interval[];
  readonly reverse?: boolean;
  // The walk yields documents in the requested sort order.
  readonly providesSort: boolean;
  // Every key in the intervals matches the filter: counting keys is counting documents.
  readonly exact: boolean;
  readonly indexBounds?: Document;
}

const MAX_INTERVALS = 1000;

function isBoundValue(value: unknown): boolean {
  if (value === undefined || Array.isArray(value) || value instanceof RegExp) return false;
  if (bsonTypeOf(value) === 'BSONRegExp') return false;
  if (isPlainObject(value) && Object.keys(value).some((key) => key.startsWith('$'))) return false;
  return true;
}

// Types whose index equality is the query's equality (Long and Decimal128 are indexed by their
// nearest double, so they are checked on the documents).
function exactlyComparable(value: unknown): boolean {
  const tag = bsonTypeOf(value);
  if (tag === 'Long' || tag === 'Decimal128' || typeof value === 'bigint') return false;
  const type = typeByteOf(value);
  return (
    type === TypeByte.Number ||
    type === TypeByte.String ||
    type === TypeByte.Date ||
    type === TypeByte.ObjectId ||
    type === TypeByte.Boolean ||
    type === TypeByte.Null
  );
}

function rangeType(value: unknown): number | undefined {
  const type = typeByteOf(value);
  if (type === TypeByte.MinKey || type === TypeByte.MaxKey || type === TypeByte.Null || type === TypeByte.Other)
    return undefined;
  if (type === TypeByte.Array || type === TypeByte.RegExp) return undefined;
  return type;
}

// Bounds of one field's condition; undefined when it gives none.
function boundsOf(condition: unknown): FieldBounds | undefined {
  if (!isPlainObject(condition) || !Object.keys(condition).some((key) => key.startsWith('$'))) {
    return isBoundValue(condition) ? { points: [condition], exact: exactlyComparable(condition) } : undefined;
  }
  let points: unknown[] | undefined;
  let low: RangeSide | undefined;
  let high: RangeSide | undefined;
  let type: number | undefined;
  let exact = true;
  const narrowType = (value: unknown): boolean => {
    const valueType = rangeType(value);
    if (valueType === undefined || (type !== undefined && type !== valueType)) return false;
    type = valueType;
    return true;
  };
  for (const [operator, operand] of Object.entries(condition)) {
    switch (operator) {
      case '$eq':
        if (isBoundValue(operand)) {
          points = [operand];
          exact &&= exactlyComparable(operand);
        } else exact = false;
        break;
      case '$in':
        if (Array.isArray(operand) && operand.every(isBoundValue)) {
          points = operand;
          exact &&= operand.every(exactlyComparable);
        } else exact = false;
        break;
      case '$gt':
      case '$gte':
        if (narrowType(operand) && (!low || compareValues(operand, low.value) >= 0)) {
          low = { value: operand, inclusive: operator === '$gte' };
        } else if (!low || rangeType(operand) === undefined) exact = false;
        break;
      case '$lt':
      case '$lte':
        if (narrowType(operand) && (!high || compareValues(operand, high.value) <= 0)) {
          high = { value: operand, inclusive: operator === '$lte' };
        } else if (!high || rangeType(operand) === undefined) exact = false;
        break;
      default:
        exact = false;
    }
  }
  if (points) return { points, exact: exact && !low && !high };
  if (type !== undefined && (low || high)) {
    const exactType =
      (type === TypeByte.Number || type === TypeByte.String || type === TypeByte.Date || type === TypeByte.ObjectId) &&
      [low?.value, high?.value].every((value) => value === undefined || exactlyComparable(value));
    return { type, low, high, exact: exact && exactType };
  }
  return undefined;
}

function flattenAnd(filter: Document, into: Array<[string, unknown]>): void {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' && Array.isArray(value)) {
      for (const clause of value) if (isPlainObject(clause)) flattenAnd(clause, into);
    } else {
      into.push([key, value]);
    }
  }
}

// One interval (or point set) covering every branch of an $or on a field all branches constrain:
// the keyset shape `{k < v} or {k = v, _id < id}` bounds k to `k <= v`.
function hullOfOr(branches: unknown[]): Map<string, FieldBounds> {
  const perBranch: Array<Map<string, FieldBounds>> = [];
  for (const branch of branches) {
    if (!isPlainObject(branch)) return new Map();
    perBranch.push(fieldBounds(branch).bounds);
  }
  const hull = new Map<string, FieldBounds>();
  const first = perBranch[0];
  if (!first) return hull;
  for (const field of first.keys()) {
    const all = perBranch.map((bounds) => bounds.get(field));
    if (all.some((bounds) => bounds === undefined)) continue;
    const defined = all as FieldBounds[];
    if (defined.every((bounds) => bounds.points)) {
      hull.set(field, { points: defined.flatMap((bounds) => bounds.points as unknown[]), exact: false });
      continue;
    }
    let type: number | undefined;
    let low: RangeSide | undefined;
    let high: RangeSide | undefined;
    let lowOpen = false;
    let highOpen = false;
    let usable = true;
    for (const bounds of defined) {
      const sides: Array<{ low?: RangeSide; high?: RangeSide; type?: number }> = bounds.points
        ? bounds.points.map((point) => ({
            low: { value: point, inclusive: true },
            high: { value: point, inclusive: true },
            type: rangeType(point),
          }))
        : [{ low: bounds.low, high: bounds.high, type: bounds.type }];
      for (const side of sides) {
        if (side.type === undefined || (type !== undefined && side.type !== type)) usable = false;
        type = side.type;
        if (!side.low) lowOpen = true;
        else if (
          !low ||
          compareValues(side.low.value, low.value) < 0 ||
          (compareValues(side.low.value, low.value) === 0 && side.low.inclusive)
        )
          low = side.low;
        if (!side.high) highOpen = true;
        else if (
          !high ||
          compareValues(side.high.value, high.value) > 0 ||
          (compareValues(side.high.value, high.value) === 0 && side.high.inclusive)
        )
          high = side.high;
      }
    }
    if (!usable || type === undefined) continue;
    hull.set(field, { type, low: lowOpen ? undefined : low, high: highOpen ? undefined : high, exact: false });
  }
  return hull;
}

export interface FilterBounds {
  readonly bounds: Map<string, FieldBounds>;
  // Every condition of the filter is a field condition with exact bounds.
  readonly allExact: boolean;
}

export function fieldBounds(filter: Document): FilterBounds {
  const entries: Array<[string, unknown]> = [];
  flattenAnd(filter, entries);
  const bounds = new Map<string, FieldBounds>();
  let allExact = true;
  const ors: unknown[][] = [];
  for (const [field, condition] of entries) {
    if (field.startsWith('$')) {
      allExact = false;
      if (field === '$or' && Array.isArray(condition)) ors.push(condition);
      continue;
    }
    const found = boundsOf(condition);
    if (!found) {
      allExact = false;
      continue;
    }
    if (bounds.has(field)) {
      // Two conditions on one field: keep the first as bounds, check both on documents.
      allExact = false;
      continue;
    }
    if (!found.exact) allExact = false;
    bounds.set(field, found);
  }
  for (const branches of ors) {
    for (const [field, hull] of hullOfOr(branches)) if (!bounds.has(field)) bounds.set(field, hull);
  }
  return { bounds, allExact };
}

// Every prefix of one key per list; assessIndex keeps their count within MAX_INTERVALS.
function cartesian(lists: string[][]): string[] {
  let combinations = [''];
  for (const list of lists) {
    const next: string[] = [];
    for (const prefix of combinations) for (const key of list) next.push(prefix + key);
    combinations = next;
  }
  return combinations;
}

function rangeInterval(prefix: string, bounds: FieldBounds, direction: 1 | -1, index: OrderedIndex): Interval {
  const typeChar = String.fromCharCode(bounds.type as number);
  const encode = (value: unknown): string => encodeForDirection(value, direction, index.collation);
  if (direction === 1) {
    const start = bounds.low
      ? prefix + encode(bounds.low.value) + (bounds.low.inclusive ? '' : AFTER_PREFIX)
      : prefix + typeChar;
    const end = bounds.high
      ? prefix + encode(bounds.high.value) + (bounds.high.inclusive ? AFTER_PREFIX : '')
      : prefix + typeChar + AFTER_PREFIX;
    return { start, end };
  }
  const flipped = complement(typeChar);
  const start = bounds.high
    ? prefix + encode(bounds.high.value) + (bounds.high.inclusive ? '' : AFTER_PREFIX)
    : prefix + flipped;
  const end = bounds.low
    ? prefix + encode(bounds.low.value) + (bounds.low.inclusive ? AFTER_PREFIX : '')
    : prefix + flipped + AFTER_PREFIX;
  return { start, end };
}

function describeBounds(index: OrderedIndex, bounds: Map<string, FieldBounds>, used: number): Document {
  const described: Document = {};
  index.fields.forEach((field, position) => {
    const found = position < used ? bounds.get(field) : undefined;
    if (!found) described[field] = ['[MinKey, MaxKey]'];
    else if (found.points) described[field] = found.points.map((point) => `[${String(point)}, ${String(point)}]`);
    else {
      const low = found.low ? `${found.low.inclusive ? '[' : '('}${String(found.low.value)}` : '[bracket start';
      const high = found.high ? `${String(found.high.value)}${found.high.inclusive ? ']' : ')'}` : 'bracket end]';
      described[field] = [`${low}, ${high}`];
    }
  });
  return described;
}

// How well an index serves a query, judged without building its key intervals: planning runs
// for every index on every query, and only the chosen one's intervals are needed.
interface IndexFit {
  readonly index: OrderedIndex;
  readonly score: number;
  // The leading fields with equality points.
  readonly equalities: number;
  // Their distinct keys in index order; undefined for a field with one point, encoded when built.
  readonly pointKeys: Array<string[] | undefined>;
  readonly providesSort: boolean;
  readonly reverse: boolean;
  // The bounds of the field after the equalities, when a range there narrows the walk.
  readonly range: FieldBounds | undefined;
}

function distinctKeys(points: unknown[], direction: 1 | -1, index: OrderedIndex): string[] {
  return [...new Set(points.map((point) => encodeForDirection(point, direction, index.collation)))].sort();
}

function assessIndex(index: OrderedIndex, filter: FilterBounds, sort: SortSpec): IndexFit | undefined {
  if (!index.lookupCapable || index.partial || index.collation) return undefined;
  const { bounds } = filter;
  // Leading equality fields.
  const pointKeys: Array<string[] | undefined> = [];
  let equalities = 0;
  let combinations = 1;
  let singlePoints = true;
  for (let position = 0; position < index.fields.length; position++) {
    const found = bounds.get(index.fields[position]);
    if (!found?.points) break;
    if (found.points.length === 1) pointKeys.push(undefined);
    else {
      const keys = distinctKeys(found.points, index.directions[position], index);
      pointKeys.push(keys);
      combinations *= keys.length;
      if (combinations > MAX_INTERVALS) return undefined;
      if (keys.length !== 1) singlePoints = false;
    }
    equalities++;
  }
  // A sparse index lacks documents without the field: usable only when the query excludes them.
  if (index.sparse) {
    const excludesMissing = index.fields.some((field) => {
      const found = bounds.get(field);
      if (!found) return false;
      return found.points ? found.points.every((point) => point !== null) : true;
    });
    if (!excludesMissing) return undefined;
  }
  // Can the walk give the sort order?
  let providesSort = sort.length === 0;
  let reverse = false;
  if (!providesSort && !index.multikey && singlePoints) {
    let position = 0;
    let direction: 0 | 1 | -1 = 0;
    let matched = true;
    for (const [path, sortDirection] of sort) {
      while (position < equalities && index.fields[position] !== path) position++;
      const constant = bounds.get(path)?.points?.length === 1;
      if (position < index.fields.length && index.fields[position] === path) {
        const relation = sortDirection === index.directions[position] ? 1 : -1;
        if (direction !== 0 && relation !== direction) {
          matched = false;
          break;
        }
        direction = relation;
        position++;
        continue;
      }
      if (constant) continue;
      // Equal keys are ordered by _id ascending: a trailing _id sort is given in that direction.
      if (path === '_id' && position === index.fields.length) {
        const relation = sortDirection === 1 ? 1 : -1;
        if (direction !== 0 && relation !== direction) matched = false;
        direction = direction || relation;
        continue;
      }
      matched = false;
      break;
    }
    if (matched) {
      providesSort = true;
      reverse = direction === -1;
    }
  }
  // A range on the field after the equalities.
  const rangeField = index.fields[equalities];
  const found = rangeField === undefined ? undefined : bounds.get(rangeField);
  const range = found !== undefined && found.points === undefined && found.type !== undefined ? found : undefined;
  if (equalities === 0 && !range && (!providesSort || sort.length === 0)) return undefined;
  const fullyEqual = equalities === index.fields.length;
  const score =
    equalities * 100 +
    (range ? 50 : 0) +
    (providesSort && sort.length > 0 ? 60 : 0) +
    (index.unique && fullyEqual ? 1000 : 0) -
    index.fields.length;
  return { index, score, equalities, pointKeys, providesSort, reverse, range };
}

// The chosen index's plan: its key intervals, and whether its keys alone decide the filter.
function indexPlan(fit: IndexFit, filter: FilterBounds, filterFields: string[]): QueryPlan {
  const { index, equalities, range } = fit;
  const { bounds } = filter;
  const prefixes = cartesian(
    fit.pointKeys.map(
      (keys, position) =>
        keys ?? [
          encodeForDirection(
            bounds.get(index.fields[position])!.points![0],
            index.directions[position],
            index.collation,
          ),
        ],
    ),
  );
  // A multikey index holds a key per element: both ends of a range may be met by different
  // elements, so only the lower one narrows the walk.
  const rangeBounds = range && index.multikey && range.low && range.high ? { ...range, high: undefined } : range;
  const intervals: Interval[] = [];
  for (const prefix of prefixes) {
    if (rangeBounds) intervals.push(rangeInterval(prefix, rangeBounds, index.directions[equalities], index));
    else intervals.push({ start: prefix, end: prefix + AFTER_PREFIX });
  }
  const used = equalities + (range ? 1 : 0);
  const boundFields = new Set(index.fields.slice(0, used));
  const exact =
    filter.allExact &&
    !index.multikey &&
    rangeBounds === range &&
    filterFields.every((field) => boundFields.has(field) && bounds.get(field)?.exact === true);
  return {
    stage: 'IXSCAN',
    index,
    indexName: index.name,
    intervals,
    reverse: fit.reverse,
    providesSort: fit.providesSort,
    exact,
    // Only explain reads it.
    get indexBounds() {
      return describeBounds(index, bounds, used);
    },
  };
}

export function planQuery(indexes: Iterable<OrderedIndex>, filter: Document, sort: SortSpec): QueryPlan {
  const analysed = fieldBounds(filter);
  const id = analysed.bounds.get('_id');
  if (id?.points) {
    return {
      stage: 'IDHACK',
      indexName: '_id_',
      idKeys: [...new Set(id.points.map(canonicalKey))],
      idExact: id.exact,
      providesSort: sort.length === 0 || id.points.length === 1,
      exact: false,
    };
  }
  const filterFields = Object.keys(filter);
  let best: IndexFit | undefined;
  for (const index of indexes) {
    const fit = assessIndex(index, analysed, sort);
    if (fit && (!best || fit.score > best.score)) best = fit;
  }
  if (best) return indexPlan(best, analysed, filterFields);
  return { stage: 'COLLSCAN', providesSort: sort.length === 0, exact: false };
}
