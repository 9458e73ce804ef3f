import { mongo } from 'mongoose';

export type Document = mongo.Document;

const { BSON } = mongo;

// The driver's limit for one document; the server refuses anything larger.
export const MAX_BSON_SIZE = 16 * 1024 * 1024;

const serializeOptions = { checkKeys: false, ignoreUndefined: false, serializeFunctions: false } as const;

export function isPlainObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

export function bsonTypeOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const tag = (value as { _bsontype?: unknown })._bsontype;
  return typeof tag === 'string' ? tag : undefined;
}

export function serializeDocument(document: Document): Buffer {
  const bytes = BSON.serialize(document, serializeOptions);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function deserializeDocument(bytes: Uint8Array): Document {
  return BSON.deserialize(bytes, { promoteValues: true, promoteBuffers: false, bsonRegExp: false });
}

export interface NormalizedDocument {
  readonly doc: Document;
  readonly bytes: Buffer;
}

// A round trip through BSON turns what the caller passed (mongoose documents, Buffers, toBSON()
// objects, undefined values) into exactly what a server would have stored and sent back.
export function normalizeDocument(input: Document): NormalizedDocument {
  const bytes = serializeDocument(input);
  if (bytes.length > MAX_BSON_SIZE) {
    throw new mongo.MongoServerError({
      errmsg: `object to insert too large. size in bytes: ${bytes.length}, max size: ${MAX_BSON_SIZE}`,
      code: 10334,
      codeName: 'BSONObjectTooLarge',
    });
  }
  const copy = plainCopy(input);
  return { doc: copy === NOT_PLAIN ? deserializeDocument(bytes) : (copy as Document), bytes };
}

// Filters and update expressions get the same treatment so their values compare with stored ones.
export function normalizeValue<T extends Document>(input: T): T {
  const copy = plainCopy(input);
  return copy === NOT_PLAIN ? (deserializeDocument(serializeDocument(input)) as T) : (copy as T);
}

const NOT_PLAIN = Symbol('not plain');

// No lone surrogate, which UTF-8 (and so BSON) replaces (String.prototype.isWellFormed, Node 20).
const wellFormed = (text: string) => (text as string & { isWellFormed(): boolean }).isWellFormed();

// What the round trip through BSON would answer, without it, for a value made only of what BSON
// keeps as it is: well-formed strings, numbers, booleans, null, valid Dates, arrays without holes
// and plain objects whose keys hold no NUL. Anything else (undefined, BSON types, Buffers,
// RegExps, toBSON(), class instances) answers NOT_PLAIN, and the caller takes the round trip.
// Most filters, updates and documents are plain, and a copy costs a fraction of encoding and
// decoding them.
function plainCopy(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
      return wellFormed(value) ? value : NOT_PLAIN;
    case 'number':
      return value;
    case 'boolean':
      return value;
    case 'object':
      break;
    default:
      return NOT_PLAIN;
  }
  if (value === null) return null;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return NOT_PLAIN;
      const item = plainCopy(value[i]);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      copy[i] = item;
    }
    return copy;
  }
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) ? NOT_PLAIN : new Date(time);
  }
  if (!isPlainObject(value) || typeof value.toBSON === 'function') return NOT_PLAIN;
  const copy: Document = {};
  // for-in over own keys: the same keys in the same order as Object.keys, without an array of
  // them for every object copied.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\0')) return NOT_PLAIN;
    const field = plainCopy(value[key]);
    if (field === NOT_PLAIN) return NOT_PLAIN;
    // A field named __proto__ stays a field: assigning it would set the copy's prototype.
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: field, enumerable: true, writable: true, configurable: true });
    else copy[key] = field;
  }
  return copy;
}

export function ensureId(document: Document): void {
  if (document._id === undefined) document._id = new mongo.ObjectId();
}

