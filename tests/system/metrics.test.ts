import { request, signUpWithWorkspace, startTestSystem, waitFor, type TestSystem } from '../support/system';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
});

afterAll(() => system.destroy());

async function scrape(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(response.status).toBe(200);
  return response.text();
}

// The value of the first sample of `name` carrying every one of `labels`.
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (match?.[1] === name && wanted.every((pair) => (match[2] ?? '').split(',').includes(pair)))
      return Number(match[3]);
  }
  return undefined;
}

describe('/metrics on every part of the all-in-one', () => {
  it('counts the request at the gateway and at identity, the Authenticate questions, consumed events and the outbox', async () => {
    const person = await signUpWithWorkspace(system.url, 'Metered');
    const me = await request(system.url, 'GET', '/me', { token: person.token });
    expect(me.status).toBe(200);
    const stranger = await request(system.url, 'GET', '/me', { token: 'not-a-known-token' });
    expect(stranger.status).toBe(401);

    const gateway = await scrape(system.gateway.port);
    expect(
      sample(gateway, 'crm_http_requests_total', {
        service: 'gateway',
        operation: '/me',
        method: 'GET',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(gateway, 'crm_http_request_duration_seconds_count', {
        service: 'gateway',
        operation: '/me',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);

    const identityPort = system.services.identity.httpPort;
    const identity = await scrape(identityPort);
    expect(identity).not.toContain('service="gateway"');
    expect(
      sample(identity, 'crm_grpc_server_handled_total', {
        service: 'identity',
        method: '/crm.identity.v1.IdentityService/AuthenticateStream',
        code: 'OK',
      }),
    ).toBeGreaterThanOrEqual(1);
    // A refused question counts with the status its refusal would have had as a call.
    expect(
      sample(identity, 'crm_grpc_server_handled_total', {
        service: 'identity',
        method: '/crm.identity.v1.IdentityService/AuthenticateStream',
        code: 'UNAUTHENTICATED',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(sample(identity, 'crm_outbox_pending', { service: 'identity' })).toBeGreaterThanOrEqual(0);
    expect(sample(identity, 'crm_jobs_due', { service: 'identity' })).toBeGreaterThanOrEqual(0);

    // Signing up and onboarding publish events the audit log consumes.
    const consumed = await waitFor(async () => {
      const text = await scrape(identityPort);
      const ok = text
        .split('\n')
        .filter((line) => line.startsWith('crm_events_handled_total{') && line.includes('outcome="ok"'));
      return ok.length > 0 ? ok : undefined;
    });
    expect(consumed.join('\n')).toContain('service="identity"');
    // Each consumer's backlog and how far behind it is.
    const identityText = await scrape(identityPort);
    expect(
      sample(identityText, 'crm_event_consumer_backlog', { service: 'identity', consumer: 'identity.audit' }),
    ).toBeGreaterThanOrEqual(0);
    expect(
      sample(identityText, 'crm_event_consumer_behind_seconds', { service: 'identity', consumer: 'identity.audit' }),
    ).toBeLessThan(60);

    // Each service answers its own /metrics, labelled with its own name.
    for (const [name, service] of Object.entries(system.services)) {
      const text = await scrape(service.httpPort);
      expect(sample(text, 'process_cpu_seconds_total', { service: name })).toBeGreaterThan(0);
    }
  });

  it('is not reachable through the gateway’s API', async () => {
    const response = await request(system.url, 'GET', '/metrics');
    expect(response.status).toBe(404);
  });
});
