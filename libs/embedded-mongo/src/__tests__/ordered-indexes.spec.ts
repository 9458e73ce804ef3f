import { mongo } from 'mongoose';
import type { EmbeddedCollection } from '../index';
import { cleanUp, openClient, type Loose } from './test-store';

afterEach(cleanUp);

const WORKSPACES = 4;
const PER_WORKSPACE = 500;

function countersOf(collection: mongo.Collection<Loose>): ReturnType<EmbeddedCollection['executionCounters']> {
  return (collection as unknown as EmbeddedCollection).executionCounters();
}

async function companies(): Promise<mongo.Collection<Loose>> {
  const collection = (await openClient()).db().collection<Loose>('companies');
  await collection.createIndex({ workspace_id: 1, created_at: 1, _id: 1 });
  await collection.createIndex({ workspace_id: 1, name: 1 });
  const documents: Loose[] = [];
  for (let i = 0; i < WORKSPACES * PER_WORKSPACE; i++) {
    documents.push({
      _id: `c${String(i).padStart(5, '0')}`,
      workspace_id: `w${i % WORKSPACES}`,
      name: `Company ${(i * 7919) % 10_000}`,
      // Ties on created_at, so pages must break them by _id.
      created_at: new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 8) * 60_000),
      employees: i % 100,
    });
  }
  await collection.insertMany(documents);
  return collection;
}

type Explain = {
  queryPlanner: { winningPlan: mongo.Document };
  executionStats: { totalKeysExamined: number; totalDocsExamined: number; nReturned: number };
};

function scanOf(explain: Explain): mongo.Document {
  let stage = explain.queryPlanner.winningPlan;
  while (stage.inputStage && stage.stage !== 'IXSCAN') stage = stage.inputStage as mongo.Document;
  return stage;
}

