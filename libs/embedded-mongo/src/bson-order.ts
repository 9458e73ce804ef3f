import { mongo } from 'mongoose';
import { bsonTypeOf, isPlainObject, valuesAtPath, type Document } from './bson-values';

// MongoDB's comparison order of BSON types
// (https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/).
// mingo orders ObjectId, Decimal128 and Binary as opaque "custom objects" after everything else,
// and sorts arrays as whole values, so sorting goes through this module instead.
const enum Rank {
  MinKey = 1,
  EmptyArray = 2,
  Null = 3,
  Number = 4,
  String = 5,
  Object = 6,
  Array = 7,
  Binary = 8,
  ObjectId = 9,
  Boolean = 10,
  Date = 11,
  Timestamp = 12,
  RegExp = 13,
  Other = 14,
  MaxKey = 15,
}

// Marks an empty array used as a sort key: MongoDB sorts it before null and missing.
const EMPTY_ARRAY_KEY: unique symbol = Symbol('empty-array');

function rankOf(value: unknown): Rank {
  if (value === null || value === undefined) return Rank.Null;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return Rank.Number;
    case 'string':
      return Rank.String;
    case 'boolean':
      return Rank.Boolean;
    case 'symbol':
      return value === EMPTY_ARRAY_KEY ? Rank.EmptyArray : Rank.Other;
    case 'object':
      break;
    default:
      return Rank.Other;
  }
  if (Array.isArray(value)) return Rank.Array;
  if (value instanceof Date) return Rank.Date;
  if (value instanceof RegExp) return Rank.RegExp;
  if (Buffer.isBuffer(value)) return Rank.Binary;
  switch (bsonTypeOf(value)) {
    case undefined:
      return isPlainObject(value) ? Rank.Object : Rank.Other;
    case 'ObjectId':
      return Rank.ObjectId;
    case 'Long':
    case 'Double':
    case 'Int32':
    case 'Decimal128':
      return Rank.Number;
    case 'Binary':
      return Rank.Binary;
    case 'Timestamp':
      return Rank.Timestamp;
    case 'BSONRegExp':
      return Rank.RegExp;
    case 'MinKey':
      return Rank.MinKey;
    case 'MaxKey':
      return Rank.MaxKey;
    case 'BSONSymbol':
      return Rank.String;
    default:
      return Rank.Other;
  }
}

export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value !== null && typeof value === 'object') {
    if (bsonTypeOf(value) === 'Decimal128') return Number((value as mongo.Decimal128).toString());
    return Number(value.valueOf());
  }
  return Number.NaN;
}

function compareNumbers(a: number, b: number): number {
  // NaN sorts before every other number in MongoDB.
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : -1;
  if (Number.isNaN(b)) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

// MongoDB compares strings by their UTF-8 bytes, which is code point order. JavaScript compares
// UTF-16 code units, which differs when a surrogate (U+D800-DFFF, half of a character above
// U+FFFF such as an emoji) meets a character in U+E000-FFFF (e.g. full-width letters).
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    let left = a.charCodeAt(i);
    let right = b.charCodeAt(i);
    if (left === right) continue;
    if (left >= 0xd800 && right >= 0xd800) {
      // Surrogates move above U+E000-FFFF.
      left = left >= 0xe000 ? left - 0x800 : left + 0x2000;
      right = right >= 0xe000 ? right - 0x800 : right + 0x2000;
    }
    return left < right ? -1 : 1;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

function binaryBytes(value: object): Buffer {
  if (Buffer.isBuffer(value)) return value;
  return Buffer.from((value as mongo.Binary).buffer);
}

function binarySubtype(value: object): number {
  return Buffer.isBuffer(value) ? 0 : (value as mongo.Binary).sub_type;
}

export function compareValues(a: unknown, b: unknown): number {
  const rankA = rankOf(a);
  const rankB = rankOf(b);
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  switch (rankA) {
    case Rank.Number:
      return compareNumbers(toNumber(a), toNumber(b));
    case Rank.String:
      return compareStrings(String(a), String(b));
    case Rank.Object:
      return compareObjects(a as Document, b as Document);
    case Rank.Array:
      return compareArrays(a as unknown[], b as unknown[]);
    case Rank.Binary: {
      const bytesA = binaryBytes(a as object);
      const bytesB = binaryBytes(b as object);
      if (bytesA.length !== bytesB.length) return bytesA.length < bytesB.length ? -1 : 1;
      const subtypeA = binarySubtype(a as object);
      const subtypeB = binarySubtype(b as object);
      if (subtypeA !== subtypeB) return subtypeA < subtypeB ? -1 : 1;
      return Buffer.compare(bytesA, bytesB);
    }
    case Rank.ObjectId:
      return compareStrings((a as mongo.ObjectId).toHexString(), (b as mongo.ObjectId).toHexString());
    case Rank.Boolean:
      return a === b ? 0 : a ? 1 : -1;
    case Rank.Date:
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case Rank.Timestamp:
      return (a as mongo.Timestamp).compare(b as mongo.Timestamp);
    case Rank.RegExp:
      return compareStrings(String(a), String(b));
    default:
      return 0;
  }
}

// Embedded documents compare field by field: type of the value, then name, then value.
function compareObjects(a: Document, b: Document): number {
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  const length = Math.min(keysA.length, keysB.length);
  for (let i = 0; i < length; i++) {
    const keyA = keysA[i];
    const keyB = keysB[i];
    const rankA = rankOf(a[keyA]);
    const rankB = rankOf(b[keyB]);
    if (rankA !== rankB) return rankA < rankB ? -1 : 1;
    const byName = compareStrings(keyA, keyB);
    if (byName !== 0) return byName;
    const byValue = compareValues(a[keyA], b[keyB]);
    if (byValue !== 0) return byValue;
  }
  return keysA.length === keysB.length ? 0 : keysA.length < keysB.length ? -1 : 1;
}

function compareArrays(a: unknown[], b: unknown[]): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const result = compareValues(a[i], b[i]);
    if (result !== 0) return result;
  }
  return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

