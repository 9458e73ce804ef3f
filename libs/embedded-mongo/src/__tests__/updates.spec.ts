import { mongo } from 'mongoose';
import { cleanUp, openClient, type Loose } from './test-store';

afterEach(cleanUp);

async function collectionWith(documents: mongo.Document[]): Promise<mongo.Collection<Loose>> {
  const collection = (await openClient()).db().collection<Loose>('things');
  if (documents.length > 0) await collection.insertMany(documents);
  return collection;
}

describe('update operators', () => {
  it('$inc, $set on dotted paths, $unset, $rename, $min, $max, $mul', async () => {
    const things = await collectionWith([{ _id: 1, count: 1, stats: { low: 5, high: 5 }, price: 2, old: 'x' }]);
    const result = await things.updateOne(
      { _id: 1 },
      {
        $inc: { count: 2, fresh: 1 },
        $set: { 'address.city': 'Oslo' },
        $unset: { old: '' },
        $min: { 'stats.low': 3 },
        $max: { 'stats.high': 9 },
        $mul: { price: 1.5 },
      },
    );
    expect(result).toEqual({
      acknowledged: true,
      matchedCount: 1,
      modifiedCount: 1,
      upsertedCount: 0,
      upsertedId: null,
    });
    expect(await things.findOne({ _id: 1 })).toEqual({
      _id: 1,
      count: 3,
      stats: { low: 3, high: 9 },
      price: 3,
      fresh: 1,
      address: { city: 'Oslo' },
    });
    await things.updateOne({ _id: 1 }, { $rename: { 'address.city': 'town' } });
    expect(await things.findOne({ _id: 1 }, { projection: { town: 1, address: 1 } })).toEqual({
      _id: 1,
      town: 'Oslo',
      address: {},
    });
  });

  it('$push with $each, $position and $slice; $addToSet; $pull with a condition; $pullAll', async () => {
    interface Lists {
      _id: number;
      list: number[];
      set: string[];
      items: Array<{ n: number }>;
      tags?: string[];
    }
    const things = (await openClient()).db().collection<Lists>('things');
    await things.insertOne({ _id: 1, list: [1, 2, 3], set: ['a'], items: [{ n: 1 }, { n: 5 }, { n: 9 }] });
    await things.updateOne({ _id: 1 }, { $push: { list: { $each: [0, -1], $position: 0, $slice: 4 } } });
    await things.updateOne({ _id: 1 }, { $addToSet: { set: { $each: ['a', 'b', 'b'] } } });
    await things.updateOne({ _id: 1 }, { $pull: { items: { n: { $gte: 5 } } } });
    await things.updateOne({ _id: 1 }, { $pullAll: { list: [0, 2] } });
    await things.updateOne({ _id: 1 }, { $push: { tags: 'new' } });
    expect(await things.findOne({ _id: 1 })).toEqual({
      _id: 1,
      list: [-1, 1],
      set: ['a', 'b'],
      items: [{ n: 1 }],
      tags: ['new'],
    });
  });

  it('updates the matched array element with $ and chosen ones with arrayFilters', async () => {
    const things = await collectionWith([
      {
        _id: 1,
        items: [
          { sku: 'a', qty: 1 },
          { sku: 'b', qty: 2 },
          { sku: 'c', qty: 3 },
        ],
      },
    ]);
    await things.updateOne({ _id: 1, 'items.sku': 'b' }, { $set: { 'items.$.qty': 20 } });
    await things.updateOne(
      { _id: 1 },
      { $inc: { 'items.$[big].qty': 100 } },
      { arrayFilters: [{ 'big.qty': { $gte: 3 } }] },
    );
    expect((await things.findOne({ _id: 1 }))?.items).toEqual([
      { sku: 'a', qty: 1 },
      { sku: 'b', qty: 120 },
      { sku: 'c', qty: 103 },
    ]);
    await expect(things.updateOne({ _id: 1 }, { $set: { 'items.$.qty': 0 } })).rejects.toMatchObject({ code: 2 });
  });

  it('$currentDate stores a Date and pipeline updates compute from the document', async () => {
    const things = await collectionWith([{ _id: 1, first: 'Ann', last: 'Lee' }]);
    await things.updateOne({ _id: 1 }, { $currentDate: { touchedAt: true } });
    await things.updateOne({ _id: 1 }, [{ $set: { full: { $concat: ['$first', ' ', '$last'] } } }]);
    const stored = await things.findOne({ _id: 1 });
    expect(stored?.touchedAt).toBeInstanceOf(Date);
    expect(stored?.full).toBe('Ann Lee');
  });

  it('counts a no-op update as matched but not modified, and updateMany updates every match once', async () => {
    const things = await collectionWith([
      { _id: 1, n: 1, kind: 'a' },
      { _id: 2, n: 1, kind: 'a' },
      { _id: 3, n: 1, kind: 'b' },
    ]);
    expect(await things.updateOne({ _id: 1 }, { $set: { n: 1 } })).toMatchObject({ matchedCount: 1, modifiedCount: 0 });
    // The filter still matches after the update: each document is updated once all the same.
    expect(await things.updateMany({ n: { $gte: 1 } }, { $inc: { n: 10 } })).toMatchObject({
      matchedCount: 3,
      modifiedCount: 3,
    });
    expect((await things.find().toArray()).map((thing) => thing.n)).toEqual([11, 11, 11]);
    expect(await things.deleteMany({ kind: 'a' })).toEqual({ acknowledged: true, deletedCount: 2 });
    expect(await things.deleteOne({ kind: 'zzz' })).toEqual({ acknowledged: true, deletedCount: 0 });
  });

  it('rejects changing _id, non-numeric $inc, missing operators and unknown operators', async () => {
    const things = await collectionWith([{ _id: 1, name: 'x' }]);
    await expect(things.updateOne({ _id: 1 }, { $set: { _id: 2 } })).rejects.toMatchObject({ code: 66 });
    await expect(things.updateOne({ _id: 1 }, { $inc: { name: 1 } })).rejects.toMatchObject({ code: 14 });
    await expect(things.updateOne({ _id: 1 }, { name: 'y' })).rejects.toBeInstanceOf(mongo.MongoInvalidArgumentError);
    await expect(things.updateOne({ _id: 1 }, { $frobnicate: { name: 1 } })).rejects.toMatchObject({ code: 9 });
    await expect(things.replaceOne({ _id: 1 }, { _id: 2, name: 'z' })).rejects.toMatchObject({ code: 66 });
    expect(await things.findOne({ _id: 1 })).toEqual({ _id: 1, name: 'x' });
  });

  it('replaceOne keeps the _id and drops fields not in the replacement', async () => {
    const things = await collectionWith([{ _id: 1, a: 1, b: 2 }]);
    await things.replaceOne({ a: 1 }, { c: 3 });
    expect(await things.findOne({ _id: 1 })).toEqual({ _id: 1, c: 3 });
  });
});

