import { randomUUID } from 'node:crypto';
import { mongo } from 'mongoose';
import { openEmbeddedMongo, type EmbeddedMongoClient } from '../index';
import { temporaryDataDir, cleanUp, type Loose } from './test-store';

// The store's semantics, written once and run against every backend at hand: always the
// embedded store, and a real MongoDB (a replica set, for transactions) whenever MONGO_URL is
// set, so the day one is available the differences show up as failures here.

interface Backend {
  readonly name: string;
  open(): Promise<{ readonly client: mongo.MongoClient; readonly db: mongo.Db; close(): Promise<void> }>;
}

const embedded: Backend = {
  name: 'embedded store',
  async open() {
    const client: EmbeddedMongoClient = await openEmbeddedMongo({
      dataDir: temporaryDataDir(),
      dbName: 'semantics',
      ttlMonitorIntervalMs: 0,
    });
    return { client, db: client.db(), close: () => client.close() };
  },
};

const MONGO_URL = process.env.MONGO_URL;
const mongodb: Backend | undefined = MONGO_URL
  ? {
      name: 'MongoDB at MONGO_URL',
      async open() {
        const client = await new mongo.MongoClient(MONGO_URL).connect();
        const db = client.db(`semantics_${randomUUID().slice(0, 8)}`);
        return {
          client,
          db,
          close: async () => {
            await db.dropDatabase();
            await client.close();
          },
        };
      },
    }
  : undefined;

const backends = mongodb ? [embedded, mongodb] : [embedded];

// Without MONGO_URL the suite runs on the embedded store alone; `npm test` says so in one line.

afterEach(cleanUp);

