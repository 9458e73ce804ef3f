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
  it('refuse http, loopback by name or address, and private addresses, with one answer that names no address', async () => {
    const owner = await signUpWithWorkspace(base, 'Prue');
    for (const [url, message] of [
      ['http://hooks.example.com/in', 'url must use https'],
      ['https://localhost/in', 'url must name a host that resolves only to public addresses'],
      ['https://127.0.0.1:8443/in', 'url must name a host that resolves only to public addresses'],
      ['https://[::1]/in', 'url must name a host that resolves only to public addresses'],
      ['https://192.168.10.1/in', 'url must name a host that resolves only to public addresses'],
      ['https://169.254.169.254/latest/meta-data', 'url must name a host that resolves only to public addresses'],
      ['https://no-such-host.invalid/in', 'url must name a host that resolves only to public addresses'],
    ] as const) {
      const answer = await request(base, 'POST', '/webhooks', { token: owner.token, body: { url } });
      expect({ url, status: answer.status, code: answer.body.error?.code }).toEqual({
        url,
        status: 400,
        code: 'validation_failed',
      });
      // The same words for every address that is not public: the answer names no address.
      expect({ url, message: answer.body.error.message }).toEqual({ url, message });
    }
    expect((await request(base, 'GET', '/webhooks', { token: owner.token })).body.data).toEqual([]);
  });

  it('publish the event catalogue in the OpenAPI document: every public type with its payload schema', async () => {
    const document = await request(base, 'GET', '/openapi.json');
    const webhooks = document.body.webhooks as Record<
      string,
      { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }
    >;
    expect(Object.keys(webhooks)).toEqual(
      expect.arrayContaining(['crm.company.created', 'crm.contact.erased', 'crm.deal.updated']),
    );
    expect(
      Object.keys(webhooks).some((type) => type.startsWith('identity.api_key') || type.startsWith('identity.session')),
    ).toBe(false);
    // A delivery's body and its payload are named components (DealUpdatedEvent, DealUpdatedData).
    expect(webhooks['crm.deal.updated'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/DealUpdatedEvent',
    });
    const schemas = document.body.components.schemas as Record<string, { properties: Record<string, any> }>;
    expect(schemas.DealUpdatedEvent.properties.data).toEqual({ $ref: '#/components/schemas/DealUpdatedData' });
    expect(schemas.DealUpdatedData.properties.deal_id).toBeDefined();
    expect(document.body.paths['/webhooks']).toBeDefined();
    expect(document.body.paths['/events']).toBeDefined();
  });
});
