import { callerFor, request, signUpWithWorkspace, startTestSystem, waitFor } from '../support/system';

describe('embedded defaults', () => {
  it('keep data across a restart of the whole system', async () => {
    const first = await startTestSystem();
    const person = await signUpWithWorkspace(first.url, 'Kept');
    const key = await request(first.url, 'POST', '/api-keys', {
      token: person.token,
      body: { name: 'Kept key', kind: 'integration' },
    });
    expect(key.status).toBe(201);
    await first.stop();

    const second = await startTestSystem({ dataDir: first.dataDir });
    try {
      const signIn = await request(second.url, 'POST', '/auth/sign-in', {
        body: { email: person.email, password: person.password },
      });
      expect(signIn.status).toBe(200);
      const me = await request(second.url, 'GET', '/me', { token: person.token });
      expect(me.status).toBe(200);
      expect(me.body.workspace.id).toBe(person.workspaceId);
      const keys = await request(second.url, 'GET', '/api-keys', { token: signIn.body.token });
      expect(keys.body.data.map((item: { name: string }) => item.name)).toEqual(['Kept key']);
      expect((await request(second.url, 'GET', '/me', { token: key.body.key })).status).toBe(200);
    } finally {
      await second.destroy();
    }
  });

  it('stop right after writes with every event handled by every part, none left failing', async () => {
    const lines: string[] = [];
    const first = await startTestSystem({
      logLevel: 'warn',
      logDestination: { write: (line: string) => void lines.push(line) },
    });
    const person = await signUpWithWorkspace(first.url, 'Busy');
    const call = callerFor(first.url, person);
    const names = Array.from({ length: 12 }, (_, index) => `Busy ${index}`);
    const made = await Promise.all(names.map((name) => call('POST', '/companies', { name })));
    expect(made.map((answer) => answer.status)).toEqual(names.map(() => 201));
    // Stopped while the creations' events are still on their way to search, reports and the rest.
    await first.stop();
    const failedPublishes = lines.filter((line) => line.includes('outbox events failed'));

    const second = await startTestSystem({ dataDir: first.dataDir });
    try {
      expect(failedPublishes).toEqual([]);
      const again = callerFor(second.url, person);
      const found = await waitFor(async () => {
        const search = await again('GET', '/search?q=Busy');
        return search.body.data?.length === names.length ? search : undefined;
      });
      expect(found.status).toBe(200);
    } finally {
      await second.destroy();
    }
  });
});