// Deep copy of a stored value. Immutable BSON values (ObjectId, Decimal128, Long...) are shared;
// anything a caller could mutate (objects, arrays, Dates, Binary bytes) is copied.
export function cloneValue<T>(value: T): T {
  return cloneUnknown(value) as T;
}

function cloneUnknown(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = cloneUnknown(value[i]);
    return copy;
  }
  if (value instanceof Date) return new Date(value.getTime());
  if (isPlainObject(value)) {
    const copy: Document = {};
    for (const key in value) {
      if (!Object.hasOwn(value, key)) continue;
      // A stored field named __proto__ stays a field: assigning it would set the copy's prototype.
      if (key === '__proto__')
        Object.defineProperty(copy, key, {
          value: cloneUnknown(value[key]),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else copy[key] = cloneUnknown(value[key]);
    }
    return copy;
  }
  if (value instanceof RegExp) return new RegExp(value.source, value.flags);
  if (bsonTypeOf(value) === 'Binary') {
    const binary = value as mongo.Binary;
    return new mongo.Binary(Buffer.from(binary.buffer), binary.sub_type);
  }
  return value;
}

function canonicalNumber(value: number): string {
  if (Object.is(value, -0)) return 'n0';
  return 'n' + String(value);
}

// A type tag and a text as one flat string. `tag + text` makes a string that points at its two
// halves (and the text at whatever it was cut from, a request body, say): an _id key is kept in
// the _id map and in every index leaf for as long as the document lives, so it is copied once,
// into a string of its own (1 million uuid keys: 85 MB instead of up to 540 MB).
export function tagged(tag: string, text: string): string {
  return [tag, text].join('');
}

// A string that is equal for values MongoDB treats as equal in an index (1 and 1.0, null and
// missing) and different otherwise. Used as the key of hash indexes and of the _id map.
export function canonicalKey(value: unknown): string {
  if (value === null || value === undefined) return 'z';
  switch (typeof value) {
    case 'string':
      return tagged('s', value);
    case 'number':
      return canonicalNumber(value);
    case 'boolean':
      return value ? 'b1' : 'b0';
    case 'bigint':
      return canonicalNumber(Number(value));
    case 'object':
      return canonicalObjectKey(value);
    default:
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- what is left (symbols, functions) is keyed by its own string form
      return 'u' + String(value);
  }
}

function canonicalObjectKey(value: object): string {
  if (Array.isArray(value)) return '[' + value.map(nestedKey).join(',') + ']';
  if (value instanceof Date) return 't' + String(value.getTime());
  if (value instanceof RegExp) return 'r' + value.source + '/' + value.flags;
  if (Buffer.isBuffer(value)) return 'x0:' + value.toString('base64');
  switch (bsonTypeOf(value)) {
    case 'ObjectId':
      return tagged('o', (value as mongo.ObjectId).toHexString());
    case 'Long':
    case 'Double':
    case 'Int32':
      return canonicalNumber(Number(value.valueOf()));
    case 'Decimal128':
      return canonicalNumber(Number((value as mongo.Decimal128).toString()));
    case 'Binary': {
      const binary = value as mongo.Binary;
      return 'x' + String(binary.sub_type) + ':' + Buffer.from(binary.buffer).toString('base64');
    }
    case 'Timestamp':
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- Timestamp has its own toString (a Long's)
      return 'T' + (value as mongo.Timestamp).toString();
    case 'MinKey':
      return 'm-';
    case 'MaxKey':
      return 'm+';
    case 'BSONRegExp': {
      const regexp = value as mongo.BSONRegExp;
      return 'r' + regexp.pattern + '/' + regexp.options;
    }
    default:
      break;
  }
  const entries = Object.keys(value).map((key) => JSON.stringify(key) + ':' + nestedKey((value as Document)[key]));
  return '{' + entries.join(',') + '}';
}

function nestedKey(value: unknown): string {
  // Inside arrays and objects strings are quoted so separators in them cannot collide.
  return typeof value === 'string' ? 's' + JSON.stringify(value) : canonicalKey(value);
}

// Values found at a dotted path, descending into arrays like MongoDB does for queries and
// multikey indexes. A branch that ends before the path does contributes `undefined`.
export function valuesAtPath(document: unknown, path: string): unknown[] {
  const out: unknown[] = [];
  collectPath(document, path.split('.'), 0, out, false);
  return out;
}

function collectPath(current: unknown, parts: string[], index: number, out: unknown[], expandLeaf: boolean): void {
  if (index === parts.length) {
    if (expandLeaf && Array.isArray(current)) {
      if (current.length === 0) out.push(current);
      else for (const element of current) out.push(element);
    } else {
      out.push(current);
    }
    return;
  }
  if (current === null || typeof current !== 'object') {
    out.push(undefined);
    return;
  }
  const part = parts[index];
  if (Array.isArray(current)) {
    if (/^\d+$/.test(part)) {
      collectPath(current[Number(part)], parts, index + 1, out, true);
      return;
    }
    if (current.length === 0) {
      out.push(undefined);
      return;
    }
    for (const element of current) collectPath(element, parts, index, out, true);
    return;
  }
  if (!isPlainObject(current)) {
    out.push(undefined);
    return;
  }
  collectPath(current[part], parts, index + 1, out, true);
}

export function getPath(document: Document, path: string): unknown {
  let current: unknown = document;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Document)[part];
  }
  return current;
}

