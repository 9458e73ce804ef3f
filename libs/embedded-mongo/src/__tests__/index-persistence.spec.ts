import type { EmbeddedCollection } from '../index';
import { cleanUp, openClient, temporaryDataDir, type Loose } from './test-store';

afterEach(cleanUp);

// Snapshots carry the indexes' keys, so opening loads them instead of rebuilding; the journal
// written after the snapshot is then replayed onto the loaded indexes.
describe('indexes across a snapshot and a journal', () => {
  it('answers through the same keys after a reopen as before', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    const items = client.db().collection<Loose>('items');
    await items.createIndex({ group: 1, rank: -1 });
    await items.createIndex({ code: 1 }, { unique: true });
    await items.createIndex({ tags: 1 });
    await items.insertMany(
      Array.from({ length: 300 }, (_, i) => ({ _id: i, group: `g${i % 3}`, rank: i, code: `c${i}`, tags: [`t${i % 7}`, 'all'] })),
    );
    await client.store.compact();
    // After the snapshot: keys move, documents go and come.
    await items.updateMany({ group: 'g0', rank: { $lt: 30 } }, { $set: { group: 'g9' } });
    await items.deleteMany({ group: 'g1', rank: { $gte: 250 } });
    await items.insertOne({ _id: 1000, group: 'g2', rank: 1000, code: 'c1000', tags: ['t0'] });
    await client.close();

    const reopened = await openClient({ dataDir });
    const again = reopened.db().collection<Loose>('items');
    const ids = async (filter: Loose, sort: Loose): Promise<unknown[]> =>
      (await again.find(filter).sort(sort).limit(5).toArray()).map((document) => document._id);
    expect(await ids({ group: 'g2' }, { rank: -1 })).toEqual([1000, 299, 296, 293, 290]);
    expect(await ids({ group: 'g9' }, { rank: 1 })).toEqual([0, 3, 6, 9, 12]);
    expect(await ids({ group: 'g1' }, { rank: -1 })).toEqual([247, 244, 241, 238, 235]);
    expect(await again.countDocuments({ group: 'g0' })).toBe(90);
    expect(await again.countDocuments({ tags: 't0' })).toBe(42);
    await expect(again.insertOne({ _id: 2000, code: 'c5' })).rejects.toMatchObject({ code: 11000 });
    // No key is left behind or missing: counting keys equals counting documents.
    const counters = (again as unknown as EmbeddedCollection).executionCounters();
    const before = counters.keysExamined;
    expect(await again.countDocuments({ group: { $gte: 'g' } })).toBe(await again.countDocuments({}));
    expect((again as unknown as EmbeddedCollection).executionCounters().keysExamined - before).toBe(300 - 17 + 1);
    const explain = (await again.find({ group: 'g2' }).sort({ rank: -1 }).limit(5).explain()) as Loose;
    expect(explain.executionStats).toMatchObject({ totalKeysExamined: 5, totalDocsExamined: 5 });
  });
});
