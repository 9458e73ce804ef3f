import { allInOneOnOneDataFolder } from '../support/all-in-one-process';
import { request, signUpWithWorkspace } from '../support/system';

// The system as `npm start` runs it, as an OS process of its own that dies between the commit of
// a keyed request and its answer (the test-only CRM_TEST_KILL_AFTER_COMMIT): after a restart on
// the same data, the retry gets the stored answer and the record exists once.
const system = allInOneOnOneDataFolder('crm-idempotency-crash-');

describe('a keyed request whose process dies after the commit', () => {
  it('is answered from the stored answer after a restart, and created once', async () => {
    const first = await system.start({ CRM_TEST_KILL_AFTER_COMMIT: 'POST /companies' });
    const person = await signUpWithWorkspace(first.base, 'Crash');
    const headers = {
      authorization: `Bearer ${person.token}`,
      'content-type': 'application/json',
      'Idempotency-Key': 'crash-once',
    };
    const body = JSON.stringify({ name: 'Survivor' });
    // The answer never comes: the process is gone.
    await expect(fetch(`${first.base}/companies`, { method: 'POST', headers, body })).rejects.toThrow();
    expect(await first.started.exit).toBeNull();
    expect(first.started.child.signalCode).toBe('SIGKILL');

    const second = await system.start();
    const retry = await request(second.base, 'POST', '/companies', {
      token: person.token,
      headers: { 'Idempotency-Key': 'crash-once' },
      body: { name: 'Survivor' },
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body.name).toBe('Survivor');
    const list = await request(second.base, 'GET', '/companies', { token: person.token });
    expect(list.body.data.map((company: { id: string }) => company.id)).toEqual([retry.body.id]);
    second.started.child.kill('SIGTERM');
    expect(await second.started.exit).toBe(0);
    // Two starts of the whole system: more than the default on a busy machine.
  }, 120_000);
});
