import type { Model } from 'mongoose';
import { callerFor, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';

// Logs are shipped to other systems and kept for months, out of an erasure's reach: a person who
// went through the system (contact, note, task, a visit, an export, a duplicate, a consumer that
// failed on their data and was retried) and was then erased is named in no log line, at any
// level, of any part.
const logLines: string[] = [];
let system: TestSystem;
let base: string;

beforeAll(async () => {
  system = await startTestSystem({
    logLevel: 'debug',
    logDestination: { write: (line: string) => void logLines.push(line) },
  });
  base = system.url;
});

afterAll(() => system.destroy());

interface BulkStatement {
  updateOne?: { filter: Record<string, unknown>; update: Record<string, unknown> };
}

// The shared duplicate keys' first write for the person's email meets a real write conflict: another
// transaction holds the same key document, as when two updates race. The driver's error carries
// the whole failed update (`$set: {value: <the email>}`); the consumer logs it and retries.
function conflictOnce(counts: Model<unknown>, email: string): { conflicts: () => number } {
  let conflicts = 0;
  // The consumer writes the keys with the driver's bulk write (plain values, no documents).
  const original = counts.collection.bulkWrite.bind(counts.collection) as unknown as (
    statements: BulkStatement[],
    options?: unknown,
  ) => Promise<unknown>;
  jest.spyOn(counts.collection, 'bulkWrite').mockImplementation((async (
    statements: BulkStatement[],
    options?: unknown,
  ) => {
    const statement = statements.find((candidate) => JSON.stringify(candidate).includes(email));
    if (conflicts > 0 || !statement?.updateOne) return original(statements, options);
    conflicts++;
    const session = await counts.db.startSession();
    try {
      session.startTransaction();
      await counts.updateOne(statement.updateOne.filter, { $inc: { count: 0 } }, { upsert: true, session });
      return await original(statements, options);
    } finally {
      await session.abortTransaction();
      await session.endSession();
    }
  }) as never);
  return { conflicts: () => conflicts };
}

describe('logs after an erasure', () => {
  it('name the erased person in no line, including the lines of a consumer that failed on their data', async () => {
    const owner = await signUpWithWorkspace(base, 'Lorna');
    const call = callerFor(base, owner);
    const person = {
      first: 'Ottoline',
      last: 'Vantongeren',
      email: 'ottoline.vantongeren@example.net',
      phone: '+44 7700 900777',
    };
    const counts = system.services['crm-core'].context.connection.model('DuplicateKey') as Model<unknown>;
    const injected = conflictOnce(counts, person.email);

    const company = await call<{ id: string }>('POST', '/companies', { name: 'Tidewater Freight' });
    expect(company.status).toBe(201);
    const contact = await call<{ id: string }>('POST', '/contacts', {
      first_name: person.first,
      last_name: person.last,
      email: person.email,
      phone: person.phone,
      company_id: company.body.id,
    });
    expect(contact.status).toBe(201);
    // A second record with the same email, so the retried count shows as a duplicate group.
    const twin = await call<{ id: string }>('POST', '/contacts', {
      first_name: 'O.',
      last_name: 'V.',
      email: person.email.toUpperCase(),
    });
    expect(twin.status).toBe(201);
    expect(
      (
        await call('POST', '/activities', {
          type: 'note',
          target_type: 'contact',
          target_id: contact.body.id,
          body: `Met ${person.first} ${person.last}, ${person.phone}`,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call('POST', '/tasks', {
          title: `Call ${person.first} ${person.last} on ${person.phone}`,
          target_type: 'contact',
          target_id: contact.body.id,
        })
      ).status,
    ).toBe(201);
    expect((await call('POST', '/recent', { type: 'contact', id: contact.body.id })).status).toBeLessThan(300);
    expect((await call('GET', `/contacts/${contact.body.id}`)).status).toBe(200);
    expect((await call('GET', `/search?q=${encodeURIComponent(person.last)}`)).status).toBe(200);
    expect((await call('POST', '/export')).status).toBe(200);

    // The consumer failed on the person's data, logged it, and applied the change on redelivery.
    await waitFor(async () => {
      const groups = await call<{ data: Array<{ reason: string; records: unknown[] }> }>(
        'GET',
        '/duplicates?object=contact',
      );
      return groups.body.data?.some((group) => group.reason === 'same_email' && group.records.length === 2);
    }, 'the same-email group after the retried count');
    expect(injected.conflicts()).toBe(1);
    // The consumer takes events in batches: a failed batch of several is handed over again one
    // event at a time, a failed single event is redelivered.
    const failedMessages = [
      'event handler failed, will redeliver',
      'event batch failed, handling its events one by one',
    ];
    const retried = logLines
      .map((line) => JSON.parse(line))
      .find((line) => failedMessages.includes(line.msg) && line.consumer === 'crm-core.duplicate-counts');
    expect(retried?.err).toMatchObject({
      type: 'MongoBulkWriteError',
      code: 112,
      writeErrors: [expect.objectContaining({ code: 112, operation: expect.any(String) })],
    });

    expect((await call('POST', `/contacts/${twin.body.id}/erase`, { confirm: 'ERASE' })).status).toBe(200);
    expect((await call('POST', `/contacts/${contact.body.id}/erase`, { confirm: 'ERASE' })).status).toBe(200);
    await waitFor(async () => {
      const found = await call<{ data: unknown[] }>('GET', `/search?q=${encodeURIComponent(person.last)}`);
      return found.body.data?.length === 0;
    }, 'the erasure in search');

    expect(logLines.length).toBeGreaterThan(50);
    for (const value of [
      person.first,
      person.last,
      person.email,
      person.email.toUpperCase(),
      person.phone,
      person.phone.replace(/\D/g, ''),
    ]) {
      expect({ value, lines: logLines.filter((line) => line.toLowerCase().includes(value.toLowerCase())) }).toEqual({
        value,
        lines: [],
      });
    }
  }, 60_000);
});
