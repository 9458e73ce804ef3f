import { request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';

// Each test has a system, and so limiters, of its own: no test counts what another used.
let system: TestSystem | undefined;

afterEach(async () => {
  await system?.destroy();
  system = undefined;
});

describe('rate limits at the gateway', () => {
  it('answer 429 rate_limited with Retry-After once a token has used its minute, without touching other tokens', async () => {
    system = await startTestSystem({ rateLimits: { perTokenPerMinute: 4, publicPerMinute: 100 } });
    const first = await signUpWithWorkspace(system.url, 'Busy');
    const second = await signUpWithWorkspace(system.url, 'Calm');
    // The token's onboarding request was the first of its 4.
    const answers = [];
    for (let i = 0; i < 4; i += 1) answers.push((await request(system.url, 'GET', '/me', { token: first.token })).status);
    expect(answers).toEqual([200, 200, 200, 429]);
    const limited = await request(system.url, 'GET', '/me', { token: first.token });
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await request(system.url, 'GET', '/me', { token: second.token })).status).toBe(200);
  });

  it('limit attempts on the paths reached without a token per client address', async () => {
    system = await startTestSystem({ rateLimits: { perTokenPerMinute: 100, publicPerMinute: 4 } });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await request(system.url, 'POST', '/auth/sign-in', { body: { email: 'x@example.com', password: 'wrong password' } })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    const limited = await request(system.url, 'POST', '/auth/sign-in', { body: { email: 'x@example.com', password: 'wrong password' } });
    expect(limited.body.error.code).toBe('rate_limited');
  });
});
