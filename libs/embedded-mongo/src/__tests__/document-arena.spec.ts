import { deserializeDocument, serializeDocument } from '../bson-values';
import { DocumentArena, type StoredDocument } from '../document-arena';
import { cleanUp, openClient, type Loose } from './test-store';

afterEach(cleanUp);

const bytesOf = (id: number, size = 200) => serializeDocument({ _id: id, text: 'x'.repeat(size) });
const idOf = (stored: StoredDocument) => deserializeDocument(stored.bytes as Buffer)._id;
// The largest slab: the one being filled may be that much, mostly unused.
const SLAB = 1024 * 1024;

describe('DocumentArena', () => {
  it('packs documents into a few slabs and gives each back as it was stored', () => {
    const arena = new DocumentArena();
    const stored = Array.from({ length: 50_000 }, (_, id) => arena.store(bytesOf(id), 1, undefined));
    expect(stored.map(idOf)).toEqual(Array.from({ length: 50_000 }, (_, id) => id));
    const { slabs, storageBytes, dataBytes } = arena.stats();
    expect(dataBytes).toBe(50_000 * bytesOf(0).length);
    // Slabs of an eighth of what is held, up to 1 MiB: unused only in the one being filled.
    expect(slabs).toBeLessThan(50);
    expect(storageBytes).toBeLessThan(dataBytes * 1.15);
  });

  it('moves the versions still stored out of a slab mostly released, and lets the slab go', () => {
    const arena = new DocumentArena();
    const stored = Array.from({ length: 20_000 }, (_, id) => arena.store(bytesOf(id), 1, undefined));
    const before = arena.stats();
    // Nine in ten released: every full slab is compacted, what is left packs into a tenth.
    for (const version of stored) if (Number(idOf(version)) % 10 !== 0) arena.release(version);
    const after = arena.stats();
    expect(after.dataBytes).toBe(2_000 * bytesOf(0).length);
    expect(after.storageBytes).toBeLessThan(before.storageBytes / 4);
    const kept = stored.filter((version) => !version.released);
    expect(kept.map(idOf)).toEqual(Array.from({ length: 2_000 }, (_, index) => index * 10));
  });

  it('keeps a released version readable as it was, and a view taken before a compaction', () => {
    const arena = new DocumentArena();
    const stored = Array.from({ length: 10_000 }, (_, id) => arena.store(bytesOf(id), 1, undefined));
    const released = stored[3];
    const view = stored[4].bytes as Buffer;
    for (const version of stored.slice(0, 9_000)) if (version !== stored[4]) arena.release(version);
    // Writes after the compaction reuse no memory a view may still hold.
    for (let id = 10_000; id < 20_000; id++) arena.store(bytesOf(id), 2, undefined);
    expect(idOf(released)).toBe(3);
    expect(deserializeDocument(view)._id).toBe(4);
    expect(idOf(stored[4])).toBe(4);
    expect(stored[4].slab).not.toBe(released.slab);
  });

  it("places a document that fills a new slab before moving a retired slab's versions into it", () => {
    const arena = new DocumentArena();
    // The first slab (16 KiB) nearly full, most of it released while it was being filled.
    const small = Array.from({ length: 70 }, (_, id) => arena.store(bytesOf(id), 1, undefined));
    for (const version of small.slice(0, 50)) arena.release(version);
    // Too large for what is left: a new slab of its size, and the first one is compacted.
    const large = arena.store(bytesOf(1000, 16 * 1024), 1, undefined);
    expect(idOf(large)).toBe(1000);
    expect(small.slice(50).map(idOf)).toEqual(Array.from({ length: 20 }, (_, index) => 50 + index));
    expect(small[50].slab).not.toBe(small[0].slab);
  });

  it('counts a version released twice once', () => {
    const arena = new DocumentArena();
    const [first] = [arena.store(bytesOf(1), 1, undefined), arena.store(bytesOf(2), 1, undefined)];
    arena.release(first);
    arena.release(first);
    expect(arena.stats().dataBytes).toBe(bytesOf(2).length);
  });

  it('gives a document larger than a slab a slab of its own and goes on filling the one it was filling', () => {
    const arena = new DocumentArena();
    const small = arena.store(bytesOf(1), 1, undefined);
    const large = arena.store(bytesOf(2, 3 * 1024 * 1024), 1, undefined);
    const next = arena.store(bytesOf(3), 1, undefined);
    expect(large.slab).not.toBe(small.slab);
    expect(next.slab).toBe(small.slab);
    expect([small, large, next].map(idOf)).toEqual([1, 2, 3]);
    arena.release(large);
    expect(arena.stats().storageBytes).toBeLessThan(1024 * 1024);
  });

  it('gives a tombstone no bytes', () => {
    const arena = new DocumentArena();
    const tombstone = arena.tombstone(2, arena.store(bytesOf(1), 1, undefined));
    expect(tombstone.isTombstone).toBe(true);
    expect(tombstone.bytes).toBeNull();
    expect(idOf(tombstone.older as StoredDocument)).toBe(1);
  });
});