// Sets a dotted path, creating plain objects on the way (used to seed upserted documents).
export function setPath(document: Document, path: string, value: unknown): void {
  const parts = path.split('.');
  let current: Document = document;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i];
    const next: unknown = current[part];
    if (next === null || typeof next !== 'object') {
      const created: Document = {};
      current[part] = created;
      current = created;
    } else {
      current = next;
    }
  }
  current[parts[parts.length - 1]] = value;
}

// How a value is printed in a duplicate key message: like the mongo shell does.
export function formatShellValue(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (Array.isArray(value)) return '[ ' + value.map(formatShellValue).join(', ') + ' ]';
  if (typeof value === 'object') {
    switch (bsonTypeOf(value)) {
      case 'ObjectId':
        return `ObjectId('${(value as mongo.ObjectId).toHexString()}')`;
      case 'Decimal128':
        return `Decimal128('${(value as mongo.Decimal128).toString()}')`;
      case undefined: {
        const entries = Object.keys(value).map((key) => `${key}: ${formatShellValue((value as Document)[key])}`);
        return '{ ' + entries.join(', ') + ' }';
      }
      default:
        // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the shell shows other values by their own string form
        return String(value);
    }
  }
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- as above
  return String(value);
}

// ---- partial decoding ----

const WRAPPER_NAME = Buffer.from('v\u0000', 'latin1');

// Byte length of a BSON element value of `type` starting at `offset`.
function valueLength(bytes: Buffer, type: number, offset: number): number {
  switch (type) {
    case 0x01: // double
    case 0x09: // date
    case 0x11: // timestamp
    case 0x12: // int64
      return 8;
    case 0x02: // string
    case 0x0d: // code
    case 0x0e: // symbol
      return 4 + bytes.readInt32LE(offset);
    case 0x03: // document
    case 0x04: // array
    case 0x0f: // code with scope
      return bytes.readInt32LE(offset);
    case 0x05: // binary
      return 4 + 1 + bytes.readInt32LE(offset);
    case 0x06: // undefined
    case 0x0a: // null
    case 0x7f: // max key
    case 0xff: // min key
      return 0;
    case 0x07: // ObjectId
      return 12;
    case 0x08: // boolean
      return 1;
    case 0x0b: {
      // regex: two C strings
      let end = bytes.indexOf(0, offset);
      end = bytes.indexOf(0, end + 1);
      return end + 1 - offset;
    }
    case 0x0c: // DBPointer
      return 4 + bytes.readInt32LE(offset) + 12;
    case 0x10: // int32
      return 4;
    case 0x13: // decimal128
      return 16;
    default:
      throw new Error(`unknown BSON element type ${type}`);
  }
}

