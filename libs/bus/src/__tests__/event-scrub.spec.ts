import { newId } from '@crm/kit';
import type { Connection } from 'mongoose';
import { deadLetterModel, storeDeadLetter } from '../dead-letters';
import { redactKeptEvents, type EventRedaction } from '../event-scrub';
import { outboxModel, recordEvents, storedEvent, waitingFields } from '../outbox';
import { openTestDatabase, type TestDatabase } from './database';
import { buildEvent } from './helpers';

describe('redactKeptEvents', () => {
  let database: TestDatabase;
  let connection: Connection;

  beforeEach(async () => {
    database = await openTestDatabase();
    connection = database.connection;
  });
  afterEach(() => database.close());

  const record = async (workspaceId: string, data: Record<string, unknown>, status?: 'sent' | 'parked') => {
    const event = buildEvent({ workspace_id: workspaceId, data });
    await connection.transaction((session) => recordEvents(connection, [event], session));
    if (status)
      await outboxModel(connection).updateOne(
        { _id: event.id },
        { $set: { status, sent_at: status === 'sent' ? new Date() : null } },
      );
    return event;
  };
  const dataOf = async (id: string) => {
    const row = await outboxModel(connection).findOne({ _id: id }).lean().exec();
    return row ? storedEvent(row).data : undefined;
  };
  const statusOf = async (id: string) =>
    (await outboxModel(connection).findOne({ _id: id }).lean<{ status: string }>().exec())?.status;

  // A rule as a contract declares it: events about the person lose their name.
  const withoutNameOf =
    (personId: string): EventRedaction =>
    (event) => {
      const data = event.data as Record<string, unknown>;
      return data.contact_id === personId ? { ...data, first_name: 'Erased' } : null;
    };

  it('rewrites more rows than one bulk holds, each once, and only those the rule names', async () => {
    const workspace = newId();
    const person = newId();
    const events = Array.from({ length: 2_500 }, (_, index) =>
      buildEvent({
        workspace_id: workspace,
        data: { contact_id: index % 5 === 4 ? newId() : person, first_name: 'Ted', index },
      }),
    );
    await connection.transaction((session) => recordEvents(connection, events, session));

    expect(await redactKeptEvents(connection, workspace, withoutNameOf(person))).toEqual({
      outbox_rows: 2_000,
      dead_letters: 0,
    });
    const rows = await outboxModel(connection).find({}).lean().exec();
    const names = rows.map((row) => (storedEvent(row).data as { first_name: string }).first_name);
    expect(names.filter((name) => name === 'Erased')).toHaveLength(2_000);
    expect(names.filter((name) => name === 'Ted')).toHaveLength(500);
  });

  it("rewrites every kept copy of the workspace's events the rule names, whatever its status, and keeps it", async () => {
    const workspace = newId();
    const person = newId();
    const pending = await record(workspace, { contact_id: person, first_name: 'Ted', created_at: '2026-01-01' });
    const sent = await record(workspace, { contact_id: person, first_name: 'Ted' }, 'sent');
    const parked = await record(workspace, { contact_id: person, first_name: 'Ted' }, 'parked');
    const other = await record(workspace, { contact_id: newId(), first_name: 'Ted', created_at: '2026-01-01' }, 'sent');
    const letter = await storeDeadLetter(connection, {
      consumer: 'audit',
      event: { id: newId(), type: 'crm.company.created', workspace_id: workspace },
      body: JSON.stringify(buildEvent({ workspace_id: workspace, data: { contact_id: person, first_name: 'Ted' } })),
      reason: 'failed',
      deliveries: 5,
    });
    const poison = await storeDeadLetter(connection, {
      consumer: 'audit',
      event: null,
      body: 'not json Ted',
      reason: 'poison',
      deliveries: 1,
    });

    expect(await redactKeptEvents(connection, workspace, withoutNameOf(person))).toEqual({
      outbox_rows: 3,
      dead_letters: 1,
    });

    for (const event of [pending, sent, parked])
      expect(await dataOf(event.id)).toMatchObject({ contact_id: person, first_name: 'Erased' });
    // Nothing deleted, nothing held back: the pending row is still on its way, now without the name.
    expect([await statusOf(pending.id), await statusOf(sent.id), await statusOf(parked.id)]).toEqual([
      'pending',
      'sent',
      'parked',
    ]);
    expect(await dataOf(pending.id)).toEqual({ contact_id: person, first_name: 'Erased', created_at: '2026-01-01' });
    expect(await dataOf(other.id)).toEqual(other.data);
    const letters = await deadLetterModel(connection).find({}).lean<Array<{ _id: string; body: string }>>().exec();
    expect(JSON.parse(letters.find((kept) => kept._id === letter)!.body).data).toEqual({
      contact_id: person,
      first_name: 'Erased',
    });
    expect(letters.find((kept) => kept._id === poison)!.body).toBe('not json Ted');
    // A second pass finds nothing left to change.
    expect(await redactKeptEvents(connection, workspace, withoutNameOf(person))).toEqual({
      outbox_rows: 0,
      dead_letters: 0,
    });
  });

  it('rewrites rows recorded before the outbox kept events serialized, which hold the envelope itself', async () => {
    const workspace = newId();
    const person = newId();
    const neighbour = buildEvent({ workspace_id: newId(), data: { contact_id: person, first_name: 'Ted' } });
    const older = buildEvent({ workspace_id: workspace, data: { contact_id: person, first_name: 'Ted' } });
    const now = new Date();
    await outboxModel(connection).collection.insertMany(
      [older, neighbour].map((event) => ({ _id: event.id, event, ...waitingFields(now) })) as never[],
    );

    expect(await redactKeptEvents(connection, workspace, withoutNameOf(person))).toEqual({
      outbox_rows: 1,
      dead_letters: 0,
    });
    expect(await dataOf(older.id)).toEqual({ contact_id: person, first_name: 'Erased' });
    expect(await dataOf(neighbour.id)).toEqual(neighbour.data);
  });

  it("never reads nor touches another workspace's rows", async () => {
    const erasing = newId();
    const neighbour = newId();
    const person = newId();
    // The same contact id in another workspace's payload (an import, a forged reference) is
    // another workspace's business.
    const theirs = await record(neighbour, { contact_id: person, first_name: 'Ted' }, 'sent');
    const theirsPending = await record(neighbour, { contact_id: person, first_name: 'Ted' });
    await storeDeadLetter(connection, {
      consumer: 'audit',
      event: { id: newId(), type: 'crm.company.created', workspace_id: neighbour },
      body: JSON.stringify(buildEvent({ workspace_id: neighbour, data: { contact_id: person, first_name: 'Ted' } })),
      reason: 'failed',
      deliveries: 5,
    });
    const seen: string[] = [];
    const forgotten = await redactKeptEvents(connection, erasing, (event) => {
      seen.push(event.workspace_id ?? 'none');
      return withoutNameOf(person)(event);
    });

    expect(forgotten).toEqual({ outbox_rows: 0, dead_letters: 0 });
    expect(seen).toEqual([]);
    expect(await dataOf(theirs.id)).toEqual(theirs.data);
    expect(await dataOf(theirsPending.id)).toEqual(theirsPending.data);
    expect(
      JSON.parse((await deadLetterModel(connection).findOne({}).lean<{ body: string }>().exec())!.body).data.first_name,
    ).toBe('Ted');
    expect(await outboxModel(connection).countDocuments({})).toBe(2);
  });

  it('refuses to run without a workspace', async () => {
    await expect(redactKeptEvents(connection, '', () => null)).rejects.toThrow(/workspace/);
  });
});