describe('ordered indexes', () => {
  it('indexes and finds values far longer than a usual key, and keys after them alike', async () => {
    const collection = (await openClient()).db().collection<Loose>('notes');
    await collection.createIndex({ title: 1, at: -1 });
    const long = 'é'.repeat(200_000);
    await collection.insertMany([
      { _id: 'short', title: 'b', at: new Date(1) },
      { _id: 'long', title: long, at: new Date(2) },
      { _id: 'longer', title: `${long}z`, at: new Date(3) },
      { _id: 'after', title: 'a', at: new Date(4) },
    ]);
    const found = await collection.find({ title: long }).hint({ title: 1, at: -1 }).toArray();
    expect(found.map((document) => document._id)).toEqual(['long']);
    const ordered = await collection.find({}).hint({ title: 1, at: -1 }).sort({ title: 1, at: -1 }).toArray();
    expect(ordered.map((document) => document._id)).toEqual(['after', 'short', 'long', 'longer']);
    const exact = await collection.find({ title: 'a' }).hint({ title: 1, at: -1 }).toArray();
    expect(exact.map((document) => document._id)).toEqual(['after']);
  });

  it('orders dates by time through an index, before 1970, across 2^32 ms and at the ends of the range, both ways', async () => {
    const collection = (await openClient()).db().collection<Loose>('moments');
    await collection.createIndex({ at: 1 });
    await collection.createIndex({ kind: 1, at: -1 });
    const times = [
      -8.64e15,
      -(2 ** 32) - 1,
      -(2 ** 32),
      -1,
      0,
      1,
      // The low half's top bit.
      2 ** 31 - 1,
      2 ** 31,
      2 ** 32 - 1,
      2 ** 32,
      Date.UTC(2026, 10, 30),
      8.64e15,
    ];
    // Inserted out of order, so the index, not insertion, gives the order.
    const shuffled = times
      .map((time, position) => ({ time, position }))
      .sort((a, b) => (a.position % 3) - (b.position % 3));
    await collection.insertMany(shuffled.map(({ time }) => ({ _id: `t${time}`, kind: 'moment', at: new Date(time) })));
    const ids = times.map((time) => `t${time}`);
    const ascending = await collection
      .find({ at: { $gte: new Date(-8.64e15) } })
      .hint({ at: 1 })
      .sort({ at: 1 })
      .toArray();
    expect(ascending.map((document) => document._id)).toEqual(ids);
    const descending = await collection.find({ kind: 'moment' }).hint({ kind: 1, at: -1 }).sort({ at: -1 }).toArray();
    expect(descending.map((document) => document._id)).toEqual([...ids].reverse());
    const between = await collection
      .find({ kind: 'moment', at: { $gt: new Date(-(2 ** 32)), $lte: new Date(2 ** 32) } })
      .hint({ kind: 1, at: -1 })
      .toArray();
    expect(between.map((document) => document._id)).toEqual([
      't4294967296',
      't4294967295',
      't2147483648',
      't2147483647',
      't1',
      't0',
      't-1',
    ]);
  });

  it('serves equality + range + sort + limit from the index without a scan or an in-memory sort', async () => {
    const collection = await companies();
    const cutoff = new Date(Date.UTC(2024, 0, 1) + 100 * 60_000);
    const cursor = () =>
      collection
        .find({ workspace_id: 'w1', created_at: { $lt: cutoff } })
        .sort({ created_at: -1, _id: -1 })
        .limit(25);
    const page = await cursor().toArray();
    const explain = (await cursor().explain('executionStats')) as unknown as Explain;

    const expected = (await collection.find({ workspace_id: 'w1' }).toArray())
      .filter((document) => (document.created_at as Date) < cutoff)
      .sort(
        (a, b) =>
          (b.created_at as Date).getTime() - (a.created_at as Date).getTime() ||
          (String(a._id) < String(b._id) ? 1 : -1),
      )
      .slice(0, 25);
    expect(page.map((document) => document._id)).toEqual(expected.map((document) => document._id));
    expect(scanOf(explain)).toMatchObject({
      stage: 'IXSCAN',
      indexName: 'workspace_id_1_created_at_1__id_1',
      direction: 'backward',
    });
    expect(explain.queryPlanner.winningPlan.stage).not.toBe('SORT');
    expect(explain.executionStats.totalDocsExamined).toBe(25);
    expect(explain.executionStats.totalKeysExamined).toBe(25);
  });

  it('pages with keyset cursors ($or after a sort key) examining one page each, and visits every document once', async () => {
    const collection = await companies();
    const seen: string[] = [];
    let after: Loose | undefined;
    let maxExamined = 0;
    for (;;) {
      const filter: mongo.Document = { workspace_id: 'w2' };
      if (after) {
        filter.$or = [
          { created_at: { $lt: after.created_at } },
          { created_at: after.created_at, _id: { $lt: after._id } },
        ];
      }
      const before = countersOf(collection).docsExamined;
      const page = await collection.find(filter).sort({ created_at: -1, _id: -1 }).limit(20).toArray();
      maxExamined = Math.max(maxExamined, countersOf(collection).docsExamined - before);
      if (page.length === 0) break;
      seen.push(...page.map((document) => String(document._id)));
      after = page[page.length - 1];
    }
    expect(seen).toHaveLength(PER_WORKSPACE);
    expect(new Set(seen).size).toBe(PER_WORKSPACE);
    // The page plus the ties on created_at (at most 2 per workspace per minute here).
    expect(maxExamined).toBeLessThanOrEqual(22);
  });

  it('counts over an index range by counting keys, without reading documents', async () => {
    const collection = await companies();
    const cutoff = new Date(Date.UTC(2024, 0, 1) + 50 * 60_000);
    const before = countersOf(collection);
    const counted = await collection.countDocuments({ workspace_id: 'w3', created_at: { $gte: cutoff } });
    const after = countersOf(collection);
    const all = await collection.find({ workspace_id: 'w3' }).toArray();
    expect(counted).toBe(all.filter((document) => (document.created_at as Date) >= cutoff).length);
    expect(after.docsExamined - before.docsExamined).toBe(0);
    expect(after.keysExamined - before.keysExamined).toBe(counted);
  });

  it('counts several intervals and both range bounds exactly as a scan would, with and without skip and limit', async () => {
    const collection = await companies();
    const from = new Date(Date.UTC(2024, 0, 1) + 20 * 60_000);
    const to = new Date(Date.UTC(2024, 0, 1) + 70 * 60_000);
    const filter = { workspace_id: { $in: ['w1', 'w3', 'nobody'] }, created_at: { $gt: from, $lte: to } };
    const matching = (await collection.find({ workspace_id: { $in: ['w1', 'w3'] } }).toArray()).filter(
      (document) => (document.created_at as Date) > from && (document.created_at as Date) <= to,
    ).length;
    expect(matching).toBeGreaterThan(10);
    expect(await collection.countDocuments(filter)).toBe(matching);
    expect(await collection.countDocuments(filter, { skip: 3, limit: 5 })).toBe(5);
    expect(await collection.countDocuments(filter, { skip: matching - 2 })).toBe(2);
    expect(await collection.countDocuments({ workspace_id: 'w1', created_at: { $gt: to, $lt: from } })).toBe(0);
  });

  it('fetches a long _id $in list by key and still applies every other condition, in find and aggregate', async () => {
    const collection = await companies();
    const ids = Array.from({ length: 1500 }, (_, index) => `c${String(index * 3).padStart(5, '0')}`).concat(['nobody']);
    const expected = (await collection.find({ workspace_id: 'w1' }).toArray())
      .filter((document) => ids.includes(String(document._id)))
      .map((document) => document._id);
    expect(expected.length).toBeGreaterThan(10);
    const found = await collection
      .find({ _id: { $in: ids }, workspace_id: 'w1' })
      .sort({ _id: 1 })
      .toArray();
    expect(found.map((document) => document._id)).toEqual([...expected].sort());
    const grouped = await collection
      .aggregate([{ $match: { _id: { $in: ids }, workspace_id: 'w1' } }, { $group: { _id: null, n: { $sum: 1 } } }])
      .toArray();
    expect(grouped).toEqual([{ _id: null, n: expected.length }]);
    // An _id condition the keys alone do not decide is still tested on each document.
    expect(await collection.find({ _id: { $in: ['c00000', 'c00003'], $ne: 'c00000' } }).toArray()).toEqual([
      expect.objectContaining({ _id: 'c00003' }),
    ]);
    expect(await collection.countDocuments({ _id: { $in: ['c00000', 'c00003'] }, employees: 3 })).toBe(1);
  });

  it('runs an aggregate whose leading $match and $sort an index serves', async () => {
    const collection = await companies();
    const pipeline = [
      { $match: { workspace_id: 'w0' } },
      { $sort: { name: 1 } },
      { $limit: 3 },
      { $project: { _id: 0, name: 1 } },
    ];
    const result = await collection.aggregate(pipeline).toArray();
    const explain = (await collection.aggregate(pipeline).explain()) as unknown as Explain;
    const names = (await collection.find({ workspace_id: 'w0' }).toArray())
      .map((document) => String(document.name))
      .sort();
    expect(result).toEqual(names.slice(0, 3).map((name) => ({ name })));
    expect(scanOf(explain)).toMatchObject({
      stage: 'IXSCAN',
      indexName: 'workspace_id_1_name_1',
      direction: 'forward',
    });
    expect(explain.executionStats.totalDocsExamined).toBe(3);

    const grouped = await collection
      .aggregate([
        { $match: { workspace_id: 'w0' } },
        { $group: { _id: '$employees', n: { $sum: 1 } } },
        { $sort: { _id: 1 } },
        { $limit: 2 },
      ])
      .toArray();
    expect(grouped).toEqual([
      { _id: 0, n: 20 },
      { _id: 4, n: 20 },
    ]);
    // A filter that may read any field still sees whole documents when the pipeline reads few.
    const counted = await collection
      .aggregate([
        { $match: { $expr: { $eq: ['$employees', 4] } } },
        { $group: { _id: '$workspace_id', n: { $sum: 1 } } },
      ])
      .toArray();
    expect(counted).toEqual([{ _id: 'w0', n: 20 }]);
    expect(await collection.countDocuments({ $expr: { $lt: ['$employees', 1] } })).toBe(20);
  });

  it('chooses equality fields first, and falls back to a collection scan without a usable index', async () => {
    const collection = await companies();
    const byName = (await collection
      .find({ workspace_id: 'w1', name: 'Company 7919' })
      .explain()) as unknown as Explain;
    expect(scanOf(byName)).toMatchObject({ indexName: 'workspace_id_1_name_1' });
    const sortedByName = (await collection
      .find({ workspace_id: 'w1' })
      .sort({ name: -1 })
      .limit(5)
      .explain()) as unknown as Explain;
    expect(scanOf(sortedByName)).toMatchObject({ indexName: 'workspace_id_1_name_1', direction: 'backward' });
    const unindexed = (await collection.find({ employees: 5 }).explain()) as unknown as Explain;
    expect(unindexed.queryPlanner.winningPlan.stage).toBe('COLLSCAN');
    const sortOnly = (await collection.find({}).sort({ _id: -1 }).limit(2).explain()) as unknown as Explain;
    expect(scanOf(sortOnly)).toMatchObject({ indexName: '_id_', direction: 'backward' });
    expect(sortOnly.executionStats.totalDocsExamined).toBe(2);
    expect((await collection.find({}).sort({ _id: -1 }).limit(2).toArray()).map((document) => document._id)).toEqual([
      'c01999',
      'c01998',
    ]);
  });

  it('keeps results right while documents move between keys', async () => {
    const collection = await companies();
    // w0 holds employee counts 0, 4, ... 96, 20 documents each: 13 of those values are below 50.
    await collection.updateMany({ workspace_id: 'w0', employees: { $lt: 50 } }, { $set: { workspace_id: 'w9' } });
    expect(await collection.countDocuments({ workspace_id: 'w9' })).toBe(260);
    expect(await collection.countDocuments({ workspace_id: 'w0' })).toBe(240);
    await collection.deleteMany({ workspace_id: 'w9', created_at: { $gte: new Date(Date.UTC(2024, 0, 1)) } });
    expect(await collection.countDocuments({ workspace_id: 'w9' })).toBe(0);
    expect(await collection.countDocuments({})).toBe(WORKSPACES * PER_WORKSPACE - 260);
  });

  it('ranges stay within the type bracket and multikey indexes match any element', async () => {
    const items = (await openClient()).db().collection<Loose>('items');
    await items.createIndex({ value: 1 });
    await items.createIndex({ tags: 1 });
    await items.insertMany([
      { _id: 1, value: 5, tags: ['a', 'b'] },
      { _id: 2, value: '5', tags: [] },
      { _id: 3, value: null, tags: ['b'] },
      { _id: 4, value: new Date(5), tags: 'c' },
      { _id: 5, value: [1, 20], tags: ['a'] },
      { _id: 6 },
    ]);
    expect((await items.find({ value: { $gte: 2 } }).toArray()).map((document) => document._id).sort()).toEqual([1, 5]);
    expect((await items.find({ value: { $gt: 4, $lt: 6 } }).toArray()).map((document) => document._id).sort()).toEqual([
      1, 5,
    ]);
    expect((await items.find({ value: { $lt: 'z' } }).toArray()).map((document) => document._id)).toEqual([2]);
    expect((await items.find({ value: null }).toArray()).map((document) => document._id).sort()).toEqual([3, 6]);
    expect((await items.find({ tags: 'a' }).sort({ _id: 1 }).toArray()).map((document) => document._id)).toEqual([
      1, 5,
    ]);
    expect((await items.find({ tags: { $in: ['b', 'c'] } }).toArray()).map((document) => document._id).sort()).toEqual([
      1, 3, 4,
    ]);
    expect(await items.countDocuments({ tags: 'b' })).toBe(2);
  });
});
