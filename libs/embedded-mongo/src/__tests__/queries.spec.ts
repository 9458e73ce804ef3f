import { mongo } from 'mongoose';
import { cleanUp, openClient, type Loose } from './test-store';

afterEach(cleanUp);

async function peopleCollection(): Promise<mongo.Collection<Loose>> {
  const collection = (await openClient()).db().collection<Loose>('people');
  await collection.insertMany([
    {
      _id: 1,
      name: 'Ann',
      age: 31,
      address: { city: 'Oslo', zip: '0150' },
      tags: ['admin', 'sales'],
      scores: [
        { subject: 'math', score: 90 },
        { subject: 'art', score: 60 },
      ],
    },
    {
      _id: 2,
      name: 'Bob',
      age: 25,
      address: { city: 'Bergen' },
      tags: ['sales'],
      scores: [
        { subject: 'math', score: 40 },
        { subject: 'art', score: 95 },
      ],
    },
    { _id: 3, name: 'Cid', age: 40, tags: [], scores: [] },
    { _id: 4, name: 'Dee', age: null, address: { city: 'Oslo' } },
  ]);
  return collection;
}

const ids = (documents: mongo.Document[]): unknown[] => documents.map((document) => document._id);

describe('filters', () => {
  it('matches dotted paths, array elements and $elemMatch like MongoDB', async () => {
    const people = await peopleCollection();
    expect(ids(await people.find({ 'address.city': 'Oslo' }).toArray())).toEqual([1, 4]);
    expect(ids(await people.find({ tags: 'sales' }).toArray())).toEqual([1, 2]);
    expect(ids(await people.find({ tags: ['sales'] }).toArray())).toEqual([2]);
    expect(ids(await people.find({ 'scores.score': { $gt: 92 } }).toArray())).toEqual([2]);
    // Without $elemMatch the two conditions may hold on different elements.
    expect(ids(await people.find({ 'scores.subject': 'math', 'scores.score': { $gt: 80 } }).toArray())).toEqual([1, 2]);
    expect(
      ids(await people.find({ scores: { $elemMatch: { subject: 'math', score: { $gt: 80 } } } }).toArray()),
    ).toEqual([1]);
    expect(ids(await people.find({ tags: { $size: 0 } }).toArray())).toEqual([3]);
    expect(ids(await people.find({ tags: { $all: ['sales', 'admin'] } }).toArray())).toEqual([1]);
  });

  it('treats null as null-or-missing and supports $exists, $in, $nin, $ne, $regex, $or and $expr', async () => {
    const people = await peopleCollection();
    expect(ids(await people.find({ age: null }).toArray())).toEqual([4]);
    expect(ids(await people.find({ address: null }).toArray())).toEqual([3]);
    expect(ids(await people.find({ address: { $exists: false } }).toArray())).toEqual([3]);
    expect(ids(await people.find({ _id: { $in: [2, 3, 99] } }).toArray())).toEqual([2, 3]);
    expect(ids(await people.find({ tags: { $nin: ['sales'] } }).toArray())).toEqual([3, 4]);
    expect(ids(await people.find({ 'address.city': { $ne: 'Oslo' } }).toArray())).toEqual([2, 3]);
    expect(ids(await people.find({ name: { $regex: '^[ab]', $options: 'i' } }).toArray())).toEqual([1, 2]);
    expect(ids(await people.find({ $or: [{ age: { $lt: 30 } }, { name: 'Cid' }] }).toArray())).toEqual([2, 3]);
    expect(ids(await people.find({ $expr: { $gt: ['$age', 30] } }).toArray())).toEqual([1, 3]);
  });

  it('compares only within a type bracket ($gt on numbers does not match strings or null)', async () => {
    const collection = (await openClient()).db().collection<Loose>('bracket');
    await collection.insertMany([
      { _id: 1, v: 10 },
      { _id: 2, v: '20' },
      { _id: 3, v: null },
      { _id: 4, v: new Date(5) },
    ]);
    expect(ids(await collection.find({ v: { $gt: 1 } }).toArray())).toEqual([1]);
    expect(ids(await collection.find({ v: { $gte: null } }).toArray())).toEqual([3]);
    expect(ids(await collection.find({ v: { $lt: new Date(10) } }).toArray())).toEqual([4]);
  });

  it('answers simple filters (bounds, equality, $and and $or of them) as the full query does, whatever a field holds', async () => {
    const collection = (await openClient()).db().collection<Loose>('bounds');
    const held: unknown[] = [
      3,
      7,
      -0,
      2.5,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '4',
      null,
      undefined,
      true,
      new Date(4),
      new mongo.Decimal128('4.5'),
      mongo.Long.fromString('6'),
      [0, 10],
      [4, 'x'],
      [Number.NaN],
      [[4]],
      [new mongo.Decimal128('4')],
      [],
      { v: 4 },
      'abc',
      'abd',
      '\uffff',
      '\u{10000}',
      ['ab', 'zz'],
      [null, 'x'],
      [true],
      false,
    ];
    await collection.insertMany(
      held.map((value, index) =>
        value === undefined ? { _id: index, k: 'a' } : { _id: index, k: index % 2 ? 'a' : 'b', v: value },
      ),
    );
    const filters = [
      { v: { $lt: 5 } },
      { v: { $lte: 3 } },
      { v: { $gt: 3, $lt: 5 } },
      { v: { $gte: 0, $lte: 0 } },
      { k: 'a', v: { $gt: 2 } },
      { k: 'b' },
      { v: { $gt: -1 }, k: 'b' },
      { v: { $gte: 'ab', $lt: 'ab\u{10FFFF}' } },
      { v: { $gt: '\uffff' } },
      { v: { $lt: 'b' } },
      { v: null },
      { v: true },
      { v: false, k: 'a' },
      { $or: [{ v: { $lt: 3 } }, { v: { $gte: 'abd' } }, { k: 'b', v: null }] },
      { k: 'a', $and: [{ v: { $gte: 0 } }, { $or: [{ v: { $lte: 3 } }, { v: 7 }] }] },
      { $or: [{ v: { $gte: 'a', $lt: 'b' } }, { v: { $gt: 3 } }], k: 'b' },
    ];
    for (const filter of filters) {
      const fast = ids(await collection.find(filter).toArray());
      // A double negation is not a simple filter: mingo compiles it whole.
      const full = ids(await collection.find({ $nor: [{ $nor: [filter] }] }).toArray());
      expect({ filter, ids: fast }).toEqual({ filter, ids: full });
    }
    // As MongoDB: an array meets two bounds through different elements; a Decimal128 and a Long
    // compare as numbers, NaN below every number; strings, dates, null and missing fields are
    // outside a number bound.
    expect(ids(await collection.find({ v: { $gt: 3, $lt: 5 } }).toArray())).toEqual([11, 13, 14, 17]);
    expect(ids(await collection.find({ v: { $lt: 3 } }).toArray())).toEqual([2, 3, 4, 13, 15]);
    // Strings in UTF-8 byte order (U+FFFF below U+10000), null matching a missing field.
    expect(ids(await collection.find({ v: { $gt: '\uffff' } }).toArray())).toEqual([23]);
    expect(ids(await collection.find({ v: { $gte: 'ab', $lt: 'ab\u{10FFFF}' } }).toArray())).toEqual([20, 21, 24]);
    expect(ids(await collection.find({ v: null }).toArray())).toEqual([7, 8, 25]);
  });

  it('finds ObjectId and Date values by equality and range', async () => {
    const collection = (await openClient()).db().collection<Loose>('typed');
    const first = new mongo.ObjectId();
    const second = new mongo.ObjectId();
    await collection.insertMany([
      { _id: first, at: new Date('2024-01-01T00:00:00Z') },
      { _id: second, at: new Date('2024-06-01T00:00:00Z') },
    ]);
    expect(await collection.findOne({ _id: new mongo.ObjectId(first.toHexString()) })).toMatchObject({ _id: first });
    expect(ids(await collection.find({ _id: { $gt: first } }).toArray())).toEqual([second]);
    expect(ids(await collection.find({ at: { $gte: new Date('2024-03-01T00:00:00Z') } }).toArray())).toEqual([second]);
  });
});

