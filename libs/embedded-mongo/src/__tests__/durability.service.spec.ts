import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import mongoose, { mongo } from 'mongoose';
import { DataDirectoryLockedError, openEmbeddedMongo } from '../index';
import { scanFrames } from '../journal';
import { decodeRecord } from '../journal-records';
import {
  cleanUp,
  journalFiles,
  openClient,
  openConnection,
  settledYet,
  temporaryDataDir,
  type Loose,
} from './test-store';

afterEach(cleanUp);

describe('durability', () => {
  it('keeps BSON types across a close and reopen', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    const id = new mongo.ObjectId();
    const document = {
      _id: id,
      at: new Date('2024-05-06T07:08:09.010Z'),
      price: new mongo.Decimal128('12.345'),
      bytes: Buffer.from([1, 2, 3]),
      uuid: new mongo.UUID('0c3f7e36-64a9-4d4c-8d7a-3e5f6c1b2a90'),
      big: mongo.Long.fromString('9007199254740993'),
      nested: { list: [1, 'two', null, { three: true }], regex: /ab+c/i },
      ref: new mongo.ObjectId(),
    };
    await client.db().collection<Loose>('typed').insertOne(document);
    await client.close();

    const stored = await (await openClient({ dataDir })).db().collection<Loose>('typed').findOne({ _id: id });
    expect(stored?._id).toBeInstanceOf(mongo.ObjectId);
    expect((stored?._id as mongo.ObjectId).equals(id)).toBe(true);
    expect(stored?.at).toEqual(document.at);
    expect(stored?.price).toBeInstanceOf(mongo.Decimal128);
    expect(String(stored?.price)).toBe('12.345');
    expect(stored?.bytes).toBeInstanceOf(mongo.Binary);
    expect(Buffer.from((stored?.bytes as mongo.Binary).buffer)).toEqual(Buffer.from([1, 2, 3]));
    expect((stored?.uuid as mongo.Binary).sub_type).toBe(mongo.Binary.SUBTYPE_UUID);
    expect(String(stored?.big)).toBe('9007199254740993');
    expect(stored?.nested).toEqual({ list: [1, 'two', null, { three: true }], regex: /ab+c/i });
    expect(stored?.ref).toEqual(document.ref);
  });

  it('has the record in the journal file by the time a write resolves', async () => {
    const dataDir = temporaryDataDir();
    const items = (await openClient({ dataDir, dbName: 'app' })).db().collection<Loose>('items');
    await items.insertOne({ _id: 'first', value: 1 });
    const [journal] = journalFiles(dataDir);
    const operations = scanFrames(fs.readFileSync(journal)).payloads.flatMap((payload) => decodeRecord(payload));
    expect(operations).toEqual([{ kind: 'put', db: 'app', collection: 'items', doc: { _id: 'first', value: 1 } }]);
  });

  it('ignores a torn last record and keeps working', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    const items = client.db().collection<Loose>('items');
    await items.insertMany([{ _id: 1 }, { _id: 2 }]);
    await items.insertOne({ _id: 3, name: 'last complete' });
    await client.close();

    const [journal] = journalFiles(dataDir);
    const intact = fs.readFileSync(journal);
    const records = scanFrames(intact).payloads;
    // A crash in the middle of appending: half of a copy of the last record, then garbage.
    const lastFrameLength = 8 + records[records.length - 1].length;
    const lastFrame = intact.subarray(intact.length - lastFrameLength);
    fs.appendFileSync(journal, Buffer.concat([lastFrame.subarray(0, lastFrameLength / 2), Buffer.from([0xde, 0xad])]));

    const reopened = await openClient({ dataDir });
    const reopenedItems = reopened.db().collection<Loose>('items');
    expect((await reopenedItems.find().toArray()).map((item) => item._id)).toEqual([1, 2, 3]);
    await reopenedItems.insertOne({ _id: 4 });
    await reopened.close();
    expect(await (await openClient({ dataDir })).db().collection<Loose>('items').countDocuments()).toBe(4);
  });

  it('drops a last record whose checksum does not match', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    const items = client.db().collection<Loose>('items');
    await items.insertOne({ _id: 1 });
    await items.insertOne({ _id: 2 });
    await client.close();
    const [journal] = journalFiles(dataDir);
    const bytes = fs.readFileSync(journal);
    bytes[bytes.length - 2] = bytes[bytes.length - 2] ^ 0xff;
    fs.writeFileSync(journal, bytes);
    expect(
      (await (await openClient({ dataDir })).db().collection<Loose>('items').find().toArray()).map((item) => item._id),
    ).toEqual([1]);
  });

  it('persists drops of collections and databases', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    await client.db('one').collection<Loose>('keep').insertOne({ _id: 1 });
    await client.db('one').collection<Loose>('gone').insertOne({ _id: 1 });
    await client.db('two').collection<Loose>('x').insertOne({ _id: 1 });
    await client.db('one').collection<Loose>('gone').drop();
    await client.db('two').dropDatabase();
    await client.close();
    const reopened = await openClient({ dataDir });
    expect((await reopened.db('one').listCollections().toArray()).map((info) => info.name)).toEqual(['keep']);
    expect(await reopened.db('two').listCollections().toArray()).toEqual([]);
  });

  it('batches concurrent writes into few fsyncs (group commit)', async () => {
    const client = await openClient();
    const items = client.db().collection<Loose>('items');
    await items.insertOne({ _id: -1 });
    const before = client.store.journalStatistics();
    await Promise.all(Array.from({ length: 200 }, (_, i) => items.insertOne({ _id: i })));
    const after = client.store.journalStatistics();
    expect(after.records - before.records).toBe(200);
    expect(after.syncs - before.syncs).toBeLessThan(10);
  });

  describe('a write that may wait (gatherWrites)', () => {
    // Far longer than a test may take: a write that waited it out would time the test out.
    const options = { groupCommitMs: 60_000, gatherWrites: () => true };

    it('does not wait when no other transaction is open', async () => {
      const client = await openClient(options);
      const before = client.store.journalStatistics();
      await client.db().collection<Loose>('items').insertOne({ _id: 'alone' });
      expect(client.store.journalStatistics().syncs - before.syncs).toBe(1);
    });

    it('waits while writes that may not wait keep coming, and goes with the next one', async () => {
      let mayWait = false;
      const client = await openClient({ ...options, gatherWrites: () => mayWait });
      const items = client.db().collection<Loose>('items');
      await items.insertOne({ _id: 'request 1' });
      const before = client.store.journalStatistics();
      mayWait = true;
      const waiting = items.insertOne({ _id: 'batch' });
      expect(await settledYet(waiting, 5)).toBe(false);
      mayWait = false;
      await items.insertOne({ _id: 'request 2' });
      await waiting;
      expect(client.store.journalStatistics().syncs - before.syncs).toBe(1);
    });

    it.each(['commits', 'aborts'] as const)(
      'waits while another transaction is open and shares its fsync, until it %s',
      async (end) => {
        const client = await openClient(options);
        const items = client.db().collection<Loose>('items');
        await items.insertOne({ _id: 'first' });
        const before = client.store.journalStatistics();
        const session = client.startSession();
        session.startTransaction();
        await items.insertOne({ _id: 'in the transaction' }, { session });
        const waiting = items.insertOne({ _id: 'waiting' });
        expect(await settledYet(waiting, 5)).toBe(false);
        if (end === 'commits') await session.commitTransaction();
        else await session.abortTransaction();
        await waiting;
        await session.endSession();
        expect(client.store.journalStatistics().syncs - before.syncs).toBe(1);
        const ids = (await items.find().toArray()).map((item) => item._id);
        expect(ids.sort()).toEqual(
          end === 'commits' ? ['first', 'in the transaction', 'waiting'] : ['first', 'waiting'],
        );
      },
    );
  });

  it('lets the journal grow as large as the last snapshot before it writes the next one', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir, compactThresholdBytes: 16 * 1024 });
    const items = client.db().collection<Loose>('items');
    const text = 'x'.repeat(1000);
    // About 200 KiB of data, then a snapshot of it.
    await items.insertMany(Array.from({ length: 200 }, (_, n) => ({ _id: n, text })));
    await client.store.compact();
    const snapshotBytes = fs.statSync(path.join(dataDir, 'snapshot.bson')).size;
    expect(snapshotBytes).toBeGreaterThan(200 * 1000);
    const compactions = client.store.compactionsCompleted;
    // Past the threshold but well short of the snapshot's size: no rewrite of the whole store.
    for (let n = 0; n < 10; n++) await items.insertMany(Array.from({ length: 5 }, () => ({ text })));
    await client.store.whenIdle();
    expect(client.store.compactionsCompleted).toBe(compactions);
    // Past the snapshot's size: the next snapshot.
    for (let n = 0; n < 50; n++) await items.insertMany(Array.from({ length: 5 }, () => ({ text })));
    await client.store.whenIdle();
    expect(client.store.compactionsCompleted).toBe(compactions + 1);
    await client.close();
  });

  it('writes a new snapshot when the journal passes the threshold, and recovers from it', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir, compactThresholdBytes: 16 * 1024 });
    const items = client.db().collection<Loose>('items');
    await items.createIndex({ n: 1 }, { unique: true });
    for (let batch = 0; batch < 20; batch++) {
      await items.insertMany(Array.from({ length: 20 }, (_, i) => ({ n: batch * 20 + i, text: 'x'.repeat(100) })));
    }
    await items.deleteMany({ n: { $lt: 100 } });
    await client.store.whenIdle();
    expect(client.store.compactionsCompleted).toBeGreaterThan(0);
    expect(journalFiles(dataDir).length).toBeLessThanOrEqual(2);
    await client.close();

    const reopenedClient = await openClient({ dataDir });
    const reopened = reopenedClient.db().collection<Loose>('items');
    expect(await reopened.countDocuments()).toBe(300);
    expect(await reopened.findOne({ n: 399 })).toMatchObject({ n: 399 });
    await expect(reopened.insertOne({ n: 150 })).rejects.toMatchObject({ code: 11000 });
    // Start-up folded the replayed journal into a new snapshot and left one journal.
    await reopenedClient.store.whenIdle();
    expect(journalFiles(dataDir)).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, 'snapshot.bson'))).toBe(true);
  });
  it('compacts while writes are in flight without losing or resurrecting anything', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    const items = client.db().collection<Loose>('items');
    await items.insertMany(Array.from({ length: 100 }, (_, i) => ({ _id: i, n: 0 })));
    const writes = [
      ...Array.from({ length: 100 }, (_, i) => items.insertOne({ _id: 100 + i, n: 0 })),
      ...Array.from({ length: 50 }, (_, i) => items.updateOne({ _id: i }, { $inc: { n: 1 } })),
      items.deleteMany({ _id: { $gte: 90, $lt: 100 } }),
    ];
    const compaction = client.store.compact();
    await Promise.all([...writes, compaction]);
    await items.updateMany({ _id: { $lt: 10 } }, { $inc: { n: 10 } });
    await client.close();

    const reopened = (await openClient({ dataDir })).db().collection<Loose>('items');
    expect(await reopened.countDocuments()).toBe(190);
    expect(await reopened.countDocuments({ n: 11 })).toBe(10);
    expect(await reopened.countDocuments({ n: 1 })).toBe(40);
    expect(await reopened.findOne({ _id: 95 })).toBeNull();
  });
});