function decodeElement(bytes: Buffer, type: number, offset: number, length: number): unknown {
  switch (type) {
    case 0x01:
      return bytes.readDoubleLE(offset);
    case 0x02:
      return decodeString(bytes, offset + 4, offset + length - 1);
    case 0x08:
      return bytes[offset] === 1;
    case 0x0a:
      return null;
    case 0x09:
      return new Date(Number(bytes.readBigInt64LE(offset)));
    case 0x10:
      return bytes.readInt32LE(offset);
    case 0x07:
      return new mongo.ObjectId(Buffer.from(bytes.subarray(offset, offset + 12)));
    case 0x03:
      return deserializeDocument(bytes.subarray(offset, offset + length));
    default: {
      // Anything else goes through the BSON library inside a one-field document.
      const wrapper = Buffer.alloc(4 + 1 + WRAPPER_NAME.length + length + 1);
      wrapper.writeInt32LE(wrapper.length, 0);
      wrapper[4] = type;
      WRAPPER_NAME.copy(wrapper, 5);
      bytes.copy(wrapper, 5 + WRAPPER_NAME.length, offset, offset + length);
      return deserializeDocument(wrapper).v;
    }
  }
}

// Precomputed field names to look for in a document's bytes.
export class FieldSelection {
  readonly names: ReadonlySet<string>;
  private readonly byLength = new Map<number, Array<{ readonly encoded: Buffer; readonly name: string }>>();

  // `withId`: _id is selected too (as the server returns it unless projected away).
  constructor(names: Iterable<string>, withId = true) {
    const all = new Set(names);
    if (withId) all.add('_id');
    this.names = all;
    for (const name of all) {
      const encoded = Buffer.from(name, 'utf8');
      const list = this.byLength.get(encoded.length) ?? [];
      list.push({ encoded, name });
      this.byLength.set(encoded.length, list);
    }
  }

  wants(bytes: Buffer, start: number, end: number): string | undefined {
    const candidates = this.byLength.get(end - start);
    if (!candidates) return undefined;
    // Names are short: a loop here is cheaper than a call into Buffer.compare.
    next: for (const { encoded, name } of candidates) {
      for (let i = 0; i < encoded.length; i++) if (encoded[i] !== bytes[start + i]) continue next;
      return name;
    }
    return undefined;
  }
}

// Short ASCII strings are decoded here: cheaper than a call into Buffer#toString.
function decodeString(bytes: Buffer, start: number, end: number): string {
  if (end - start <= 24) {
    let text = '';
    for (let i = start; i < end; i++) {
      const byte = bytes[i];
      if (byte >= 0x80) return bytes.toString('utf8', start, end);
      text += String.fromCharCode(byte);
    }
    return text;
  }
  return bytes.toString('utf8', start, end);
}

// The top-level fields of a stored document named in `selection` (and _id), decoded as a full
// decode would; the others are skipped without being read.
export function decodeFields(bytes: Buffer, selection: FieldSelection): Document {
  const document: Document = {};
  const total = bytes.readInt32LE(0);
  let offset = 4;
  let found = 0;
  while (offset < total - 1 && found < selection.names.size) {
    const type = bytes[offset];
    const nameStart = offset + 1;
    const nameEnd = bytes.indexOf(0, nameStart);
    const valueStart = nameEnd + 1;
    const length = valueLength(bytes, type, valueStart);
    const name = selection.wants(bytes, nameStart, nameEnd);
    if (name !== undefined) {
      found++;
      if (type === 0x04)
        document[name] = Object.values(deserializeDocument(bytes.subarray(valueStart, valueStart + length)));
      else if (type !== 0x06) document[name] = decodeElement(bytes, type, valueStart, length);
    }
    offset = valueStart + length;
  }
  return document;
}
