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

// eslint-disable-next-line no-control-regex -- the range starts at the first control character on purpose
const ASCII_WITHOUT_NUL = /^[\x01-\x7f]*$/;

// Keys are written here byte by byte and made a string once at the end: one string per key, where
// concatenating each part's string made several, and a key built of parts reaches the tree as a
// string it must flatten first. Encodings nest (a key holds values, an object its fields), so
// each begins where the one around it has got to and gives its bytes back when done.
const SCRATCH_BYTES = 1024;
let scratch = Buffer.alloc(SCRATCH_BYTES);
let written = 0;

function reserve(more: number): void {
  if (written + more <= scratch.length) return;
  const larger = Buffer.alloc(Math.max(scratch.length * 2, written + more));
  scratch.copy(larger, 0, 0, written);
  scratch = larger;
}

function writeByte(byte: number): void {
  reserve(1);
  scratch[written++] = byte;
}

function writeBytes(bytes: Uint8Array): void {
  reserve(bytes.length);
  scratch.set(bytes, written);
  written += bytes.length;
}

function writeU32(value: number): void {
  reserve(4);
  scratch.writeUInt32BE(value >>> 0, written);
  written += 4;
}

// Strings end with 0x00 0x01; a 0x00 inside is written 0x00 0xFF, so no encoding is a prefix of
// another and shorter strings sort first.
function writeString(value: string): void {
  if (ASCII_WITHOUT_NUL.test(value)) {
    reserve(value.length + 2);
    written += scratch.write(value, written, 'latin1');
  } else {
    const bytes = Buffer.from(value, 'utf8');
    // Each 0x00 written twice, and the end.
    reserve(bytes.length * 2 + 2);
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i];
      scratch[written++] = byte;
      if (byte === 0) scratch[written++] = 0xff;
    }
  }
  scratch[written++] = 0x00;
  scratch[written++] = 0x01;
}

function writeDouble(value: number): void {
  reserve(8);
  const at = written;
  written += 8;
  // NaN sorts before every other number in MongoDB; -0 equals 0.
  if (Number.isNaN(value)) {
    scratch.fill(0, at, at + 8);
    return;
  }
  scratch.writeDoubleBE(value === 0 ? 0 : value, at);
  if (scratch[at] & 0x80) {
    for (let i = at; i < at + 8; i++) scratch[i] = ~scratch[i] & 0xff;
  } else {
    scratch[at] = scratch[at] | 0x80;
  }
}

// Two's complement in two 32-bit halves (a date's milliseconds are well within 2^53), the sign
// bit flipped.
function writeInt64(value: number): void {
  reserve(8);
  const whole = Math.trunc(value);
  const high = Math.floor(whole / 0x1_0000_0000);
  scratch.writeInt32BE(high, written);
  scratch.writeUInt32BE(whole - high * 0x1_0000_0000, written + 4);
  scratch[written] = scratch[written] ^ 0x80;
  written += 8;
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

// Writes the ascending encoding of one value. `collation` folds strings (also inside objects and
// arrays).
function writeValue(value: unknown, collation: Collation | undefined): void {
  const type = typeByteOf(value);
  writeByte(type);
  switch (type) {
    case TypeByte.MinKey:
    case TypeByte.Null:
    case TypeByte.MaxKey:
      return;
    case TypeByte.Number:
      return writeDouble(toNumber(value));
    case TypeByte.String: {
      const text = String(value);
      return writeString(collation ? collation.fold(text) : text);
    }
    case TypeByte.Boolean:
      return writeByte(value ? 0x01 : 0x00);
    case TypeByte.Date:
      return writeInt64((value as Date).getTime());
    case TypeByte.ObjectId:
      return writeBytes((value as mongo.ObjectId).id);
    case TypeByte.Object: {
      for (const [name, field] of Object.entries(value as Document)) {
        // Field by field: type of the value, then name, then value, as MongoDB compares documents.
        writeByte(typeByteOf(field));
        writeString(name);
        writeValue(field, collation);
      }
      return writeByte(0x00);
    }
    case TypeByte.Array: {
      for (const element of value as unknown[]) {
        writeByte(typeByteOf(element));
        writeValue(element, collation);
      }
      return writeByte(0x00);
    }
    case TypeByte.Binary: {
      const bytes = Buffer.isBuffer(value) ? value : (value as mongo.Binary).buffer;
      writeU32(bytes.length);
      writeByte(Buffer.isBuffer(value) ? 0 : (value as mongo.Binary).sub_type);
      return writeBytes(bytes);
    }
    case TypeByte.Timestamp: {
      const timestamp = value as mongo.Timestamp;
      writeU32(timestamp.high);
      return writeU32(timestamp.low);
    }
    case TypeByte.RegExp: {
      const source = value instanceof RegExp ? value.source : (value as mongo.BSONRegExp).pattern;
      const flags = value instanceof RegExp ? value.flags : (value as mongo.BSONRegExp).options;
      writeString(source);
      return writeString(flags);
    }
    default:
      return writeString(String(value));
  }
}

// Writes the value's encoding for an index field with a direction: a descending field's bytes
// complemented.
function writeForDirection(value: unknown, direction: 1 | -1, collation: Collation | undefined): void {
  const start = written;
  writeValue(value, collation);
  if (direction === -1) for (let i = start; i < written; i++) scratch[i] = 0xff - scratch[i];
}

// A key made of parts, written in turn and made one string: `begin`, then `value` and `encoded`
// for each part, `text(start)` for the key, and `release(start)` in a finally clause whatever
// happened, so the bytes are given back.
export const keyParts = {
  begin: (): number => written,
  value: writeForDirection,
  // Bytes already encoded (a string of one-byte characters, such as an encoded _id).
  encoded(text: string): void {
    reserve(text.length);
    written += scratch.write(text, written, 'latin1');
  },
  text: (start: number): string => scratch.toString('latin1', start, written),
  release(start: number): void {
    written = start;
    // A long value grew it: not kept for every key after.
    if (written === 0 && scratch.length > 64 * SCRATCH_BYTES) scratch = Buffer.alloc(SCRATCH_BYTES);
  },
};

// Ascending encoding of one value. `collation` folds strings (also inside objects and arrays).
export function encodeValue(value: unknown, collation?: Collation): string {
  return encodeForDirection(value, 1, collation);
}

// The key of an empty array in a multikey index: MongoDB indexes it as undefined, before null.
export const EMPTY_ARRAY_KEY = String.fromCharCode(TypeByte.Undefined);

export function complement(encoded: string): string {
  const start = keyParts.begin();
  try {
    keyParts.encoded(encoded);
    for (let i = start; i < written; i++) scratch[i] = 0xff - scratch[i];
    return keyParts.text(start);
  } finally {
    keyParts.release(start);
  }
}

// Encodes for an index field with a direction.
export function encodeForDirection(value: unknown, direction: 1 | -1, collation?: Collation): string {
  const start = keyParts.begin();
  try {
    writeForDirection(value, direction, collation);
    return keyParts.text(start);
  } finally {
    keyParts.release(start);
  }
}
