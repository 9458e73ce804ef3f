import * as fs from 'node:fs';
import * as path from 'node:path';
import { SNAPSHOT_FILE } from '../data-dir';
import type { EmbeddedCollection } from '../index';
import { frame, scanFrames } from '../journal';
import { decodeRecord, encodeRecord, type JournalOperation } from '../journal-records';
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
      Array.from({ length: 300 }, (_, i) => ({
        _id: i,
        group: `g${i % 3}`,
        rank: i,
        code: `c${i}`,
        tags: [`t${i % 7}`, 'all'],
      })),
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

describe('index keys written to a snapshot while writes go on', () => {
  it('holds the keys as of the snapshot, so the journal replayed onto them gives the same answers', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    const items = client.db().collection<Loose>('items');
    await items.createIndex({ group: 1, rank: 1 });
    // Enough documents for hundreds of index leaves.
    const count = 20_000;
    await items.insertMany(Array.from({ length: count }, (_, i) => ({ _id: i, group: `g${i % 5}`, rank: i })));
    // Writes one after another for as long as the snapshot is being written (it yields between
    // frames): keys move, come and go in leaves the snapshot has captured.
    let compacting = true;
    // A compaction the store began on its own (at open) ends first, so only this one is counted.
    await client.store.whenIdle();
    const completed = client.store.compactionsCompleted;
    const compaction = client.store.compact().finally(() => {
      compacting = false;
    });
    let writes = 0;
    while (compacting) {
      const id = (writes * 7919) % count;
      if (writes % 3 === 0) await items.updateOne({ _id: id }, { $set: { group: `g${writes % 7}`, rank: -writes } });
      else if (writes % 3 === 1) await items.deleteOne({ _id: id });
      else await items.insertOne({ _id: count + writes, group: `g${writes % 4}`, rank: writes });
      writes++;
    }
    await compaction;
    // The snapshot was written (a failed one would leave the whole journal to replay).
    expect(client.store.compactionsCompleted).toBe(completed + 1);
    expect(writes).toBeGreaterThan(10);
    const groups = ['g0', 'g1', 'g2', 'g3', 'g4', 'g5', 'g6'];
    const answers = async (collection: typeof items) => ({
      perGroup: await Promise.all(groups.map((group) => collection.countDocuments({ group }))),
      all: await collection.countDocuments({}),
      firstOfEach: await Promise.all(
        groups.map(async (group) =>
          (await collection.find({ group }).sort({ rank: 1 }).limit(3).toArray()).map((document) => document._id),
        ),
      ),
      lastOfEach: await Promise.all(
        groups.map(async (group) =>
          (await collection.find({ group }).sort({ rank: -1 }).limit(3).toArray()).map((document) => document._id),
        ),
      ),
    });
    const before = await answers(items);
    // Counted through the index, the groups add up to every document: no key is missing or extra.
    expect(before.perGroup.reduce((sum, value) => sum + value, 0)).toBe(before.all);
    await client.close();

    const reopened = (await openClient({ dataDir })).db().collection<Loose>('items');
    expect(await answers(reopened)).toEqual(before);
  });
});

describe('index keys of a snapshot of the first format', () => {
  // The first format ended every key with the encoded _id, also the _id index's keys (the _id
  // twice). Such a snapshot is opened by rebuilding the indexes from its documents.
  function asFirstFormat(dataDir: string): void {
    const file = path.join(dataDir, SNAPSHOT_FILE);
    const frames = scanFrames(fs.readFileSync(file)).payloads.map((payload) => {
      const operations = decodeRecord(payload, true).map((operation): JournalOperation => {
        if (operation.kind === 'snapshotHeader') return { ...operation, format: 1 };
        if (operation.kind !== 'indexKeys' || operation.name !== '_id_') return operation;
        // [u32 length][key][u32 length][_id key] per entry; the key written twice.
        const entries = operation.entries as Buffer;
        const parts: Buffer[] = [];
        for (let offset = 0; offset < entries.length;) {
          const keyLength = entries.readUInt32LE(offset);
          const key = entries.subarray(offset + 4, offset + 4 + keyLength);
          const idLength = entries.readUInt32LE(offset + 4 + keyLength);
          const length = Buffer.alloc(4);
          length.writeUInt32LE(2 * keyLength);
          parts.push(length, key, key, entries.subarray(offset + 4 + keyLength, offset + 8 + keyLength + idLength));
          offset += 8 + keyLength + idLength;
        }
        return { ...operation, entries: Buffer.concat(parts) };
      });
      return frame(encodeRecord(operations));
    });
    fs.writeFileSync(file, Buffer.concat(frames));
  }

  it('rebuilds the indexes instead of loading keys laid out otherwise', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    const items = client.db().collection<Loose>('items');
    await items.createIndex({ name: 1, _id: 1 });
    await items.insertMany(Array.from({ length: 100 }, (_, i) => ({ _id: i, name: `n${i % 10}` })));
    await client.store.compact();
    await client.close();
    asFirstFormat(dataDir);

    const reopened = await openClient({ dataDir });
    const again = reopened.db().collection<Loose>('items');
    await again.deleteMany({ _id: { $in: [3, 50, 99] } });
    // Counted from the _id index's keys: a key the deletes did not find would be counted.
    expect(await again.countDocuments({ _id: { $gte: 0 } })).toBe(97);
    expect(
      (
        await again
          .find({ _id: { $gt: 48 } })
          .sort({ _id: 1 })
          .limit(3)
          .toArray()
      ).map((item) => item._id),
    ).toEqual([49, 51, 52]);
    expect(
      (await again.find({ name: 'n9' }).sort({ name: 1, _id: -1 }).limit(3).toArray()).map((item) => item._id),
    ).toEqual([89, 79, 69]);
  });
});

describe('keys of an index whose fields hold the _id', () => {
  it('are the values alone: no _id after them, the same order and answers', async () => {
    const client = await openClient();
    const items = client.db().collection<Loose>('items');
    await items.createIndex({ name: 1 });
    await items.createIndex({ name: 1, _id: -1 });
    const ids = Array.from({ length: 500 }, (_, i) => `item-${String(i).padStart(5, '0')}-0123456789`);
    await items.insertMany(ids.map((_id, i) => ({ _id, name: `name ${i % 50}` })));
    const stats = await client.db().command({ collStats: 'items' });
    // {name, _id} holds the same bytes a key as {name} (whose keys end with the _id).
    expect(stats.indexSizes['name_1__id_-1']).toBeLessThanOrEqual(stats.indexSizes.name_1 * 1.1);
    const page = await items.find({ name: 'name 7' }).sort({ name: 1, _id: -1 }).hint({ name: 1, _id: -1 }).toArray();
    expect(page.map((item) => item._id)).toEqual(ids.filter((_, i) => i % 50 === 7).reverse());
    await items.deleteOne({ _id: ids[7] });
    await items.updateOne({ _id: ids[57] }, { $set: { name: 'name 8' } });
    expect(await items.countDocuments({ name: 'name 7' }, { hint: { name: 1, _id: -1 } })).toBe(8);
    expect(await items.countDocuments({ name: 'name 8' }, { hint: { name: 1, _id: -1 } })).toBe(11);
  });
});
