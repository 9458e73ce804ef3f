import { request, signUpWithWorkspace, startTestSystem } from '../support/system';

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
});
