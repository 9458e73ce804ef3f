import { request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';

// The defaults an installation runs with: https only, no loopback, and the event catalogue in the
// merged document.
let system: TestSystem;
let base: string;

beforeAll(async () => {
  const env = { ...process.env };
  delete env.WEBHOOKS_ALLOW_INSECURE_URLS;
  system = await startTestSystem({ env });
  base = system.url;
});

afterAll(() => system.destroy());

describe('webhooks with production settings', () => {
  it('refuse http, loopback by name or address, and private addresses', async () => {
    const owner = await signUpWithWorkspace(base, 'Prue');
    for (const [url, message] of [
      ['http://hooks.example.com/in', 'must use https'],
      ['https://localhost/in', 'a private, loopback, link-local or reserved address'],
      ['https://127.0.0.1:8443/in', 'resolves to 127.0.0.1'],
      ['https://[::1]/in', 'resolves to ::1'],
      ['https://192.168.10.1/in', 'resolves to 192.168.10.1'],
      ['https://169.254.169.254/latest/meta-data', 'resolves to 169.254.169.254'],
    ] as const) {
      const answer = await request(base, 'POST', '/webhooks', { token: owner.token, body: { url } });
      expect({ url, status: answer.status, code: answer.body.error?.code }).toEqual({ url, status: 400, code: 'validation_failed' });
      expect(answer.body.error.message).toContain(message);
    }
    expect((await request(base, 'GET', '/webhooks', { token: owner.token })).body.data).toEqual([]);
  });

  it('publish the event catalogue in the OpenAPI document: every public type with its payload schema', async () => {
    const document = await request(base, 'GET', '/openapi.json');
    const webhooks = document.body.webhooks as Record<string, { post: { requestBody: { content: Record<string, { schema: { properties: Record<string, any> } }> } } }>;
    expect(Object.keys(webhooks)).toEqual(expect.arrayContaining(['crm.company.created', 'crm.contact.erased', 'crm.deal.updated']));
    expect(Object.keys(webhooks).some((type) => type.startsWith('identity.api_key') || type.startsWith('identity.session'))).toBe(false);
    const body = webhooks['crm.deal.updated'].post.requestBody.content['application/json'].schema;
    expect(body.properties.data.properties.deal_id).toBeDefined();
    expect(document.body.paths['/webhooks']).toBeDefined();
    expect(document.body.paths['/events']).toBeDefined();
  });
});
