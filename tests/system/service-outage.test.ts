import { closeServer } from '@crm/kit';
import { request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
});

afterAll(() => system.destroy());

describe('when a service is down', () => {
  it('its paths answer 503 unavailable promptly while other services keep working', async () => {
    const person = await signUpWithWorkspace(system.url, 'Ops');
    await closeServer(system.services.reports.httpServer);

    const started = Date.now();
    const down = await request(system.url, 'GET', '/reports/pipeline', { token: person.token });
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(5000);

    const up = await request(system.url, 'GET', '/me', { token: person.token });
    expect(up.status).toBe(200);
  });

  it('every authenticated path answers 503 when identity is down', async () => {
    const person = await signUpWithWorkspace(system.url, 'Late');
    await system.services.identity.grpcServer.server.forceShutdown();
    const response = await request(system.url, 'GET', '/reports/pipeline', { token: person.token });
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('unavailable');
  });
});
