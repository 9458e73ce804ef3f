import * as fs from 'node:fs';
import mongoose, { mongo } from 'mongoose';
import { scanFrames } from '../journal';
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

describe('transactions', () => {
  it('stages writes: visible inside the session, invisible to others until commit', async () => {
    const client = await openClient();
    const accounts = client.db().collection<Loose>('accounts');
    await accounts.createIndex({ owner: 1 });
    await accounts.insertMany([
      { _id: 'a', owner: 'ann', balance: 100 },
      { _id: 'b', owner: 'bob', balance: 0 },
    ]);

    const session = client.startSession();
    session.startTransaction();
    await accounts.updateOne({ _id: 'a' }, { $inc: { balance: -30 } }, { session });
    await accounts.updateOne({ _id: 'b' }, { $inc: { balance: 30 } }, { session });
    await accounts.insertOne({ _id: 'c', owner: 'cid', balance: 1 }, { session });
    await accounts.deleteOne({ _id: 'c' }, { session });
    await accounts.insertOne({ _id: 'd', owner: 'dee', balance: 5 }, { session });

    expect((await accounts.findOne({ _id: 'a' }, { session }))?.balance).toBe(70);
    expect((await accounts.findOne({ owner: 'dee' }, { session }))?._id).toBe('d');
    expect(await accounts.countDocuments({}, { session })).toBe(3);
    expect((await accounts.findOne({ _id: 'a' }))?.balance).toBe(100);
    expect(await accounts.findOne({ owner: 'dee' })).toBeNull();

    await session.commitTransaction();
    await session.endSession();
    expect((await accounts.find().sort({ _id: 1 }).toArray()).map((account) => [account._id, account.balance])).toEqual(
      [
        ['a', 70],
        ['b', 30],
        ['d', 5],
      ],
    );
  });

  it('discards everything on abort, also after a restart', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    const items = client.db().collection<Loose>('items');
    await items.insertOne({ _id: 1, n: 1 });
    const session = client.startSession();
    session.startTransaction();
    await items.updateOne({ _id: 1 }, { $set: { n: 2 } }, { session });
    await items.insertOne({ _id: 2 }, { session });
    await session.abortTransaction();
    await session.endSession();
    expect(await items.find().toArray()).toEqual([{ _id: 1, n: 1 }]);
    await client.close();
    expect(await (await openClient({ dataDir })).db().collection<Loose>('items').find().toArray()).toEqual([
      { _id: 1, n: 1 },
    ]);
  });

  it('journals a transaction as one record', async () => {
    const dataDir = temporaryDataDir();
    const client = await openClient({ dataDir });
    const items = client.db().collection<Loose>('items');
    await items.insertOne({ _id: 0 });
    const [journal] = journalFiles(dataDir);
    const recordsBefore = scanFrames(fs.readFileSync(journal)).payloads.length;
    const session = client.startSession();
    await session.withTransaction(async () => {
      for (let i = 1; i <= 5; i++) await items.insertOne({ _id: i }, { session });
      await items.deleteOne({ _id: 0 }, { session });
    });
    await session.endSession();
    expect(scanFrames(fs.readFileSync(journal)).payloads.length).toBe(recordsBefore + 1);
  });

  it('reports a write-write conflict as WriteConflict (112) with TransientTransactionError', async () => {
    const client = await openClient();
    const items = client.db().collection<Loose>('items');
    await items.insertOne({ _id: 1, n: 0 });
    const first = client.startSession();
    const second = client.startSession();
    first.startTransaction();
    second.startTransaction();
    await items.updateOne({ _id: 1 }, { $inc: { n: 1 } }, { session: first });
    const conflict = await items
      .updateOne({ _id: 1 }, { $inc: { n: 10 } }, { session: second })
      .catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(mongo.MongoServerError);
    expect(conflict).toMatchObject({ code: 112, codeName: 'WriteConflict' });
    expect((conflict as mongo.MongoServerError).hasErrorLabel('TransientTransactionError')).toBe(true);
    await second.abortTransaction();
    await first.commitTransaction();
    expect((await items.findOne({ _id: 1 }))?.n).toBe(1);
  });

  it('conflicts with a document committed after the transaction started', async () => {
    const client = await openClient();
    const items = client.db().collection<Loose>('items');
    await items.insertMany([{ _id: 1, n: 0 }, { _id: 2 }]);
    const session = client.startSession();
    session.startTransaction();
    await items.findOne({ _id: 2 }, { session });
    await items.updateOne({ _id: 1 }, { $set: { n: 5 } });
    await expect(items.updateOne({ _id: 1 }, { $inc: { n: 1 } }, { session })).rejects.toMatchObject({ code: 112 });
    await session.abortTransaction();
  });

  it('withTransaction retries after a transient conflict', async () => {
    const client = await openClient();
    const items = client.db().collection<Loose>('items');
    await items.insertOne({ _id: 1, n: 0 });
    const holder = client.startSession();
    holder.startTransaction();
    await items.updateOne({ _id: 1 }, { $inc: { n: 1 } }, { session: holder });

    const retrying = client.startSession();
    let attempts = 0;
    await retrying.withTransaction(async () => {
      attempts++;
      try {
        await items.updateOne({ _id: 1 }, { $inc: { n: 10 } }, { session: retrying });
      } catch (error) {
        // The first attempt conflicts; let the other transaction finish before the retry.
        if (attempts === 1) await holder.commitTransaction();
        throw error;
      }
    });
    expect(attempts).toBe(2);
    expect((await items.findOne({ _id: 1 }))?.n).toBe(11);
  });

  it('makes a plain write wait for a transaction holding the document, then apply on top', async () => {
    const client = await openClient();
    const items = client.db().collection<Loose>('items');
    await items.insertOne({ _id: 1, n: 0 });
    const session = client.startSession();
    session.startTransaction();
    await items.updateOne({ _id: 1 }, { $inc: { n: 1 } }, { session });
    const plain = items.updateOne({ _id: 1 }, { $inc: { n: 100 } });
    expect(await settledYet(plain)).toBe(false);
    await session.commitTransaction();
    await plain;
    expect((await items.findOne({ _id: 1 }))?.n).toBe(101);
  });

  it('aborts the transaction on a unique violation and reports it as 11000', async () => {
    const client = await openClient();
    const users = client.db().collection<Loose>('users');
    await users.createIndex({ email: 1 }, { unique: true });
    await users.insertOne({ email: 'taken@x' });
    const session = client.startSession();
    const error = await session
      .withTransaction(async () => {
        await users.insertOne({ email: 'new@x' }, { session });
        await users.insertOne({ email: 'taken@x' }, { session });
      })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 11000 });
    expect(await users.countDocuments()).toBe(1);
    // Two open transactions claiming the same unique key: the second one conflicts.
    const first = client.startSession();
    const second = client.startSession();
    first.startTransaction();
    second.startTransaction();
    await users.insertOne({ email: 'same@x' }, { session: first });
    await expect(users.insertOne({ email: 'same@x' }, { session: second })).rejects.toMatchObject({ code: 112 });
    await first.commitTransaction();
    await second.abortTransaction();
    expect(await users.countDocuments({ email: 'same@x' })).toBe(1);
  });

  it('checks unique keys among its own staged writes, as they are now', async () => {
    const client = await openClient();
    const users = client.db().collection<Loose>('users');
    await users.createIndex({ email: 1 }, { unique: true });
    const session = client.startSession();
    session.startTransaction();
    await users.insertMany(
      Array.from({ length: 50 }, (_, n) => ({ _id: n, email: `user${n}@x` })),
      { session },
    );
    // A staged document's key is taken: a second staged document cannot have it.
    await expect(users.insertOne({ _id: 'dup', email: 'user7@x' }, { session })).rejects.toMatchObject({
      code: 11000,
    });
    await session.abortTransaction();
    session.startTransaction();
    await users.insertMany(
      Array.from({ length: 50 }, (_, n) => ({ _id: n, email: `user${n}@x` })),
      { session },
    );
    // A key the transaction moved away from is free again, and the new one is held.
    await users.updateOne({ _id: 7 }, { $set: { email: 'moved@x' } }, { session });
    await users.insertOne({ _id: 'takes-old', email: 'user7@x' }, { session });
    await expect(users.insertOne({ _id: 'dup', email: 'moved@x' }, { session })).rejects.toMatchObject({
      code: 11000,
    });
    await session.abortTransaction();
    session.startTransaction();
    await users.insertOne({ _id: 1, email: 'a@x' }, { session });
    await users.deleteOne({ _id: 1 }, { session });
    await users.insertOne({ _id: 2, email: 'a@x' }, { session });
    await session.commitTransaction();
    expect(await users.find({}, { sort: { _id: 1 } }).toArray()).toEqual([{ _id: 2, email: 'a@x' }]);
  });

  it('works with mongoose connection.transaction() and Model.startSession()', async () => {
    const connection = await openConnection();
    const Account = connection.model('Account', new mongoose.Schema({ owner: String, balance: Number }));
    const Outbox = connection.model('Outbox', new mongoose.Schema({ type: String }));
    const [ann] = await Account.create([{ owner: 'ann', balance: 10 }]);

    await connection.transaction(async (session) => {
      await Account.updateOne({ owner: 'ann' }, { $inc: { balance: -5 } }, { session });
      await Outbox.create([{ type: 'account.debited' }], { session });
      expect(await Outbox.countDocuments()).toBe(0);
    });
    expect((await Account.findById(ann?._id).lean())?.balance).toBe(5);
    expect(await Outbox.countDocuments({ type: 'account.debited' })).toBe(1);

    const unsaved = new Account({ owner: 'bob', balance: 1 });
    await expect(
      connection.transaction(async (session) => {
        await unsaved.save({ session });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(unsaved.isNew).toBe(true);
    expect(await Account.countDocuments({ owner: 'bob' })).toBe(0);

    const session = await Account.startSession();
    await session.withTransaction(async () => {
      const account = await Account.findOne({ owner: 'ann' }).session(session);
      if (!account) throw new Error('missing account');
      account.balance = 0;
      await account.save();
    });
    await session.endSession();
    expect((await Account.findOne({ owner: 'ann' }).lean())?.balance).toBe(0);
  });
});