describe('upserts', () => {
  it('inserts the filter equality fields plus the update, without $setOnInsert', async () => {
    const things = await collectionWith([]);
    const result = await things.updateOne(
      { tenant: 't1', 'profile.email': 'a@x', age: { $gt: 5 }, $and: [{ kind: { $eq: 'person' } }] },
      { $set: { name: 'Ann' }, $inc: { visits: 1 } },
      { upsert: true },
    );
    expect(result).toMatchObject({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
    expect(result.upsertedId).toBeInstanceOf(mongo.ObjectId);
    const stored = await things.findOne({ _id: result.upsertedId as mongo.ObjectId });
    expect(stored).toEqual({
      _id: result.upsertedId,
      tenant: 't1',
      profile: { email: 'a@x' },
      kind: 'person',
      name: 'Ann',
      visits: 1,
    });
    expect(Object.keys(stored ?? {})[0]).toBe('_id');
  });

  it('applies $setOnInsert only when inserting', async () => {
    const things = await collectionWith([]);
    const update = { $setOnInsert: { createdBy: 'first' }, $inc: { hits: 1 } };
    await things.updateOne({ _id: 'k' }, update, { upsert: true });
    await things.updateOne({ _id: 'k' }, { ...update, $setOnInsert: { createdBy: 'second' } }, { upsert: true });
    expect(await things.findOne({ _id: 'k' } as mongo.Document)).toEqual({ _id: 'k', createdBy: 'first', hits: 2 });
    const { upsertedId } = await things.updateOne({ name: 'n' }, { $setOnInsert: { _id: 'given' } }, { upsert: true });
    expect(upsertedId).toBe('given');
    expect(Object.keys((await things.findOne({ name: 'n' })) ?? {})).toEqual(['_id', 'name']);
  });

  it('upserts a replacement with the _id from the filter', async () => {
    const things = await collectionWith([]);
    const result = await things.replaceOne({ _id: 7 }, { name: 'seven' }, { upsert: true });
    expect(result).toMatchObject({ upsertedCount: 1, upsertedId: 7 });
    expect(await things.findOne({ _id: 7 } as mongo.Document)).toEqual({ _id: 7, name: 'seven' });
  });
});

describe('findOneAnd*', () => {
  it('returns the document before by default, after on request, or the full result with metadata', async () => {
    const things = await collectionWith([
      { _id: 1, n: 1, group: 'g' },
      { _id: 2, n: 5, group: 'g' },
    ]);
    expect(await things.findOneAndUpdate({ _id: 1 }, { $inc: { n: 1 } })).toEqual({ _id: 1, n: 1, group: 'g' });
    expect(
      await things.findOneAndUpdate({ _id: 1 }, { $inc: { n: 1 } }, { returnDocument: 'after', projection: { n: 1 } }),
    ).toEqual({ _id: 1, n: 3 });
    expect(
      await things.findOneAndUpdate(
        { group: 'g' },
        { $set: { picked: true } },
        { sort: { n: -1 }, returnDocument: 'after' },
      ),
    ).toMatchObject({ _id: 2, picked: true });
    expect(await things.findOneAndUpdate({ _id: 42 }, { $set: { n: 0 } })).toBeNull();

    const withMetadata = await things.findOneAndUpdate(
      { _id: 1 },
      { $set: { n: 10 } },
      { includeResultMetadata: true, returnDocument: 'after' },
    );
    expect(withMetadata).toEqual({
      lastErrorObject: { n: 1, updatedExisting: true },
      value: { _id: 1, n: 10, group: 'g' },
      ok: 1,
    });
    const notFound = await things.findOneAndUpdate({ _id: 42 }, { $set: { n: 0 } }, { includeResultMetadata: true });
    expect(notFound).toEqual({ lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 });
    const upserted = await things.findOneAndUpdate(
      { _id: 43 },
      { $set: { n: 0 } },
      { includeResultMetadata: true, upsert: true, returnDocument: 'after' },
    );
    expect(upserted).toEqual({
      lastErrorObject: { n: 1, updatedExisting: false, upserted: 43 },
      value: { _id: 43, n: 0 },
      ok: 1,
    });
  });

  it('findOneAndReplace and findOneAndDelete', async () => {
    const things = await collectionWith([
      { _id: 1, n: 1 },
      { _id: 2, n: 2 },
    ]);
    expect(await things.findOneAndReplace({ _id: 1 }, { m: 9 }, { returnDocument: 'after' })).toEqual({ _id: 1, m: 9 });
    expect(await things.findOneAndDelete({}, { sort: { n: -1 } })).toEqual({ _id: 2, n: 2 });
    expect(await things.findOneAndDelete({ _id: 2 }, { includeResultMetadata: true })).toEqual({
      lastErrorObject: { n: 0 },
      value: null,
      ok: 1,
    });
    expect(await things.countDocuments()).toBe(1);
  });
});

describe('bulkWrite', () => {
  it('reports the counts of mixed operations', async () => {
    const things = await collectionWith([
      { _id: 1, n: 1 },
      { _id: 2, n: 2 },
      { _id: 3, n: 3 },
    ]);
    const result = await things.bulkWrite([
      { insertOne: { document: { _id: 4, n: 4 } } },
      { updateOne: { filter: { _id: 1 }, update: { $set: { n: 10 } } } },
      { updateMany: { filter: { n: { $gte: 2 } }, update: { $inc: { n: 100 } } } },
      { updateOne: { filter: { _id: 9 }, update: { $set: { n: 9 } }, upsert: true } },
      { replaceOne: { filter: { _id: 2 }, replacement: { n: 0 } } },
      { deleteOne: { filter: { _id: 3 } } },
      { deleteMany: { filter: { n: { $gt: 1000 } } } },
    ]);
    expect(result.insertedCount).toBe(1);
    expect(result.matchedCount).toBe(1 + 4 + 1);
    expect(result.modifiedCount).toBe(1 + 4 + 1);
    expect(result.upsertedCount).toBe(1);
    expect(result.deletedCount).toBe(1);
    expect(result.insertedIds).toEqual({ 0: 4 });
    expect(result.upsertedIds).toEqual({ 3: 9 });
    expect(await things.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, n: 110 },
      { _id: 2, n: 0 },
      { _id: 4, n: 104 },
      { _id: 9, n: 9 },
    ]);
  });

  it('stops at the first error when ordered, goes on when unordered, and reports both', async () => {
    const things = await collectionWith([{ _id: 1 }]);
    const ordered = await things
      .bulkWrite([
        { insertOne: { document: { _id: 2 } } },
        { insertOne: { document: { _id: 1 } } },
        { insertOne: { document: { _id: 3 } } },
      ])
      .catch((error: unknown) => error);
    expect(ordered).toBeInstanceOf(mongo.MongoBulkWriteError);
    const orderedError = ordered as mongo.MongoBulkWriteError;
    expect(orderedError.code).toBe(11000);
    expect(orderedError.insertedCount).toBe(1);
    expect((orderedError.writeErrors as mongo.WriteError[]).map((error) => error.index)).toEqual([1]);

    const unordered = (await things
      .insertMany([{ _id: 4 }, { _id: 1 }, { _id: 5 }], { ordered: false })
      .catch((error: unknown) => error)) as mongo.MongoBulkWriteError;
    expect(unordered.insertedCount).toBe(2);
    expect(unordered.result.insertedIds).toEqual({ 0: 4, 2: 5 });
    expect(await things.countDocuments()).toBe(4);
  });
});
