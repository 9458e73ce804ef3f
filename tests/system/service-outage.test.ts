import { closeServer } from '@crm/kit';
import { request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';

// Each test takes a part of its own system down, so neither depends on what the other broke.
let system: TestSystem | undefined;

afterEach(async () => {
  await system?.destroy();
  system = undefined;
});

describe('when a service is down', () => {
  it('its paths answer 503 unavailable with Retry-After while the other services keep answering', async () => {
    system = await startTestSystem();
    const person = await signUpWithWorkspace(system.url, 'Ops');
    expect((await request(system.url, 'GET', '/me', { token: person.token })).status).toBe(200);

    // Identity's HTTP side goes away; its gRPC side (authentication) stays.
    await closeServer(system.services.identity.httpServer);
    const down = await request(system.url, 'GET', '/me', { token: person.token });
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('unavailable');
    expect(Number(down.headers.get('retry-after'))).toBeGreaterThan(0);

    // crm-core still answers for itself: whatever it says, it is not the gateway's 503.
    const other = await request(system.url, 'GET', '/companies', { token: person.token });
    expect(other.status).not.toBe(503);
    expect(other.body.error?.code).not.toBe('unavailable');
  });

  it('every authenticated path answers 503 when identity cannot authenticate, and paths without a token still work', async () => {
    system = await startTestSystem();
    const person = await signUpWithWorkspace(system.url, 'Late');
    system.services.identity.grpcServer.server.forceShutdown();

    for (const path of ['/me', '/companies', '/reports/pipeline']) {
      const response = await request(system.url, 'GET', path, { token: person.token });
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('unavailable');
    }
    const signIn = await request(system.url, 'POST', '/auth/sign-in', {
      body: { email: person.email, password: person.password },
    });
    expect(signIn.status).toBe(200);
  });
});
