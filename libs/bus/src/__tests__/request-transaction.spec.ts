import { Schema, type Connection, type Model } from 'mongoose';
import { outboxModel } from '../outbox';
import { afterCommit, inRequestTransaction, requestSessionOf } from '../request-transaction';
import { transact } from '../unit-of-work';
import { openTestDatabase, type TestDatabase } from './database';
import { buildEvent } from './helpers';

interface Thing {
  _id: string;
  name: string;
  version: number;
}

const thingModel = (connection: Connection): Model<Thing> =>
  (connection.models.RequestThing as Model<Thing> | undefined) ??
  connection.model<Thing>(
    'RequestThing',
    new Schema<Thing>({ _id: String, name: String, version: Number }, { collection: 'things', versionKey: false }),
  );

describe('request transaction', () => {
  let database: TestDatabase;
  let connection: Connection;
  const names = async () =>
    (await thingModel(connection).find({}).sort({ _id: 1 }).lean().exec()).map((thing) => thing.name);

  beforeEach(async () => {
    database = await openTestDatabase();
    connection = database.connection;
  });

  afterEach(async () => {
    await database.close();
  });

  it('joins every unit of work and every operation without a session, and commits them together', async () => {
    const kicks: string[] = [];
    await inRequestTransaction(connection, async () => {
      await transact(connection, { relay: { kick: () => kicks.push('first') } }, async ({ session, emit }) => {
        expect(session).toBe(requestSessionOf(connection));
        await thingModel(connection).create([{ _id: 'a', name: 'A', version: 1 }], { session });
        emit(buildEvent());
      });
      // A read leaving the session out, even explicitly, sees the request's own writes.
      expect(await thingModel(connection).findOne({ _id: 'a' }).session(null).lean().exec()).toMatchObject({
        name: 'A',
      });
      // So does a raw collection write: it joins instead of waiting on the request's own locks.
      await connection.collection('things').updateOne({ _id: 'a' as never }, { $set: { name: 'A2' } });
      await transact(connection, { relay: { kick: () => kicks.push('second') } }, async () => {
        await thingModel(connection).create({ _id: 'b', name: 'B', version: 1 });
      });
      // Nothing is visible outside, and no kick happened before the commit.
      expect(kicks).toEqual([]);
    });
    expect(kicks).toEqual(['first', 'second']);
    expect(await names()).toEqual(['A2', 'B']);
    expect(await outboxModel(connection).countDocuments({})).toBe(1);
  });

  it('keeps nothing of a failed request: its writes, events and after-commit work are dropped', async () => {
    const ran: string[] = [];
    await expect(
      inRequestTransaction(connection, async () => {
        await transact(connection, {}, async ({ session, emit }) => {
          await thingModel(connection).create([{ _id: 'a', name: 'A', version: 1 }], { session });
          emit(buildEvent());
        });
        afterCommit(connection, () => ran.push('after'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual([]);
    expect(await names()).toEqual([]);
    expect(await outboxModel(connection).countDocuments({})).toBe(0);
    // Without a request transaction, after-commit work runs at once.
    afterCommit(connection, () => ran.push('now'));
    expect(ran).toEqual(['now']);
  });

  it('refuses a copy kept by version that finds a newer one by its _id without aborting the request, and keeps the ones it writes', async () => {
    await thingModel(connection).create({ _id: 'copy', name: 'newer', version: 5 });
    await inRequestTransaction(connection, async () => {
      await transact(connection, {}, ({ session }) =>
        thingModel(connection).create([{ _id: 'a', name: 'A', version: 1 }], { session }),
      );
      // An older copy arrives: the filter misses the newer one and the insert collides, as meant.
      await expect(
        thingModel(connection)
          .updateOne({ _id: 'copy', version: { $lt: 3 } }, { $set: { name: 'older', version: 3 } }, { upsert: true })
          .exec(),
      ).rejects.toMatchObject({ code: 11000 });
      // A new copy is written in the request, and the request reads it.
      await thingModel(connection)
        .updateOne({ _id: 'fresh', version: { $lt: 2 } }, { $set: { name: 'fresh', version: 2 } }, { upsert: true })
        .exec();
      expect(await thingModel(connection).findOne({ _id: 'fresh' }).session(null).lean().exec()).toMatchObject({
        version: 2,
      });
    });
    expect(await names()).toEqual(['A', 'newer', 'fresh']);
  });

  it('runs the work again on a new snapshot when a concurrent change wins, so a version read first still holds at the commit', async () => {
    await thingModel(connection).create({ _id: 'a', name: 'A', version: 1 });
    // Another request's change, started outside this one's async context once this one has read.
    let release!: () => void;
    const readDone = new Promise<void>((resolve) => (release = resolve));
    const other = readDone.then(() =>
      thingModel(connection)
        .updateOne({ _id: 'a' }, { $set: { name: 'other' }, $inc: { version: 1 } })
        .exec(),
    );
    let runs = 0;
    const seen: number[] = [];
    await inRequestTransaction(connection, async () => {
      runs += 1;
      const current = await thingModel(connection).findOne({ _id: 'a' }).lean().exec();
      seen.push(current!.version);
      if (runs === 1) {
        release();
        await other;
      }
      await thingModel(connection).updateOne(
        { _id: 'a' },
        { $set: { name: `mine after ${current!.version}` }, $inc: { version: 1 } },
      );
    });
    expect(runs).toBe(2);
    expect(seen).toEqual([1, 2]);
    expect(await thingModel(connection).findOne({ _id: 'a' }).lean().exec()).toMatchObject({
      name: 'mine after 2',
      version: 3,
    });
  });
});
