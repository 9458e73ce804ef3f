import mongoose, { mongo } from 'mongoose';
import { compareValues } from '../bson-order';
import { cleanUp, openClient, openConnection, type Loose } from './test-store';

afterEach(cleanUp);

// MongoDB's BSON comparison order: MinKey, (empty array), null/missing, numbers, strings,
// objects, arrays, BinData, ObjectId, booleans, Date, RegExp, MaxKey. mingo on its own orders
// ObjectId, Decimal128 and Binary after everything and compares arrays whole; these tests pin
// the MongoDB behaviour.
const mixed = (): mongo.Document[] => [
  { _id: 'string', v: 'str' },
  { _id: 'int', v: 5 },
  { _id: 'null', v: null },
  { _id: 'missing' },
  { _id: 'object', v: { a: 1 } },
  { _id: 'array', v: [3, 9] },
  { _id: 'objectId', v: new mongo.ObjectId('000000000000000000000001') },
  { _id: 'true', v: true },
  { _id: 'date', v: new Date(0) },
  { _id: 'binary', v: Buffer.from('x') },
  { _id: 'decimal', v: new mongo.Decimal128('2.5') },
  { _id: 'minKey', v: new mongo.MinKey() },
  { _id: 'maxKey', v: new mongo.MaxKey() },
  { _id: 'emptyArray', v: [] },
  { _id: 'false', v: false },
  { _id: 'regex', v: /re/ },
];

const ASCENDING = [
  'minKey',
  'emptyArray',
  'null',
  'missing',
  'decimal',
  'array', // sorts by its smallest element, 3
  'int',
  'string',
  'object',
  'binary',
  'objectId',
  'false',
  'true',
  'date',
  'regex',
  'maxKey',
];

const DESCENDING = [
  'maxKey',
  'regex',
  'date',
  'true',
  'false',
  'objectId',
  'binary',
  'object',
  'string',
  'array', // sorts by its largest element, 9
  'int',
  'decimal',
  'null',
  'missing',
  'emptyArray',
  'minKey',
];

describe('sort order of mixed types', () => {
  it('find().sort() follows the BSON comparison order, arrays by min (asc) / max (desc)', async () => {
    const collection = (await openClient()).db().collection<Loose>('mixed');
    await collection.insertMany(mixed());
    const ascending = await collection.find().sort({ v: 1 }).toArray();
    expect(ascending.map((document) => document._id)).toEqual(ASCENDING);
    const descending = await collection.find({}, { sort: { v: -1 } }).toArray();
    expect(descending.map((document) => document._id)).toEqual(DESCENDING);
  });

  it('the $sort aggregation stage uses the same order', async () => {
    const collection = (await openClient()).db().collection<Loose>('mixed');
    await collection.insertMany(mixed());
    const sorted = await collection.aggregate([{ $sort: { v: 1 } }]).toArray();
    expect(sorted.map((document) => document._id)).toEqual(ASCENDING);
  });

  it('orders numbers of different BSON types by value and ObjectIds by their bytes', async () => {
    const collection = (await openClient()).db().collection<Loose>('numbers');
    await collection.insertMany([
      { _id: 1, v: new mongo.Decimal128('10.5') },
      { _id: 2, v: 9 },
      { _id: 3, v: mongo.Long.fromString('11') },
      { _id: 4, v: -1.5 },
    ]);
    const sorted = await collection.find().sort({ v: 1 }).toArray();
    expect(sorted.map((document) => document._id)).toEqual([4, 2, 1, 3]);
    expect(
      compareValues(new mongo.ObjectId('00000000000000000000000a'), new mongo.ObjectId('0000000000000000000000ff')),
    ).toBe(-1);
    expect(compareValues({ a: 1, b: 2 }, { a: 1 })).toBe(1);
    expect(compareValues({ a: 1 }, { b: 0 })).toBe(-1);
  });

  it('sorts null and missing together first through a mongoose model, keeping insertion order on ties', async () => {
    const connection = await openConnection();
    const Item = connection.model('Item', new mongoose.Schema({ label: String, rank: mongoose.Schema.Types.Mixed }));
    await Item.create([
      { label: 'b', rank: 2 },
      { label: 'missing' },
      { label: 'a', rank: 1 },
      { label: 'null', rank: null },
      { label: 'text', rank: 'high' },
      { label: 'also-2', rank: 2 },
    ]);
    const labels = (await Item.find().sort({ rank: 1 }).lean()).map((item) => item.label);
    expect(labels).toEqual(['missing', 'null', 'a', 'b', 'also-2', 'text']);
    const byTwoKeys = (await Item.find({ rank: 2 }).sort({ rank: -1, label: 1 }).lean()).map((item) => item.label);
    expect(byTwoKeys).toEqual(['also-2', 'b']);
  });
});