describe('one writer per data directory', () => {
  it('refuses a second open while the first is open, and allows it after close', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    await expect(openEmbeddedMongo({ dataDir })).rejects.toBeInstanceOf(DataDirectoryLockedError);
    await expect(openEmbeddedMongo({ dataDir })).rejects.toThrow(/already open/);
    await client.close();
    const again = await openClient({ dataDir });
    expect(again.store.isOpen).toBe(true);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = temporaryDataDir();
    const gone = spawnSync(process.execPath, ['-e', '']);
    fs.writeFileSync(path.join(dataDir, 'LOCK'), `${gone.pid}\n`);
    const client = await openClient({ dataDir });
    expect(client.store.isOpen).toBe(true);
  });

  it('closes the store when the mongoose connection closes', async () => {
    const dataDir = temporaryDataDir();
    const client = await openEmbeddedMongo({ dataDir, dbName: 'identity' });
    const connection = mongoose.createConnection();
    connection.setClient(client);
    const Note = connection.model('Note', new mongoose.Schema({ text: String }));
    await Note.create({ text: 'kept' });
    await connection.close();
    expect(fs.existsSync(path.join(dataDir, 'LOCK'))).toBe(false);

    const reopened = await openConnection(await openClient({ dataDir, dbName: 'identity' }));
    const ReopenedNote = reopened.model('Note', new mongoose.Schema({ text: String }));
    expect((await ReopenedNote.find().lean()).map((note) => note.text)).toEqual(['kept']);
  });
});
