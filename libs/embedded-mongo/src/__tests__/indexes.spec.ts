import mongoose, { mongo } from 'mongoose';
import type { EmbeddedCollection } from '../index';
import { cleanUp, openClient, openConnection, temporaryDataDir, type Loose } from './test-store';

afterEach(cleanUp);

function countersOf(collection: mongo.Collection<Loose>): ReturnType<EmbeddedCollection['executionCounters']> {
  return (collection as unknown as EmbeddedCollection).executionCounters();
}

// Documents examined by one operation.
async function examinedBy(collection: mongo.Collection<Loose>, operation: () => Promise<unknown>): Promise<number> {
  const before = countersOf(collection).docsExamined;
  await operation();
  return countersOf(collection).docsExamined - before;
}

const ids = (documents: mongo.Document[]): unknown[] => documents.map((document) => document._id);

describe('unique indexes', () => {
  it('rejects duplicates with E11000, keyPattern and keyValue, on insert, update and upsert', async () => {
    const users = (await openClient({ dbName: 'identity' })).db().collection<Loose>('users');
    expect(await users.createIndex({ email: 1 }, { unique: true })).toBe('email_1');
    await users.insertMany([
      { _id: 1, email: 'a@x' },
      { _id: 2, email: 'b@x' },
    ]);

    const inserted = await users.insertOne({ _id: 3, email: 'a@x' }).catch((error: unknown) => error);
    expect(inserted).toBeInstanceOf(mongo.MongoServerError);
    expect(inserted).toMatchObject({
      code: 11000,
      keyPattern: { email: 1 },
      keyValue: { email: 'a@x' },
      message: 'E11000 duplicate key error collection: identity.users index: email_1 dup key: { email: "a@x" }',
    });
    await expect(users.updateOne({ _id: 2 }, { $set: { email: 'a@x' } })).rejects.toMatchObject({ code: 11000 });
    await expect(users.updateOne({ _id: 9 }, { $set: { email: 'b@x' } }, { upsert: true })).rejects.toMatchObject({
      code: 11000,
    });
    const idClash = await users.insertOne({ _id: 1, email: 'c@x' }).catch((error: unknown) => error);
    expect(idClash).toMatchObject({
      code: 11000,
      keyPattern: { _id: 1 },
      message: expect.stringContaining('index: _id_ dup key: { _id: 1 }'),
    });
    expect(await users.countDocuments()).toBe(2);
    // Changing the key of the document that owns it is fine.
    await users.updateOne({ _id: 1 }, { $set: { email: 'a2@x' } });
    await users.insertOne({ _id: 3, email: 'a@x' });
  });

  it('enforces compound, sparse and partial unique indexes as MongoDB does', async () => {
    const members = (await openClient()).db().collection<Loose>('members');
    await members.createIndex({ workspace: 1, email: 1 }, { unique: true });
    await members.createIndex({ handle: 1 }, { unique: true, sparse: true });
    await members.createIndex({ seat: 1 }, { unique: true, partialFilterExpression: { active: true } });

    await members.insertOne({ workspace: 'w1', email: 'a@x' });
    await members.insertOne({ workspace: 'w2', email: 'a@x' });
    const compound = await members.insertOne({ workspace: 'w1', email: 'a@x' }).catch((error: unknown) => error);
    expect(compound).toMatchObject({
      code: 11000,
      keyPattern: { workspace: 1, email: 1 },
      keyValue: { workspace: 'w1', email: 'a@x' },
      message: expect.stringContaining('index: workspace_1_email_1 dup key: { workspace: "w1", email: "a@x" }'),
    });

    // Sparse: documents without the field are not indexed, but null is.
    await members.insertOne({ workspace: 'w3', email: 'b@x' });
    await members.insertOne({ workspace: 'w3', email: 'c@x', handle: null });
    await expect(members.insertOne({ workspace: 'w3', email: 'd@x', handle: null })).rejects.toMatchObject({
      code: 11000,
    });

    // Partial: only documents matching the filter take part.
    await members.insertOne({ workspace: 'w4', email: 'e@x', seat: 7, active: false });
    await members.insertOne({ workspace: 'w4', email: 'f@x', seat: 7, active: true });
    await members.insertOne({ workspace: 'w4', email: 'g@x', seat: 7, active: false });
    await expect(members.insertOne({ workspace: 'w4', email: 'h@x', seat: 7, active: true })).rejects.toMatchObject({
      code: 11000,
    });
    await expect(members.updateOne({ email: 'g@x' }, { $set: { active: true } })).rejects.toMatchObject({
      code: 11000,
    });
  });

  it('treats a missing field as null in a non-sparse unique index', async () => {
    const items = (await openClient()).db().collection<Loose>('items');
    await items.createIndex({ code: 1 }, { unique: true });
    await items.insertOne({ name: 'first' });
    await expect(items.insertOne({ name: 'second' })).rejects.toMatchObject({ code: 11000, keyValue: { code: null } });
  });

  it('refuses to build a unique index over existing duplicates', async () => {
    const items = (await openClient()).db().collection<Loose>('items');
    await items.insertMany([{ sku: 'a' }, { sku: 'a' }]);
    await expect(items.createIndex({ sku: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
    expect(await items.indexExists('sku_1')).toBe(false);
  });

  it('surfaces duplicates through mongoose models as MongoServerError 11000', async () => {
    const connection = await openConnection();
    const User = connection.model('User', new mongoose.Schema({ email: { type: String, unique: true }, name: String }));
    await User.init();
    await User.create({ email: 'a@x', name: 'first' });
    const error = await User.create({ email: 'a@x', name: 'second' }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'MongoServerError', code: 11000, keyValue: { email: 'a@x' } });
    const bulk = await User.insertMany([{ email: 'b@x' }, { email: 'a@x' }], { ordered: false }).catch(
      (caught: unknown) => caught,
    );
    expect(bulk).toMatchObject({ name: 'MongoBulkWriteError', code: 11000 });
    expect(await User.countDocuments()).toBe(2);
  });
});

describe('index management', () => {
  it('lists, checks and drops indexes, and keeps definitions across a restart', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    const items = client.db().collection<Loose>('items');
    await items.createIndex({ sku: 1 }, { unique: true });
    await items.createIndex({ owner: 1, createdAt: -1 }, { name: 'owner_recent' });
    await items.createIndex({ tmp: 1 });
    expect(await items.createIndex({ sku: 1 }, { unique: true })).toBe('sku_1');
    await expect(items.createIndex({ sku: 1 }, { unique: false, name: 'sku_1' })).rejects.toMatchObject({ code: 85 });
    await items.dropIndex('tmp_1');
    await expect(items.dropIndex('tmp_1')).rejects.toMatchObject({ code: 27 });
    expect(await items.indexExists(['sku_1', 'owner_recent'])).toBe(true);
    await client.close();

    const reopened = (await openClient({ dataDir })).db().collection<Loose>('items');
    expect(await reopened.listIndexes().toArray()).toEqual([
      { v: 2, key: { _id: 1 }, name: '_id_' },
      { v: 2, key: { sku: 1 }, name: 'sku_1', unique: true },
      { v: 2, key: { owner: 1, createdAt: -1 }, name: 'owner_recent' },
    ]);
    await reopened.insertOne({ sku: 'a' });
    await expect(reopened.insertOne({ sku: 'a' })).rejects.toMatchObject({ code: 11000 });
    await expect((await openClient()).db().collection<Loose>('nothing').listIndexes().toArray()).rejects.toMatchObject({
      code: 26,
    });
  });

  it('syncs mongoose schema indexes', async () => {
    const connection = await openConnection();
    const schema = new mongoose.Schema({ email: String, workspace: String });
    schema.index({ workspace: 1, email: 1 }, { unique: true });
    const Member = connection.model('Member', schema);
    await Member.syncIndexes();
    await Member.collection.createIndex({ stale: 1 });
    const dropped = await Member.syncIndexes();
    expect(dropped).toEqual(['stale_1']);
    expect((await Member.listIndexes()).map((index: { name?: string }) => index.name)).toEqual([
      '_id_',
      'workspace_1_email_1',
    ]);
  });
});

describe('index lookups', () => {
  async function populated(): Promise<mongo.Collection<Loose>> {
    const people = (await openClient()).db().collection<Loose>('people');
    await people.createIndex({ email: 1 }, { unique: true });
    await people.createIndex({ workspace: 1, createdAt: 1 });
    await people.createIndex({ tags: 1 });
    await people.insertMany(
      Array.from({ length: 1000 }, (_, i) => ({
        _id: i,
        email: `user${i}@x`,
        workspace: `w${i % 10}`,
        createdAt: new Date(i * 1000),
        tags: [`t${i % 100}`, 'all'],
        plain: i,
      })),
    );
    return people;
  }

  it('examines only the matching documents for equality and $in on indexed fields', async () => {
    const people = await populated();
    expect(await examinedBy(people, () => people.findOne({ email: 'user500@x' }))).toBe(1);
    expect(
      await examinedBy(people, () => people.find({ email: { $in: ['user1@x', 'user2@x', 'nobody'] } }).toArray()),
    ).toBe(2);
    expect(await examinedBy(people, () => people.findOne({ _id: 42 }))).toBe(1);
    // Leading field of a compound index, with an extra condition checked on the candidates.
    expect(await examinedBy(people, () => people.find({ workspace: 'w3', plain: { $lt: 100 } }).toArray())).toBe(100);
    // Multikey: each array element is a key.
    expect(await examinedBy(people, () => people.find({ tags: 't7' }).toArray())).toBe(10);
    expect(await examinedBy(people, () => people.updateOne({ email: 'user9@x' }, { $set: { seen: true } }))).toBe(1);
    expect(await examinedBy(people, () => people.deleteOne({ email: 'user8@x' }))).toBe(1);
    // A field without an index is a collection scan (999 documents are left).
    expect(await examinedBy(people, () => people.findOne({ plain: 999 }))).toBe(999);
  });

  it('passes over the keys a skip leaves out without reading their documents', async () => {
    const people = await populated();
    // w3 holds 100 people, ids 3, 13, 23, ...: newest first, a page at offset 90.
    const page = () => people.find({ workspace: 'w3' }).sort({ createdAt: -1 }).skip(90).limit(5).toArray();
    expect(await examinedBy(people, page)).toBe(5);
    expect(ids(await page())).toEqual([93, 83, 73, 63, 53]);
    expect(ids(await people.find({ workspace: 'w3' }).sort({ createdAt: 1 }).skip(97).toArray())).toEqual([
      973, 983, 993,
    ]);
    expect(await people.find({ workspace: 'w3' }).sort({ createdAt: 1 }).skip(100).toArray()).toEqual([]);
    // Two ranges ($in): the skip goes across both, in the order of the sort.
    const both = await people
      .find({ workspace: { $in: ['w1', 'w2'] } })
      .sort({ workspace: 1, createdAt: 1 })
      .skip(98)
      .limit(4)
      .toArray();
    expect(ids(both)).toEqual([981, 991, 2, 12]);
    // A filter the index does not say whole: every key up to the page is read and tested.
    expect(
      await examinedBy(people, () =>
        people
          .find({ workspace: 'w3', plain: { $gte: 0 } })
          .sort({ createdAt: -1 })
          .skip(90)
          .limit(5)
          .toArray(),
      ),
    ).toBe(95);
  });

  it("looks up by _id among a transaction's own writes without testing every other one", async () => {
    const client = await openClient({ dbName: 'projections' });
    const copies = client.db().collection<Loose>('copies');
    const session = client.startSession();
    await session.withTransaction(async () => {
      // A batch of upserts in one transaction, as a projection writes them.
      const upserts = Array.from({ length: 300 }, (_, i) => ({
        replaceOne: {
          filter: { workspace_id: 'w1', _id: `r${i}`, version: { $lt: 1 } },
          replacement: { workspace_id: 'w1', version: 1, n: i },
          upsert: true,
        },
      }));
      expect(await examinedBy(copies, () => copies.bulkWrite(upserts, { session }))).toBe(0);
      expect(
        await examinedBy(copies, () =>
          copies.find({ _id: { $in: ['r7', 'r8', 'nobody'] }, workspace_id: 'w1' }, { session }).toArray(),
        ),
      ).toBe(2);
      expect((await copies.findOne({ _id: 'r299' }, { session }))?.n).toBe(299);
      // Without an _id condition, every staged document is still tested.
      expect(await examinedBy(copies, () => copies.find({ n: { $gte: 298 } }, { session }).toArray())).toBe(300);
      // Staged documents found by id are still tested against the rest of the filter.
      const all = Array.from({ length: 300 }, (_, i) => `r${i}`);
      await copies.updateMany({ _id: { $in: all }, workspace_id: 'w1' }, { $inc: { version: 1 } }, { session });
      expect(await copies.countDocuments({ _id: { $in: all }, workspace_id: 'w1', version: 2 }, { session })).toBe(300);
      expect(
        await copies.countDocuments({ _id: { $in: all }, workspace_id: 'w1', n: { $gte: 150 } }, { session }),
      ).toBe(150);
      expect(await copies.countDocuments({ _id: { $in: all }, workspace_id: 'w2' }, { session })).toBe(0);
    });
    await session.endSession();
    expect(await copies.countDocuments({ workspace_id: 'w1' })).toBe(300);
  });

  it('reads through the hinted index, by key pattern or name, in finds and aggregations', async () => {
    const people = await populated();
    // Planned alone, the sort index would be walked; hinted, the tag's ten keys are read and sorted.
    const hinted = people.find({ workspace: 'w3', tags: 't13' }).sort({ createdAt: -1 }).limit(2);
    const explained = await hinted.clone().hint({ tags: 1 }).explain('executionStats');
    expect(explained.queryPlanner.winningPlan).toMatchObject({
      stage: 'SORT',
      inputStage: { inputStage: { stage: 'IXSCAN', indexName: 'tags_1' } },
    });
    expect(explained.executionStats).toMatchObject({ totalKeysExamined: 10 });
    expect(ids(await hinted.clone().hint('tags_1').toArray())).toEqual(ids(await hinted.clone().toArray()));
    expect(ids(await hinted.clone().hint('tags_1').toArray())).toEqual([913, 813]);
    const grouped = await people
      .aggregate([{ $match: { tags: 't13' } }, { $group: { _id: '$workspace', n: { $sum: 1 } } }], {
        hint: { tags: 1 },
      })
      .toArray();
    expect(grouped).toEqual([{ _id: 'w3', n: 10 }]);
    await expect(people.find({ plain: 1 }).hint({ nothing: 1 }).toArray()).rejects.toMatchObject({ code: 2 });
  });

  it('reports the plan through explain(), also from mongoose', async () => {
    const people = await populated();
    const indexed = await people.find({ email: 'user1@x' }).explain('executionStats');
    expect(indexed.queryPlanner.winningPlan.inputStage).toMatchObject({ stage: 'IXSCAN', indexName: 'email_1' });
    expect(indexed.executionStats).toMatchObject({ nReturned: 1, totalDocsExamined: 1 });
    const scanned = await people.find({ plain: 5 }).explain();
    expect(scanned.queryPlanner.winningPlan.stage).toBe('COLLSCAN');
    // The bounds of the chosen index: the points of its equalities, then the range after them.
    const ranged = await people
      .find({ workspace: { $in: ['w1', 'w2'] }, createdAt: { $gte: new Date(0), $lt: new Date(5000) } })
      .explain();
    expect(ranged.queryPlanner.winningPlan.inputStage).toMatchObject({
      indexName: 'workspace_1_createdAt_1',
      indexBounds: {
        workspace: ['[w1, w1]', '[w2, w2]'],
        createdAt: [`[${String(new Date(0))}, ${String(new Date(5000))})`],
      },
    });
    expect(
      ids(await people.find({ workspace: { $in: ['w1', 'w2'] }, createdAt: { $lt: new Date(5000) } }).toArray()).sort(),
    ).toEqual([1, 2]);

    const connection = await openConnection();
    const Person = connection.model('Person', new mongoose.Schema({ email: { type: String, index: true } }));
    await Person.init();
    await Person.insertMany(Array.from({ length: 50 }, (_, i) => ({ email: `p${i}@x` })));
    const explained = (await Person.find({ email: 'p7@x' }).explain('executionStats')) as unknown as mongo.Document;
    expect(explained.executionStats).toMatchObject({ nReturned: 1, totalDocsExamined: 1 });
  });
});
