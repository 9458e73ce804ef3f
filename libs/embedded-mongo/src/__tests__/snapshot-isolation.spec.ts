import { mongo } from 'mongoose';
import type { EmbeddedCollection } from '../index';
import { cleanUp, openClient, type Loose } from './test-store';

afterEach(cleanUp);

// A transaction reads one point in time: the state when its first operation ran, plus its own
// writes. MongoDB's "keep the last owner" and quota checks depend on it.
describe('snapshot isolation', () => {
  async function members(): Promise<{
    client: Awaited<ReturnType<typeof openClient>>;
    collection: mongo.Collection<Loose>;
  }> {
    const client = await openClient();
    const collection = client.db().collection<Loose>('members');
    await collection.createIndex({ workspace: 1, role: 1 });
    await collection.createIndex({ joined: 1 });
    await collection.insertMany([
      { _id: 'ann', workspace: 'w', role: 'owner', joined: 1 },
      { _id: 'bob', workspace: 'w', role: 'owner', joined: 2 },
      { _id: 'cid', workspace: 'w', role: 'member', joined: 3 },
    ]);
    return { client, collection };
  }

  it('keeps the keys an update leaves alone, with a reader of the older version and after it', async () => {
    const { client, collection } = await members();
    const byJoined = async (joined: number) =>
      (await collection.find({ joined }).hint({ joined: 1 }).toArray()).map((member) => member._id);
    const byRole = async (role: string) =>
      (await collection.find({ workspace: 'w', role }).hint({ workspace: 1, role: 1 }).toArray())
        .map((member) => member._id)
        .sort();

    // No reader: the role's keys move, the join date's stay.
    await collection.updateOne({ _id: 'bob' }, { $set: { role: 'member' } });
    expect(await byJoined(2)).toEqual(['bob']);
    expect(await byRole('owner')).toEqual(['ann']);

    // A reader holds the version before: both versions' keys until it ends, then the newest only.
    const session = client.startSession();
    session.startTransaction();
    expect(await collection.countDocuments({ joined: 2 }, { session })).toBe(1);
    await collection.updateOne({ _id: 'bob' }, { $set: { role: 'owner' } });
    expect(await collection.countDocuments({ workspace: 'w', role: 'member' }, { session })).toBe(2);
    expect(await byRole('owner')).toEqual(['ann', 'bob']);
    expect(await byJoined(2)).toEqual(['bob']);
    await session.abortTransaction();
    await session.endSession();
    await collection.updateOne({ _id: 'ann' }, { $set: { joined: 5 } });
    expect(await byJoined(2)).toEqual(['bob']);
    expect(await byJoined(5)).toEqual(['ann']);
    expect(await byJoined(1)).toEqual([]);
    expect(await byRole('member')).toEqual(['cid']);
    expect(await byRole('owner')).toEqual(['ann', 'bob']);
  });

  it('does not see commits made after the transaction started, through indexes and scans alike', async () => {
    const { client, collection } = await members();
    const session = client.startSession();
    session.startTransaction();
    expect(await collection.countDocuments({ workspace: 'w', role: 'owner' }, { session })).toBe(2);

    // Others commit: a demotion, a deletion and an insert.
    await collection.updateOne({ _id: 'bob' }, { $set: { role: 'member', joined: 10 } });
    await collection.deleteOne({ _id: 'cid' });
    await collection.insertOne({ _id: 'dee', workspace: 'w', role: 'owner', joined: 0 });

    const owners = await collection.find({ workspace: 'w', role: 'owner' }, { session }).sort({ _id: 1 }).toArray();
    expect(owners.map((member) => member._id)).toEqual(['ann', 'bob']);
    expect(await collection.countDocuments({ workspace: 'w', role: 'owner' }, { session })).toBe(2);
    expect((await collection.find({}, { session }).sort({ joined: 1 }).toArray()).map((member) => member._id)).toEqual([
      'ann',
      'bob',
      'cid',
    ]);
    expect(await collection.findOne({ _id: 'cid' }, { session })).toMatchObject({ role: 'member' });
    expect(await collection.findOne({ _id: 'dee' }, { session })).toBeNull();
    expect(await collection.countDocuments({ joined: { $gte: 10 } }, { session })).toBe(0);
    const grouped = await collection
      .aggregate(
        [{ $match: { workspace: 'w' } }, { $group: { _id: '$role', n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
        { session },
      )
      .toArray();
    expect(grouped).toEqual([
      { _id: 'member', n: 1 },
      { _id: 'owner', n: 2 },
    ]);

    // Outside the transaction the new state shows.
    expect(
      (await collection.find({ workspace: 'w', role: 'owner' }).sort({ _id: 1 }).toArray()).map((member) => member._id),
    ).toEqual(['ann', 'dee']);
    await session.abortTransaction();
    await session.endSession();

    // Once no transaction needs them, the older versions and their index keys are gone.
    const counters = (): number => (collection as unknown as EmbeddedCollection).executionCounters().keysExamined;
    const before = counters();
    expect(await collection.countDocuments({ workspace: 'w' })).toBe(3);
    expect(counters() - before).toBe(3);
    expect((await collection.find({ joined: { $gte: 0 } }).toArray()).map((member) => member._id)).toEqual([
      'dee',
      'ann',
      'bob',
    ]);
  });

  it('fails a write to a document committed after the snapshot with WriteConflict, and withTransaction retries on a fresh snapshot', async () => {
    const { client, collection } = await members();
    let attempts = 0;
    const session = client.startSession();
    await session.withTransaction(async () => {
      attempts++;
      const owners = await collection.countDocuments({ workspace: 'w', role: 'owner' }, { session });
      if (attempts === 1) {
        // Someone demotes bob meanwhile: the check above is stale.
        await collection.updateOne({ _id: 'bob' }, { $set: { role: 'member' } });
      }
      // Keep the last owner: demote ann only if another owner remains.
      if (owners > 1) await collection.updateOne({ _id: 'ann' }, { $set: { role: 'member' } }, { session });
      // The write that proves the snapshot was stale.
      await collection.updateOne({ _id: 'bob' }, { $set: { checked: true } }, { session });
    });
    await session.endSession();
    expect(attempts).toBe(2);
    expect(await collection.countDocuments({ workspace: 'w', role: 'owner' })).toBe(1);
    expect(await collection.findOne({ _id: 'ann' })).toMatchObject({ role: 'owner' });
  });

  it('reports an insert of an _id committed after the snapshot as WriteConflict', async () => {
    const { client, collection } = await members();
    const session = client.startSession();
    session.startTransaction();
    await collection.findOne({ _id: 'ann' }, { session });
    await collection.insertOne({ _id: 'eve', workspace: 'w', role: 'member', joined: 5 });
    const error = await collection
      .insertOne({ _id: 'eve', workspace: 'w' }, { session })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 112, codeName: 'WriteConflict' });
    await session.abortTransaction();
    await session.endSession();
  });

  it('keeps two transactions apart: each sees its own snapshot and writes', async () => {
    const { client, collection } = await members();
    const first = client.startSession();
    const second = client.startSession();
    first.startTransaction();
    second.startTransaction();
    await collection.findOne({}, { session: first });
    await collection.updateOne({ _id: 'cid' }, { $set: { role: 'owner' } }, { session: second });
    await collection.findOne({}, { session: second });
    await second.commitTransaction();
    expect(await collection.countDocuments({ role: 'owner' }, { session: first })).toBe(2);
    await collection.insertOne({ _id: 'fay', workspace: 'w', role: 'owner', joined: 9 }, { session: first });
    expect(await collection.countDocuments({ role: 'owner' }, { session: first })).toBe(3);
    await first.commitTransaction();
    expect(await collection.countDocuments({ role: 'owner' })).toBe(4);
    await first.endSession();
    await second.endSession();
  });
});