export type SortSpec = Array<[path: string, direction: 1 | -1]>;

// Accepts every sort form the driver accepts: {a: 1}, 'a', ['a', -1], [['a', 1], ['b', -1]], Map.
export function normalizeSort(sort: unknown): SortSpec {
  if (sort === undefined || sort === null) return [];
  const direction = (value: unknown): 1 | -1 => {
    if (value === -1 || value === 'desc' || value === 'descending' || value === '-1') return -1;
    return 1;
  };
  if (typeof sort === 'string') return [[sort, 1]];
  if (sort instanceof Map) return [...sort.entries()].map(([key, value]) => [String(key), direction(value)]);
  if (Array.isArray(sort)) {
    if (sort.length === 0) return [];
    if (Array.isArray(sort[0])) {
      return (sort as unknown[][]).map((pair) => [String(pair[0]), direction(pair[1])]);
    }
    if (sort.length === 2 && typeof sort[0] === 'string' && !Array.isArray(sort[1])) {
      const second: unknown = sort[1];
      if (typeof second !== 'string' || ['asc', 'desc', 'ascending', 'descending', '1', '-1'].includes(second)) {
        return [[sort[0], direction(second)]];
      }
    }
    return (sort as unknown[]).map((key) => [String(key), 1]);
  }
  if (typeof sort === 'object') {
    const spec: SortSpec = [];
    for (const [key, value] of Object.entries(sort as Document)) {
      // {$meta: 'textScore'} needs a text index, which the embedded store does not have.
      if (value !== null && typeof value === 'object') continue;
      spec.push([key, direction(value)]);
    }
    return spec;
  }
  return [];
}

// The value a document sorts by on one path: with arrays, the smallest element for an ascending
// sort and the largest for a descending one, as MongoDB does.
export function sortKeyOf(document: Document, path: string, direction: 1 | -1): unknown {
  const candidates = valuesAtPath(document, path);
  let best: unknown;
  let found = false;
  for (const candidate of candidates) {
    const value = Array.isArray(candidate) && candidate.length === 0 ? EMPTY_ARRAY_KEY : candidate;
    if (!found) {
      best = value;
      found = true;
      continue;
    }
    const order = compareValues(value, best);
    if ((direction === 1 && order < 0) || (direction === -1 && order > 0)) best = value;
  }
  return found ? best : null;
}

export function sortDocuments<T extends Document>(documents: T[], spec: SortSpec): T[] {
  if (spec.length === 0) return documents;
  const keyed = documents.map((document, position) => ({
    document,
    position,
    keys: spec.map(([path, direction]) => sortKeyOf(document, path, direction)),
  }));
  keyed.sort((left, right) => {
    for (let i = 0; i < spec.length; i++) {
      const order = compareValues(left.keys[i], right.keys[i]);
      if (order !== 0) return order * spec[i][1];
    }
    return left.position - right.position;
  });
  return keyed.map((entry) => entry.document);
}
