import { waitUntil, type ServiceHarness } from '@crm/testing';
import { duplicateKeyModel } from '../../../search/duplicates/duplicate-counts.model';
import { createRecord, memberClaims } from '../../../records/__tests__/bin-support';
import { startCrmCoreWithErasurePeers, type CrmCoreWithErasurePeers } from './fake-erasure-peers';

// Logs are shipped to other systems and kept for months, out of an erasure's reach: a consumer of
// crm-core that failed on a person's data and was retried names them in no line, before or after
// their erasure. (Every part's lines through a whole system: tests/crm-core/privacy-logs.test.ts.)
let started: CrmCoreWithErasurePeers;
let crm: ServiceHarness;
const logLines: string[] = [];

beforeAll(async () => {
  // Every line at every level, redacted as the service's own output is.
  started = await startCrmCoreWithErasurePeers({
    logLevel: 'debug',
    logDestination: { write: (line: string) => void logLines.push(line) },
  });
  crm = started.crm;
});
afterAll(async () => started.stop());

interface BulkStatement {
  updateOne?: { filter: Record<string, unknown>; update: Record<string, unknown> };
}

// The shared duplicate keys' first write for the person's email meets a real write conflict: another
// transaction holds the same key document, as when two updates race. The driver's error carries
// the whole failed update (`$set: {value: <the email>}`); the consumer logs it and retries.
function conflictOnce(counts: ReturnType<typeof duplicateKeyModel>, email: string): { conflicts: () => number } {
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
    const session = await counts.startSession();
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

describe('logs of a consumer that failed on an erased person', () => {
  it('carry the error without the person’s values', async () => {
    const claims = memberClaims();
    const person = {
      first: 'Ottoline',
      last: 'Vantongeren',
      email: 'ottoline.vantongeren@example.net',
      phone: '+44 7700 900777',
    };
    const injected = conflictOnce(duplicateKeyModel(crm.service.context.connection), person.email);
    const company = await createRecord(crm, claims, '/companies', { name: 'Tidewater Freight' });
    const contact = await createRecord(crm, claims, '/contacts', {
      first_name: person.first,
      last_name: person.last,
      email: person.email,
      phone: person.phone,
      company_id: company,
    });
    // A second record with the same email, so the retried count shows as a duplicate group.
    const twin = await createRecord(crm, claims, '/contacts', {
      first_name: 'O.',
      last_name: 'V.',
      email: person.email.toUpperCase(),
    });
    await createRecord(crm, claims, '/activities', {
      type: 'note',
      target_type: 'contact',
      target_id: contact,
      body: `Met ${person.first} ${person.last}, ${person.phone}`,
    });
    expect((await crm.call(claims, 'GET', `/search?q=${encodeURIComponent(person.last)}`)).status).toBe(200);

    // The consumer failed on the person's data, logged it, and applied the change on redelivery.
    await waitUntil(
      async () =>
        (await crm.call(claims, 'GET', '/duplicates?object=contact')).body.data as Array<{
          reason: string;
          records: unknown[];
        }>,
      (groups) => groups.some((group) => group.reason === 'same_email' && group.records.length === 2),
      'the same-email group after the retried count',
    );
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

    for (const id of [twin, contact])
      expect((await crm.call(claims, 'POST', `/contacts/${id}/erase`, { body: { confirm: 'ERASE' } })).status).toBe(
        200,
      );
    await waitUntil(
      async () => (await crm.call(claims, 'GET', `/search?q=${encodeURIComponent(person.last)}`)).body.data,
      (hits) => hits.length === 0,
      'the erasure in search',
    );

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
  });
});