describe('memory of a collection rewritten over and over', () => {
  it('stays near what its documents take, and every document reads its last write', async () => {
    const client = await openClient();
    const collection = client.db().collection<Loose>('counts');
    await collection.insertMany(
      Array.from({ length: 2_000 }, (_, id) => ({ _id: id, round: 0, pad: 'p'.repeat(300) })),
    );
    for (let round = 1; round <= 10; round++) {
      await collection.bulkWrite(
        Array.from({ length: 2_000 }, (_, id) => ({
          updateOne: { filter: { _id: id }, update: { $set: { round, pad: 'q'.repeat(300 + round) } } },
        })),
      );
    }
    const stats = await client.db().stats();
    expect(stats.objects).toBe(2_000);
    // Eleven versions of each document were written; memory holds at most two (a slab is
    // compacted once half of it is released), and the slab being filled.
    expect(stats.storageSize).toBeLessThan(stats.dataSize * 2 + SLAB);
    expect(stats.dataSize).toBeGreaterThan(2_000 * 300);
    expect(stats.indexSize).toBeGreaterThan(0);
    const documents = await collection.find({}).sort({ _id: 1 }).toArray();
    expect(documents.map((document) => [document._id, document.round, String(document.pad).length])).toEqual(
      Array.from({ length: 2_000 }, (_, id) => [id, 10, 310]),
    );
  });

  it('a transaction reads the versions of its start while a compaction moves them', async () => {
    const client = await openClient();
    const collection = client.db().collection<Loose>('counts');
    await collection.insertMany(
      Array.from({ length: 1_000 }, (_, id) => ({ _id: id, round: 0, pad: 'p'.repeat(500) })),
    );
    const session = client.startSession();
    session.startTransaction();
    expect(await collection.countDocuments({ round: 0 }, { session })).toBe(1_000);
    for (let round = 1; round <= 5; round++) {
      await collection.updateMany({}, { $set: { round } });
    }
    const seen = await collection.find({}, { session }).sort({ _id: 1 }).toArray();
    expect(seen.map((document) => document.round)).toEqual(Array(1_000).fill(0));
    await session.abortTransaction();
    await session.endSession();
    expect(await collection.countDocuments({ round: 5 })).toBe(1_000);
    const stats = await client.db().stats();
    expect(stats.storageSize).toBeLessThan(stats.dataSize * 2 + SLAB);
  });

  it('collStats says what one collection and each of its indexes hold; an unknown one is NamespaceNotFound', async () => {
    const client = await openClient();
    const collection = client.db().collection<Loose>('people');
    await collection.createIndex({ name: 1 });
    const people = Array.from({ length: 500 }, (_, id) => ({ _id: id, name: `Person ${id}` }));
    await collection.insertMany(people);
    const stats = await client.db().command({ collStats: 'people' });
    expect(stats).toMatchObject({ ns: 'test.people', count: 500, nindexes: 2, ok: 1 });
    expect(stats.size).toBe(people.reduce((total, person) => total + serializeDocument(person).length, 0));
    expect(Object.keys(stats.indexSizes)).toEqual(['_id_', 'name_1']);
    expect(stats.indexSizes.name_1).toBeGreaterThan(500 * 'Person 0'.length);
    expect(stats.totalIndexSize).toBe(stats.indexSizes._id_ + stats.indexSizes.name_1);
    await expect(client.db().command({ collStats: 'nobody' })).rejects.toMatchObject({ codeName: 'NamespaceNotFound' });
  });
});
