import { mongo } from 'mongoose';
import { toNumber } from './bson-order';
import { bsonTypeOf, isPlainObject, type Document } from './bson-values';
import { type Collation } from './collation';

// Index keys as strings whose plain comparison (`<` on one-byte characters) is MongoDB's BSON
// order, like the server's KeyString format: a type byte, then an order-preserving encoding of the
// value; strings as their UTF-8 bytes, so they compare byte by byte as MongoDB does. Every
// encoding is self-delimiting, so the keys of a compound index are the concatenation of its
// fields, and a descending field is its bytes complemented. Characters are 0x00-0xFF only, so
// '\u0100' sorts after every key with a given prefix.

export const AFTER_PREFIX = '\u0100';

// Type brackets, in BSON comparison order.
export const TypeByte = {
  MinKey: 0x01,
  Undefined: 0x04,
  Null: 0x05,
  Number: 0x10,
  String: 0x20,
  Object: 0x30,
  Array: 0x40,
  Binary: 0x50,
  ObjectId: 0x60,
  Boolean: 0x70,
  Date: 0x80,
  Timestamp: 0x90,
  RegExp: 0xa0,
  Other: 0xb0,
  MaxKey: 0xf0,
} as const;

const NUMBER_BYTES = Buffer.alloc(8);
// eslint-disable-next-line no-control-regex -- the range starts at the first control character on purpose
const ASCII_WITHOUT_NUL = /^[\x01-\x7f]*$/;

function byteString(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

// Strings end with 0x00 0x01; a 0x00 inside is written 0x00 0xFF, so no encoding is a prefix of
// another and shorter strings sort first.
function escapedUtf8(value: string): string {
  if (ASCII_WITHOUT_NUL.test(value)) return value + '\u0000\u0001';
  const bytes = Buffer.from(value, 'utf8');
  let out = '';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    out += byte === 0 ? '\u0000\u00ff' : String.fromCharCode(byte);
  }
  return out + '\u0000\u0001';
}

function encodeDouble(value: number): string {
  // NaN sorts before every other number in MongoDB; -0 equals 0.
  if (Number.isNaN(value)) return '\u0000'.repeat(8);
  NUMBER_BYTES.writeDoubleBE(value === 0 ? 0 : value, 0);
  if (NUMBER_BYTES[0] & 0x80) {
    for (let i = 0; i < 8; i++) NUMBER_BYTES[i] = ~NUMBER_BYTES[i] & 0xff;
  } else {
    NUMBER_BYTES[0] = NUMBER_BYTES[0] | 0x80;
  }
  return byteString(NUMBER_BYTES);
}

function encodeInt64(value: number): string {
  NUMBER_BYTES.writeBigInt64BE(BigInt(Math.trunc(value)), 0);
  NUMBER_BYTES[0] = NUMBER_BYTES[0] ^ 0x80;
  return byteString(NUMBER_BYTES);
}

function u32(value: number): string {
  return String.fromCharCode((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
}

// The type byte a value's encoding starts with (the bracket of range bounds).
export function typeByteOf(value: unknown): number {
  if (value === undefined) return TypeByte.Null;
  if (value === null) return TypeByte.Null;
  switch (typeof value) {
    case 'number':
    case 'bigint':
      return TypeByte.Number;
    case 'string':
      return TypeByte.String;
    case 'boolean':
      return TypeByte.Boolean;
    case 'object':
      break;
    default:
      return TypeByte.Other;
  }
  if (Array.isArray(value)) return TypeByte.Array;
  if (value instanceof Date) return TypeByte.Date;
  if (value instanceof RegExp) return TypeByte.RegExp;
  if (Buffer.isBuffer(value)) return TypeByte.Binary;
  switch (bsonTypeOf(value)) {
    case undefined:
      return isPlainObject(value) ? TypeByte.Object : TypeByte.Other;
    case 'ObjectId':
      return TypeByte.ObjectId;
    case 'Long':
    case 'Double':
    case 'Int32':
    case 'Decimal128':
      return TypeByte.Number;
    case 'Binary':
      return TypeByte.Binary;
    case 'Timestamp':
      return TypeByte.Timestamp;
    case 'BSONRegExp':
      return TypeByte.RegExp;
    case 'MinKey':
      return TypeByte.MinKey;
    case 'MaxKey':
      return TypeByte.MaxKey;
    case 'BSONSymbol':
      return TypeByte.String;
    default:
      return TypeByte.Other;
  }
}

// Ascending encoding of one value. `collation` folds strings (also inside objects and arrays).
export function encodeValue(value: unknown, collation?: Collation): string {
  const type = typeByteOf(value);
  const head = String.fromCharCode(type);
  switch (type) {
    case TypeByte.MinKey:
    case TypeByte.Null:
    case TypeByte.MaxKey:
      return head;
    case TypeByte.Number:
      return head + encodeDouble(toNumber(value));
    case TypeByte.String: {
      const text = String(value);
      return head + escapedUtf8(collation ? collation.fold(text) : text);
    }
    case TypeByte.Boolean:
      return head + (value ? '\u0001' : '\u0000');
    case TypeByte.Date:
      return head + encodeInt64((value as Date).getTime());
    case TypeByte.ObjectId:
      return head + byteString((value as mongo.ObjectId).id);
    case TypeByte.Object: {
      let out = head;
      for (const [name, field] of Object.entries(value as Document)) {
        // Field by field: type of the value, then name, then value, as MongoDB compares documents.
        out += String.fromCharCode(typeByteOf(field)) + escapedUtf8(name) + encodeValue(field, collation);
      }
      return out + '\u0000';
    }
    case TypeByte.Array: {
      let out = head;
      for (const element of value as unknown[])
        out += String.fromCharCode(typeByteOf(element)) + encodeValue(element, collation);
      return out + '\u0000';
    }
    case TypeByte.Binary: {
      const bytes = Buffer.isBuffer(value) ? value : Buffer.from((value as mongo.Binary).buffer);
      const subtype = Buffer.isBuffer(value) ? 0 : (value as mongo.Binary).sub_type;
      return head + u32(bytes.length) + String.fromCharCode(subtype) + byteString(bytes);
    }
    case TypeByte.Timestamp: {
      const timestamp = value as mongo.Timestamp;
      return head + u32(timestamp.high >>> 0) + u32(timestamp.low >>> 0);
    }
    case TypeByte.RegExp: {
      const source = value instanceof RegExp ? value.source : (value as mongo.BSONRegExp).pattern;
      const flags = value instanceof RegExp ? value.flags : (value as mongo.BSONRegExp).options;
      return head + escapedUtf8(source) + escapedUtf8(flags);
    }
    default:
      return head + escapedUtf8(String(value));
  }
}

// The key of an empty array in a multikey index: MongoDB indexes it as undefined, before null.
export const EMPTY_ARRAY_KEY = String.fromCharCode(TypeByte.Undefined);

export function complement(encoded: string): string {
  let out = '';
  for (let i = 0; i < encoded.length; i++) out += String.fromCharCode(0xff - encoded.charCodeAt(i));
  return out;
}

// Encodes for an index field with a direction.
export function encodeForDirection(value: unknown, direction: 1 | -1, collation?: Collation): string {
  const encoded = encodeValue(value, collation);
  return direction === 1 ? encoded : complement(encoded);
}
