import { dataFilesHolding } from '../support/data-files';
import { request, signUpWithWorkspace, sharedTestSystem } from '../support/system';

// Idempotency-Key through the gateway (docs/idempotency.md): a retry gets the first answer back
// and changes nothing, on every service, without any handler knowing.
const system = sharedTestSystem();

const keyed = (key: string) => ({ 'Idempotency-Key': key });
let counter = 0;
const freshKey = () => `key-${process.pid}-${Date.now()}-${(counter += 1)}`;

async function companyNames(token: string): Promise<string[]> {
  const list = await request(system.url, 'GET', '/companies?limit=50', { token });
  expect(list.status).toBe(200);
  return (list.body.data as Array<{ name: string }>).map((company) => company.name);
}

describe('Idempotency-Key', () => {
  it('runs 50 parallel requests with one key once: each gets the same 201 or 409 request_in_progress, never an error', async () => {
    const person = await signUpWithWorkspace(system.url, 'Parallel');
    const key = freshKey();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(system.url, 'POST', '/companies', {
          token: person.token,
          headers: keyed(key),
          body: { name: 'Acme Parallel' },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const created = answers.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    const ids = new Set(created.map((answer) => answer.body.id));
    expect(ids.size).toBe(1);
    // One ran; every other 201 is its answer replayed.
    expect(created.filter((answer) => answer.headers.get('idempotent-replayed') !== 'true')).toHaveLength(1);
    for (const answer of created) expect(answer.body).toEqual(created[0].body);
    for (const answer of answers.filter((one) => one.status === 409))
      expect(answer.body.error.code).toBe('request_in_progress');
    expect(await companyNames(person.token)).toEqual(['Acme Parallel']);

    // A retry after it finished replays the stored answer and creates nothing.
    const retry = await request(system.url, 'POST', '/companies', {
      token: person.token,
      headers: keyed(key),
      body: { name: 'Acme Parallel' },
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(created[0].body);
    expect(await companyNames(person.token)).toEqual(['Acme Parallel']);
  });

  it('refuses the same key with another body (422) and keeps callers apart', async () => {
    const ann = await signUpWithWorkspace(system.url, 'Ann');
    const bob = await signUpWithWorkspace(system.url, 'Bob');
    const key = freshKey();
    const first = await request(system.url, 'POST', '/companies', {
      token: ann.token,
      headers: keyed(key),
      body: { name: 'First' },
    });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const other = await request(system.url, 'POST', '/companies', {
      token: ann.token,
      headers: keyed(key),
      body: { name: 'Second' },
    });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('idempotency_key_reused');
    // Another path with the same key is another request too.
    const elsewhere = await request(system.url, 'POST', '/contacts', {
      token: ann.token,
      headers: keyed(key),
      body: { first_name: 'Cy' },
    });
    expect(elsewhere.status).toBe(422);
    expect(await companyNames(ann.token)).toEqual(['First']);

    // Bob's key of the same text is his own.
    const bobs = await request(system.url, 'POST', '/companies', {
      token: bob.token,
      headers: keyed(key),
      body: { name: 'Second' },
    });
    expect(bobs.status).toBe(201);
    expect(bobs.headers.get('idempotent-replayed')).toBeNull();
    expect(await companyNames(bob.token)).toEqual(['Second']);

    // An API key of Ann's is another caller in her workspace.
    const apiKey = await request(system.url, 'POST', '/api-keys', {
      token: ann.token,
      body: { name: 'Sync', kind: 'integration', role: 'Agent (read & write)' },
    });
    expect(apiKey.status).toBe(201);
    const byKey = await request(system.url, 'POST', '/companies', {
      token: apiKey.body.key,
      headers: keyed(key),
      body: { name: 'Third' },
    });
    expect(byKey.status).toBe(201);
    expect((await companyNames(ann.token)).sort()).toEqual(['First', 'Third']);
  });

  it('replays PATCH and DELETE answers without running them again', async () => {
    const person = await signUpWithWorkspace(system.url, 'Writer');
    const company = await request(system.url, 'POST', '/companies', { token: person.token, body: { name: 'Before' } });
    const path = `/companies/${company.body.id}`;
    const patchKey = freshKey();
    const patched = await request(system.url, 'PATCH', path, {
      token: person.token,
      headers: keyed(patchKey),
      body: { name: 'After' },
    });
    expect(patched.status).toBe(200);
    // Changed since by a request without the key: the retry still answers what the first got.
    expect((await request(system.url, 'PATCH', path, { token: person.token, body: { name: 'Later' } })).status).toBe(
      200,
    );
    const again = await request(system.url, 'PATCH', path, {
      token: person.token,
      headers: keyed(patchKey),
      body: { name: 'After' },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.name).toBe('After');
    expect((await request(system.url, 'GET', path, { token: person.token })).body.name).toBe('Later');

    const deleteKey = freshKey();
    const deleted = await request(system.url, 'DELETE', path, { token: person.token, headers: keyed(deleteKey) });
    expect(deleted.status).toBe(204);
    const deletedAgain = await request(system.url, 'DELETE', path, { token: person.token, headers: keyed(deleteKey) });
    expect(deletedAgain.status).toBe(204);
    expect(deletedAgain.headers.get('idempotent-replayed')).toBe('true');
    expect((await request(system.url, 'GET', path, { token: person.token })).body.deleted_at).not.toBeNull();
  });

  it('gives the key back when the request fails, so a retry runs again', async () => {
    const person = await signUpWithWorkspace(system.url, 'Retry');
    await request(system.url, 'POST', '/companies', { token: person.token, body: { name: 'Seeded' } });
    const key = freshKey();
    const body = { name: 'Owned', owner_id: '00000000-0000-7000-8000-000000000000' };
    const failed = await request(system.url, 'POST', '/companies', { token: person.token, headers: keyed(key), body });
    expect(failed.status).toBe(400);
    // The same request fails again (it ran again), and nothing was created by either.
    const again = await request(system.url, 'POST', '/companies', { token: person.token, headers: keyed(key), body });
    expect(again.status).toBe(400);
    expect(again.headers.get('idempotent-replayed')).toBeNull();
    expect(await companyNames(person.token)).toEqual(['Seeded']);
    // The key is free for the corrected request: it runs and is stored.
    const corrected = await request(system.url, 'POST', '/companies', {
      token: person.token,
      headers: keyed(key),
      body: { name: 'Owned' },
    });
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    expect((await companyNames(person.token)).sort()).toEqual(['Owned', 'Seeded']);
  });

  it('works on every service, and refuses a malformed key', async () => {
    const person = await signUpWithWorkspace(system.url, 'Everywhere');
    const key = freshKey();
    const role = { name: 'Auditor', permissions: ['companies:read'] };
    const first = await request(system.url, 'POST', '/roles', { token: person.token, headers: keyed(key), body: role });
    expect(first.status).toBe(201);
    const second = await request(system.url, 'POST', '/roles', {
      token: person.token,
      headers: keyed(key),
      body: role,
    });
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);

    // A keyed revocation takes effect on the very next request, like any other.
    const apiKey = await request(system.url, 'POST', '/api-keys', {
      token: person.token,
      body: { name: 'Short lived', kind: 'integration' },
    });
    expect((await request(system.url, 'GET', '/me', { token: apiKey.body.key })).status).toBe(200);
    const revokeKey = freshKey();
    expect(
      (
        await request(system.url, 'DELETE', `/api-keys/${apiKey.body.id}`, {
          token: person.token,
          headers: keyed(revokeKey),
        })
      ).status,
    ).toBe(204);
    expect((await request(system.url, 'GET', '/me', { token: apiKey.body.key })).status).toBe(401);
    const revokedAgain = await request(system.url, 'DELETE', `/api-keys/${apiKey.body.id}`, {
      token: person.token,
      headers: keyed(revokeKey),
    });
    expect(revokedAgain.status).toBe(204);
    expect(revokedAgain.headers.get('idempotent-replayed')).toBe('true');

    // Operations without a caller, and reads, ignore the header.
    const signIns = await Promise.all(
      [1, 2].map(() =>
        request(system.url, 'POST', '/auth/sign-in', {
          headers: keyed('same'),
          body: { email: person.email, password: person.password },
        }),
      ),
    );
    expect(signIns.map((answer) => answer.status)).toEqual([200, 200]);
    expect(signIns[0].body.token).not.toBe(signIns[1].body.token);
    expect(
      (await request(system.url, 'GET', '/me', { token: person.token, headers: keyed('x'.repeat(300)) })).status,
    ).toBe(200);

    const tooLong = await request(system.url, 'POST', '/companies', {
      token: person.token,
      headers: keyed('x'.repeat(256)),
      body: { name: 'No' },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe('validation_failed');
    expect(tooLong.body.error.message).toContain('Idempotency-Key');
    const control = await request(system.url, 'POST', '/companies', {
      token: person.token,
      headers: keyed('tab\there'),
      body: { name: 'No' },
    });
    expect(control.status).toBe(400);
    expect(await companyNames(person.token)).toEqual([]);
  });

  it('keeps a stored answer sealed: a secret shown once is replayed to the retry and written nowhere readable', async () => {
    const person = await signUpWithWorkspace(system.url, 'Sealed');
    const key = freshKey();
    const body = { name: 'Nightly sync', kind: 'integration' };
    const first = await request(system.url, 'POST', '/api-keys', { token: person.token, headers: keyed(key), body });
    expect(first.status).toBe(201);
    const secret = first.body.key as string;
    expect(secret).toMatch(/^crm_ak_/);
    const retry = await request(system.url, 'POST', '/api-keys', { token: person.token, headers: keyed(key), body });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    // The store writes through to its journal before answering: the key is on disk by now, as a
    // digest only, and the sealed answer does not show it either.
    expect(dataFilesHolding(system.dataDir, [secret, secret.slice(-24)])).toEqual([]);
    // Another caller presenting the same Idempotency-Key has a key of its own.
    const other = await signUpWithWorkspace(system.url, 'Other');
    const elsewhere = await request(system.url, 'POST', '/api-keys', { token: other.token, headers: keyed(key), body });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.headers.get('idempotent-replayed')).toBeNull();
    expect(elsewhere.body.key).not.toBe(secret);
  });
});
