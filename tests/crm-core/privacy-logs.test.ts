import { callerFor, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';

// Logs are shipped to other systems and kept for months, out of an erasure's reach: a person who
// went through the system (contact, note, task, a visit, an export, a duplicate) and was then
// erased is named in no log line, at any level, of any part. (A consumer that failed on their data
// and was retried: services/crm-core/src/data/privacy/__tests__/erasure-logs.service.spec.ts.)
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

describe('logs after an erasure', () => {
  it('name the erased person in no line', async () => {
    const owner = await signUpWithWorkspace(base, 'Lorna');
    const call = callerFor(base, owner);
    const person = {
      first: 'Ottoline',
      last: 'Vantongeren',
      email: 'ottoline.vantongeren@example.net',
      phone: '+44 7700 900777',
    };
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
    // A second record with the same email: a duplicate group.
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

    await waitFor(async () => {
      const groups = await call<{ data: Array<{ reason: string; records: unknown[] }> }>(
        'GET',
        '/duplicates?object=contact',
      );
      return groups.body.data?.some((group) => group.reason === 'same_email' && group.records.length === 2);
    }, 'the same-email group');

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
