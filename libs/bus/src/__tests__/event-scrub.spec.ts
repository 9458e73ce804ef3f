import { newId } from '@crm/kit';
import type { Connection } from 'mongoose';
import { deadLetterModel, storeDeadLetter } from '../dead-letters';
import { forgetEventsMentioning } from '../event-scrub';
import { outboxModel, recordEvents } from '../outbox';
import { openTestDatabase, type TestDatabase } from './database';
import { buildEvent } from './helpers';

describe('forgetEventsMentioning', () => {
  let database: TestDatabase;
  let connection: Connection;

  beforeEach(async () => {
    database = await openTestDatabase();
    connection = database.connection;
  });
  afterEach(() => database.close());

  const record = async (data: Record<string, unknown>) => {
    const event = buildEvent({ data });
    await connection.transaction((session) => recordEvents(connection, [event], session));
    return event;
  };

  it('deletes sent and parked rows and dead letters mentioning the id, keeps pending rows and the rest', async () => {
    const erased = newId();
    const sent = await record({ contact_id: erased, email: 'ann@example.com' });
    const parked = await record({ nested: { ids: [erased] } });
    const pending = await record({ contact_id: erased });
    const other = await record({ contact_id: newId(), email: 'bob@example.com' });
    const rows = outboxModel(connection);
    await rows.updateOne({ _id: sent.id }, { $set: { status: 'sent', sent_at: new Date() } });
    await rows.updateOne({ _id: parked.id }, { $set: { status: 'parked' } });
    await rows.updateOne({ _id: other.id }, { $set: { status: 'sent', sent_at: new Date() } });
    await storeDeadLetter(connection, { consumer: 'audit', event: null, body: JSON.stringify(buildEvent({ data: { contact_id: erased } })), reason: 'failed', deliveries: 5 });
    const keptLetter = await storeDeadLetter(connection, { consumer: 'audit', event: null, body: 'not json', reason: 'poison', deliveries: 1 });

    const forgotten = await forgetEventsMentioning(connection, erased);

    expect(forgotten).toEqual({ outbox_rows: 2, dead_letters: 1, pending: 1 });
    const left = await rows.find({}, { _id: 1 }).lean<Array<{ _id: string }>>().exec();
    expect(left.map((row) => row._id).sort()).toEqual([pending.id, other.id].sort());
    const letters = await deadLetterModel(connection).find({}, { _id: 1 }).lean<Array<{ _id: string }>>().exec();
    expect(letters.map((letter) => letter._id)).toEqual([keptLetter]);
    // Once the pending row went out, a second call removes it too.
    await rows.updateOne({ _id: pending.id }, { $set: { status: 'sent', sent_at: new Date() } });
    expect(await forgetEventsMentioning(connection, erased)).toEqual({ outbox_rows: 1, dead_letters: 0, pending: 0 });
  });

  it('also forgets rows naming any of the given values, whatever their case', async () => {
    const naming = await record({ company_id: newId(), subject: 'Call ANN.Lee@Example.com' });
    const phone = await record({ deal_id: newId(), note: 'ring +44 20 7946 0001' });
    const unrelated = await record({ subject: 'Call Bob' });
    await outboxModel(connection).updateMany({}, { $set: { status: 'sent', sent_at: new Date() } });
    expect(await forgetEventsMentioning(connection, [newId(), 'ann.lee@example.com', '+44 20 7946 0001'])).toEqual({ outbox_rows: 2, dead_letters: 0, pending: 0 });
    const left = await outboxModel(connection).find({}, { _id: 1 }).lean<Array<{ _id: string }>>().exec();
    expect(left.map((row) => row._id)).toEqual([unrelated.id]);
    expect([naming.id, phone.id]).not.toContain(unrelated.id);
  });

  it('refuses values too short to stand for a record', async () => {
    await expect(forgetEventsMentioning(connection, 'al')).rejects.toThrow(/at least 3 characters/);
    await expect(forgetEventsMentioning(connection, [])).rejects.toThrow(/at least 3 characters/);
  });
});