describe.each(backends)('store semantics: $name', (backend) => {
  let opened: Awaited<ReturnType<Backend['open']>>;
  beforeEach(async () => {
    opened = await backend.open();
  });
  afterEach(async () => {
    await opened.close();
  });

  const ids = (documents: Loose[]): unknown[] => documents.map((document) => document._id);

  it('matches queries as MongoDB does (null and missing, arrays, dotted paths, $elemMatch, $regex)', async () => {
    const people = opened.db.collection<Loose>('people');
    await people.insertMany([
      { _id: 1, name: 'Ann', tags: ['a', 'b'], address: { city: 'Oslo' }, scores: [{ kind: 'x', value: 5 }] },
      {
        _id: 2,
        name: 'bob',
        tags: [],
        address: { city: 'Bergen' },
        scores: [
          { kind: 'x', value: 1 },
          { kind: 'y', value: 9 },
        ],
      },
      { _id: 3, name: null, tags: 'b' },
      { _id: 4 },
    ]);
    expect(ids(await people.find({ name: null }).sort({ _id: 1 }).toArray())).toEqual([3, 4]);
    expect(ids(await people.find({ tags: 'b' }).sort({ _id: 1 }).toArray())).toEqual([1, 3]);
    expect(ids(await people.find({ tags: { $size: 0 } }).toArray())).toEqual([2]);
    expect(
      ids(
        await people
          .find({ 'address.city': { $in: ['Oslo', 'Bergen'] } })
          .sort({ _id: -1 })
          .toArray(),
      ),
    ).toEqual([2, 1]);
    expect(ids(await people.find({ scores: { $elemMatch: { kind: 'y', value: { $gt: 5 } } } }).toArray())).toEqual([2]);
    expect(ids(await people.find({ name: { $regex: '^a', $options: 'i' } }).toArray())).toEqual([1]);
    expect(ids(await people.find({ name: { $exists: false } }).toArray())).toEqual([4]);
    expect(
      ids(
        await people
          .find({ name: { $gt: 'B' } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([2]);
  });

  it('updates with operators, the positional $, arrayFilters and upserts', async () => {
    const orders = opened.db.collection<Loose>('orders');
    await orders.insertOne({
      _id: 1,
      lines: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 2 },
      ],
      total: 3,
    });
    await orders.updateOne({ _id: 1, 'lines.sku': 'b' }, { $inc: { 'lines.$.qty': 5, total: 5 } });
    await orders.updateOne(
      { _id: 1 },
      { $set: { 'lines.$[line].flag': true } },
      { arrayFilters: [{ 'line.qty': { $gt: 5 } }] },
    );
    await orders.updateOne({ _id: 1 }, { $addToSet: { tags: { $each: ['x', 'x', 'y'] } }, $unset: { missing: '' } });
    expect(await orders.findOne({ _id: 1 })).toEqual({
      _id: 1,
      lines: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 7, flag: true },
      ],
      total: 8,
      tags: ['x', 'y'],
    });
    const upserted = await orders.updateOne(
      { _id: 2, status: 'new' },
      { $setOnInsert: { total: 0 } },
      { upsert: true },
    );
    expect(upserted.upsertedId).toBe(2);
    expect(await orders.findOne({ _id: 2 })).toEqual({ _id: 2, status: 'new', total: 0 });
  });

  it('sorts strings by their UTF-8 bytes, in memory and through an index, and ranges agree', async () => {
    const names = opened.db.collection<Loose>('names');
    // U+FF5A (full-width z) sorts before U+1F600 (an emoji) by UTF-8 bytes, after it by UTF-16 units.
    const values = ['\u{1F600}', '\uFF5A', 'a', '\u00E9', 'B'];
    await names.insertMany(values.map((value, i) => ({ _id: i, value })));
    const expected = ['B', 'a', '\u00E9', '\uFF5A', '\u{1F600}'];
    const inMemory = await names.find({}).sort({ value: 1 }).toArray();
    expect(inMemory.map((document) => document.value)).toEqual(expected);
    await names.createIndex({ value: -1 });
    const indexed = await names
      .find({ value: { $gte: '' } })
      .sort({ value: -1 })
      .toArray();
    expect(indexed.map((document) => document.value)).toEqual([...expected].reverse());
    expect((await names.find({ value: { $gt: '\uFF5A' } }).toArray()).map((document) => document.value)).toEqual([
      '\u{1F600}',
    ]);
  });

  it('orders mixed BSON types and compound sorts with directions', async () => {
    const mixed = opened.db.collection<Loose>('mixed');
    await mixed.insertMany([
      { _id: 'date', v: new Date(0), g: 1 },
      { _id: 'string', v: 'x', g: 1 },
      { _id: 'number', v: 2, g: 2 },
      { _id: 'null', v: null, g: 2 },
      { _id: 'missing', g: 1 },
      { _id: 'objectId', v: new mongo.ObjectId('000000000000000000000001'), g: 2 },
    ]);
    const ascending = await mixed.find({}).sort({ v: 1, _id: 1 }).toArray();
    expect(ids(ascending)).toEqual(['missing', 'null', 'number', 'string', 'objectId', 'date']);
    await mixed.createIndex({ g: 1, v: -1 });
    const grouped = await mixed
      .find({ g: { $in: [1, 2] } })
      .sort({ g: -1, v: 1 })
      .toArray();
    expect(ids(grouped)).toEqual(['null', 'number', 'objectId', 'missing', 'string', 'date']);
  });

  it('enforces unique, sparse and partial indexes, and a case-insensitive unique index with a collation', async () => {
    const users = opened.db.collection<Loose>('users');
    await users.createIndex({ email: 1 }, { unique: true, collation: { locale: 'en', strength: 2 } });
    await users.createIndex({ handle: 1 }, { unique: true, sparse: true });
    await users.createIndex({ seat: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await users.insertOne({ _id: 1, email: 'ann@x.com' });
    await expect(users.insertOne({ _id: 2, email: 'Ann@X.com' })).rejects.toMatchObject({ code: 11000 });
    await users.insertOne({ _id: 3, email: 'bob@x.com', seat: 1, active: false });
    await users.insertOne({ _id: 4, email: 'cid@x.com', seat: 1, active: true });
    await expect(users.insertOne({ _id: 5, email: 'dee@x.com', seat: 1, active: true })).rejects.toMatchObject({
      code: 11000,
    });
    await users.insertOne({ _id: 6, email: 'eve@x.com' });
    await expect(users.updateOne({ _id: 6 }, { $set: { email: 'ANN@x.com' } })).rejects.toMatchObject({ code: 11000 });
    expect(await users.countDocuments({})).toBe(4);
  });

  it('reads a snapshot inside a transaction', async () => {
    const accounts = opened.db.collection<Loose>('accounts');
    await accounts.insertMany([
      { _id: 'a', balance: 10 },
      { _id: 'b', balance: 20 },
    ]);
    const session = opened.client.startSession();
    try {
      session.startTransaction();
      expect(await accounts.countDocuments({}, { session })).toBe(2);
      await accounts.insertOne({ _id: 'c', balance: 30 });
      await accounts.updateOne({ _id: 'a' }, { $set: { balance: 0 } });
      expect(await accounts.countDocuments({}, { session })).toBe(2);
      expect(await accounts.findOne({ _id: 'a' }, { session })).toEqual({ _id: 'a', balance: 10 });
      const conflict = await accounts
        .updateOne({ _id: 'a' }, { $inc: { balance: 1 } }, { session })
        .catch((error: unknown) => error);
      expect(conflict).toMatchObject({ code: 112 });
      await session.abortTransaction().catch(() => undefined);
    } finally {
      await session.endSession();
    }
    expect(await accounts.findOne({ _id: 'a' })).toEqual({ _id: 'a', balance: 0 });
  });
});

// What the embedded store refuses or drives differently from a server.
describe('embedded store specifics', () => {
  it('refuses a collation it does not implement, and queries with a collation, loudly', async () => {
    const client = await openEmbeddedMongo({ dataDir: temporaryDataDir(), ttlMonitorIntervalMs: 0 });
    try {
      const users = client.db().collection<Loose>('users');
      await expect(users.createIndex({ name: 1 }, { collation: { locale: 'fr', strength: 1 } })).rejects.toThrow(
        /does not support the collation/,
      );
      await expect(users.createIndex({ name: 1 }, { collation: { locale: 'en', strength: 3 } })).rejects.toThrow(
        /strength 1 and 2/,
      );
      expect(() => users.find({ name: 'ann' }, { collation: { locale: 'en', strength: 2 } })).toThrow(
        /queries with a collation/,
      );
      await expect(users.countDocuments({}, { collation: { locale: 'en', strength: 2 } })).rejects.toThrow(
        /queries with a collation/,
      );
      await expect(
        users.updateOne({}, { $set: { a: 1 } }, { collation: { locale: 'en', strength: 1 } }),
      ).rejects.toThrow(/queries with a collation/);
      // The simple collation is the default and is accepted.
      expect(await users.find({}, { collation: { locale: 'simple' } }).toArray()).toEqual([]);
      // Strength 1 also ignores accents.
      await users.createIndex({ name: 1 }, { unique: true, collation: { locale: 'en', strength: 1 } });
      await users.insertOne({ name: 'Zoë' });
      await expect(users.insertOne({ name: 'zoe' })).rejects.toMatchObject({ code: 11000 });
      expect((await users.indexes()).find((index) => index.name === 'name_1')).toMatchObject({
        collation: { locale: 'en', strength: 1 },
      });
    } finally {
      await client.close();
    }
  });

  it('deletes documents past a TTL index when the TTL monitor runs, and keeps the rest', async () => {
    const dataDir = temporaryDataDir();
    const client = await openEmbeddedMongo({ dataDir, ttlMonitorIntervalMs: 0 });
    const sessions = client.db().collection<Loose>('sessions');
    await sessions.createIndex({ expires_at: 1 }, { expireAfterSeconds: 0 });
    await sessions.createIndex({ seen_at: 1 }, { expireAfterSeconds: 3600 });
    const now = new Date('2026-01-01T12:00:00.000Z');
    await sessions.insertMany([
      { _id: 'expired', expires_at: new Date(now.getTime() - 1) },
      { _id: 'current', expires_at: new Date(now.getTime() + 60_000) },
      { _id: 'not-a-date', expires_at: 'tomorrow' },
      { _id: 'idle', seen_at: new Date(now.getTime() - 3_601_000) },
      { _id: 'active', seen_at: [new Date(now.getTime() - 7_200_000), new Date(now.getTime())] },
    ]);
    await expect(sessions.createIndex({ a: 1, b: 1 }, { expireAfterSeconds: 5 })).rejects.toThrow(/single-field/);

    // The earliest date of an array counts, as in MongoDB.
    expect(await client.store.expireDocuments(now)).toBe(3);
    expect((await sessions.find({}).sort({ _id: 1 }).toArray()).map((document) => document._id)).toEqual([
      'current',
      'not-a-date',
    ]);
    await client.close();
    // The deletions are durable like any other.
    const reopened = await openEmbeddedMongo({ dataDir, ttlMonitorIntervalMs: 0 });
    expect(await reopened.db().collection<Loose>('sessions').countDocuments()).toBe(2);
    await reopened.close();
  });
});