describe('projection and cursors', () => {
  it('applies inclusion, exclusion, $slice, $elemMatch and the positional $ projection', async () => {
    const people = await peopleCollection();
    expect(await people.findOne({ _id: 1 }, { projection: { name: 1 } })).toEqual({ _id: 1, name: 'Ann' });
    expect(await people.findOne({ _id: 2 }, { projection: { scores: 0, tags: 0, _id: 0 } })).toEqual({
      name: 'Bob',
      age: 25,
      address: { city: 'Bergen' },
    });
    expect(await people.findOne({ _id: 1 }, { projection: { tags: { $slice: 1 }, _id: 0, name: 1 } })).toEqual({
      name: 'Ann',
      tags: ['admin'],
    });
    expect(await people.findOne({ _id: 1 }, { projection: { scores: { $elemMatch: { subject: 'art' } } } })).toEqual({
      _id: 1,
      scores: [{ subject: 'art', score: 60 }],
    });
    expect(await people.findOne({ 'scores.subject': 'art', _id: 2 }, { projection: { 'scores.$': 1 } })).toEqual({
      _id: 2,
      scores: [{ subject: 'art', score: 95 }],
    });
    const projected = await people
      .find({}, { sort: { _id: 1 } })
      .project({ name: 1, _id: 0 })
      .limit(2)
      .toArray();
    expect(projected).toEqual([{ name: 'Ann' }, { name: 'Bob' }]);
  });

  it('answers inclusion projections of dotted paths and _id alone whatever it decodes', async () => {
    const people = await peopleCollection();
    expect(
      await people.find({ age: { $gte: 30 } }, { projection: { 'address.city': 1 }, sort: { _id: 1 } }).toArray(),
    ).toEqual([{ _id: 1, address: { city: 'Oslo' } }, { _id: 3 }]);
    expect(
      await people.find({ 'address.city': 'Oslo' }, { projection: { _id: 1 }, sort: { _id: -1 } }).toArray(),
    ).toEqual([{ _id: 4 }, { _id: 1 }]);
    expect(
      await people.find({}, { projection: { name: true, _id: false }, sort: { name: -1 }, limit: 1 }).toArray(),
    ).toEqual([{ name: 'Dee' }]);
  });

  it('sorts a page in memory and answers its documents whole, its own uncommitted writes included', async () => {
    const client = await openClient();
    const people = client.db().collection<Loose>('people');
    await people.insertMany(
      Array.from({ length: 50 }, (_, index) => ({
        _id: index,
        group: index % 2,
        rank: (index * 7) % 50,
        about: { text: `person ${index}` },
      })),
    );
    const page = await people.find({ group: 1 }, { sort: { rank: -1 }, skip: 2, limit: 3 }).toArray();
    // Odd ids ranked (7 × id) mod 50, highest first: 7 (49), 21 (47), 35 (45), 49 (43), 13 (41).
    expect(page).toEqual([
      { _id: 35, group: 1, rank: 45, about: { text: 'person 35' } },
      { _id: 49, group: 1, rank: 43, about: { text: 'person 49' } },
      { _id: 13, group: 1, rank: 41, about: { text: 'person 13' } },
    ]);
    const session = client.startSession();
    try {
      await session.withTransaction(async () => {
        await people.insertOne({ _id: 100, group: 1, rank: 48, about: { text: 'new' } }, { session });
        const seen = await people.find({ group: 1 }, { sort: { rank: -1 }, limit: 2, session }).toArray();
        expect(seen).toEqual([
          { _id: 7, group: 1, rank: 49, about: { text: 'person 7' } },
          { _id: 100, group: 1, rank: 48, about: { text: 'new' } },
        ]);
      });
    } finally {
      await session.endSession();
    }
  });

  it('iterates with next, hasNext, async iteration, skip, limit and map', async () => {
    const people = await peopleCollection();
    const cursor = people.find({}).sort({ age: -1 }).skip(1).limit(2);
    expect(await cursor.hasNext()).toBe(true);
    expect((await cursor.next())?._id).toBe(1);
    expect((await cursor.next())?._id).toBe(2);
    expect(await cursor.next()).toBeNull();
    expect(cursor.closed).toBe(true);

    const names: string[] = [];
    for await (const person of people
      .find({ age: { $gt: 0 } })
      .sort({ name: 1 })
      .map((document) => String(document.name)))
      names.push(person);
    expect(names).toEqual(['Ann', 'Bob', 'Cid']);
    expect(await people.countDocuments({}, { skip: 1, limit: 2 })).toBe(2);
    expect(await people.countDocuments({ 'address.city': 'Oslo' })).toBe(2);
    expect(await people.estimatedDocumentCount()).toBe(4);
  });

  it('returns distinct values with arrays unwound', async () => {
    const people = await peopleCollection();
    expect(await people.distinct('tags')).toEqual(['admin', 'sales']);
    expect(await people.distinct('address.city', { age: { $gt: 20 } })).toEqual(['Bergen', 'Oslo']);
  });

  it('hands out copies: changing a result or an inserted object does not change stored data', async () => {
    const collection = (await openClient()).db().collection<Loose>('copies');
    const original = { _id: 1, nested: { list: [1, 2] }, at: new Date(0) };
    await collection.insertOne(original);
    original.nested.list.push(3);
    original.at.setTime(99);
    const found = await collection.findOne({ _id: 1 });
    expect(found).toEqual({ _id: 1, nested: { list: [1, 2] }, at: new Date(0) });
    (found?.nested as { list: number[] }).list.push(4);
    (found?.at as Date).setTime(50);
    expect(await collection.findOne({ _id: 1 })).toEqual({ _id: 1, nested: { list: [1, 2] }, at: new Date(0) });
  });

  it('gives documents without _id a new ObjectId, stored first, and sets it on the caller object', async () => {
    const collection = (await openClient()).db().collection<Loose>('ids');
    const document: mongo.Document = { name: 'x' };
    const { insertedId } = await collection.insertOne(document);
    expect(insertedId).toBeInstanceOf(mongo.ObjectId);
    expect(document._id).toEqual(insertedId);
    const stored = await collection.findOne({ name: 'x' });
    expect(Object.keys(stored ?? {})).toEqual(['_id', 'name']);
  });
});
