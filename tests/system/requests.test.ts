import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { callerFor, request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';

let system: TestSystem;

beforeAll(async () => {
  // Webhook endpoints on a loopback address, so that one can be made without a public one.
  system = await startTestSystem({ env: { ...process.env, WEBHOOKS_ALLOW_INSECURE_URLS: 'true' } });
});

afterAll(() => system.destroy());

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('a compressed request body', () => {
  it('is decoded once, at the gateway, for gzip, deflate and br', async () => {
    const person = await signUpWithWorkspace(system.url, 'Coded');
    const credentials = json({ email: person.email, password: person.password });
    for (const [coding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      const signIn = await request(system.url, 'POST', '/auth/sign-in', {
        rawBody: compress(credentials),
        headers: { 'content-encoding': coding },
      });
      expect({ coding, status: signIn.status }).toEqual({ coding, status: 200 });
      expect(typeof signIn.body.token).toBe('string');
    }
    const created = await request(system.url, 'POST', '/companies', {
      token: person.token,
      rawBody: gzipSync(json({ name: 'Zipped Ltd' })),
      headers: { 'content-encoding': 'GZIP' },
    });
    expect(created.status).toBe(201);
    const read = await request(system.url, 'GET', `/companies/${created.body.id as string}`, { token: person.token });
    expect(read.body.name).toBe('Zipped Ltd');
  });

  it('answers 400 naming the coding when the coded bytes are broken', async () => {
    const person = await signUpWithWorkspace(system.url, 'Broken');
    const truncated = gzipSync(json({ email: person.email, password: person.password })).subarray(0, 20);
    for (const [coding, body] of [
      ['gzip', Buffer.from('{"email":"not gzip at all"}')],
      ['gzip', truncated],
      ['deflate', Buffer.from('plain text')],
      ['br', Buffer.from([0xff, 0xff, 0xff, 0xff])],
    ] as const) {
      const answer = await request(system.url, 'POST', '/auth/sign-in', {
        rawBody: body,
        headers: { 'content-encoding': coding },
      });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({
        code: 'validation_failed',
        message: `request body is not valid ${coding} data (Content-Encoding: ${coding})`,
      });
    }
    const company = await request(system.url, 'POST', '/companies', {
      token: person.token,
      rawBody: Buffer.from('nope'),
      headers: { 'content-encoding': 'gzip' },
    });
    expect(company.status).toBe(400);
    expect(company.body.error.code).toBe('validation_failed');
  });

  it('answers 413 when it expands past the body limit (a small bomb reads no more than the limit)', async () => {
    const person = await signUpWithWorkspace(system.url, 'Bomb');
    // 16 MiB of spaces inside valid JSON: about 16 KiB on the wire.
    const bomb = gzipSync(
      Buffer.concat([Buffer.from('{"name":"x"'), Buffer.alloc(16 * 1024 * 1024, 0x20), Buffer.from('}')]),
    );
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const answer = await request(system.url, 'POST', '/companies', {
      token: person.token,
      rawBody: bomb,
      headers: { 'content-encoding': 'gzip' },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error).toEqual({ code: 'payload_too_large', message: 'request body exceeds 1 MiB' });
    const list = await request(system.url, 'GET', '/companies', { token: person.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
  });

  it('answers 415 with Accept-Encoding for a coding the gateway does not decode', async () => {
    const person = await signUpWithWorkspace(system.url, 'Unknown');
    for (const coding of ['compress', 'gzip, gzip', 'zstd']) {
      const answer = await request(system.url, 'POST', '/auth/sign-in', {
        rawBody: gzipSync(json({ email: person.email, password: person.password })),
        headers: { 'content-encoding': coding },
      });
      expect(answer.status).toBe(415);
      expect(answer.body.error.code).toBe('unsupported_media_type');
      expect(answer.body.error.message).toContain(`Content-Encoding '${coding}' is not supported`);
      expect(answer.headers.get('accept-encoding')).toBe('gzip, deflate, br');
    }
  });
});

describe('text that lies about itself', () => {
  it('refuses bidirectional controls in names and other one-line fields, naming the field', async () => {
    const person = await signUpWithWorkspace(system.url, 'Bidi');
    const refusals = [
      await request(system.url, 'POST', '/companies', { token: person.token, body: { name: 'invoice\u202Etxt.exe' } }),
      await request(system.url, 'POST', '/companies', {
        token: person.token,
        body: { name: 'Acme', address: { city: 'Lon\u2066don' } },
      }),
      await request(system.url, 'POST', '/contacts', {
        token: person.token,
        body: { first_name: 'Ann\u200F', last_name: 'Lee' },
      }),
      await request(system.url, 'POST', '/api-keys', {
        token: person.token,
        body: { name: '\u061CNightly sync', kind: 'integration' },
      }),
    ];
    expect(refusals.map((answer) => [answer.status, answer.body.error])).toEqual([
      [400, { code: 'validation_failed', message: 'name must be one line of text without control characters' }],
      [400, { code: 'validation_failed', message: 'address.city must be one line of text without control characters' }],
      [400, { code: 'validation_failed', message: 'first_name must be one line of text without control characters' }],
      [400, { code: 'validation_failed', message: 'name must be one line of text without control characters' }],
    ]);
    expect((await request(system.url, 'GET', '/companies', { token: person.token })).body.data).toEqual([]);
    expect((await request(system.url, 'GET', '/api-keys', { token: person.token })).body.data).toEqual([]);
    // Free text keeps them: right-to-left prose may need them.
    const company = await request(system.url, 'POST', '/companies', {
      token: person.token,
      body: { name: 'Acme', description: 'مرحبا \u200F(Ltd)' },
    });
    expect(company.status).toBe(201);
    expect(company.body.description).toBe('مرحبا \u200F(Ltd)');
  });

  it('refuses a body that gives a field twice, at any depth, before anything is done', async () => {
    const person = await signUpWithWorkspace(system.url, 'Twice');
    const contact = await request(system.url, 'POST', '/contacts', {
      token: person.token,
      body: { first_name: 'Ted', last_name: 'Kept', email: 'ted.kept@example.com' },
    });
    expect(contact.status).toBe(201);
    const erase = await request(system.url, 'POST', `/contacts/${contact.body.id as string}/erase`, {
      token: person.token,
      rawBody: '{"confirm":1,"confirm":"ERASE"}',
    });
    expect(erase.status).toBe(400);
    expect(erase.body.error).toEqual({
      code: 'validation_failed',
      message: "field 'confirm' is given twice in the request body",
    });
    const kept = await request(system.url, 'GET', `/contacts/${contact.body.id as string}`, { token: person.token });
    expect(kept.body.email).toBe('ted.kept@example.com');

    const nested = await request(system.url, 'POST', '/companies', {
      token: person.token,
      rawBody: '{"name":"Acme","custom":{"tier":"gold","ti\\u0065r":"free"}}',
    });
    expect(nested.status).toBe(400);
    expect(nested.body.error.message).toBe("field 'custom.tier' is given twice in the request body");
    const signIn = await request(system.url, 'POST', '/auth/sign-in', {
      rawBody: JSON.stringify({ email: person.email, password: person.password }).replace('}', ',"password":"x"}'),
    });
    expect(signIn.status).toBe(400);
    expect(signIn.body.error.message).toBe("field 'password' is given twice in the request body");
    // The same compressed, decoded at the gateway, is refused by the same rule.
    const coded = await request(system.url, 'POST', `/contacts/${contact.body.id as string}/erase`, {
      token: person.token,
      rawBody: gzipSync(Buffer.from('{"confirm":"ERASE","confirm":"ERASE"}')),
      headers: { 'content-encoding': 'gzip' },
    });
    expect(coded.status).toBe(400);
    expect(
      (await request(system.url, 'GET', `/contacts/${contact.body.id as string}`, { token: person.token })).body.email,
    ).toBe('ted.kept@example.com');
  });
});

describe('ids in paths', () => {
  it('name the same record in upper case as in lower case, on every kind of record', async () => {
    const person = await signUpWithWorkspace(system.url, 'Cases');
    const call = callerFor(system.url, person);
    const created = async (path: string, body: unknown) => {
      const answer = await call('POST', path, body);
      expect({ path, status: answer.status }).toEqual({ path, status: 201 });
      return answer.body.id as string;
    };
    const pipeline = (
      (await call('GET', '/pipelines')).body.data as Array<{
        id: string;
        name: string;
        stages: Array<{ id: string; name: string }>;
      }>
    )[0];
    const me = ((await call('GET', '/members')).body.data as Array<{ id: string; email: string }>).find(
      (member) => member.email === person.email,
    )!;
    const company = await created('/companies', { name: 'Cased Ltd' });
    const contact = await created('/contacts', { first_name: 'Cas', last_name: 'Ed' });
    const deal = await created('/deals', { name: 'Cased deal', value: 10 });
    const task = await created('/tasks', { title: 'Call back' });
    const source = await created('/lead-sources', { name: 'Fairs', channel: 'event' });
    const field = await created('/custom-fields', { object: 'company', label: 'Tier', type: 'text' });
    const role = await created('/roles', { name: 'Readers', permissions: ['companies:read'] });
    const view = await created('/saved-views', { object: 'company', name: 'Mine', filters: {} });
    const report = await created('/reports/saved', {
      name: 'By stage',
      definition: { object: 'company', group_by: ['stage_id'] },
    });
    const webhook = await created('/webhooks', { url: 'http://127.0.0.1:9/hook' });
    const cases: Array<[string, string, string, unknown?]> = [
      ['GET', '/companies/{id}', company],
      ['GET', '/contacts/{id}', contact],
      ['GET', '/deals/{id}', deal],
      ['PATCH', '/tasks/{id}', task, { title: 'Call back' }],
      ['PATCH', '/pipelines/{id}', pipeline.id, { name: pipeline.name }],
      ['PATCH', '/pipeline-stages/{id}', pipeline.stages[0].id, { name: pipeline.stages[0].name }],
      ['PATCH', '/lead-sources/{id}', source, { name: 'Fairs' }],
      ['PATCH', '/custom-fields/{id}', field, { label: 'Tier' }],
      ['PATCH', '/members/{id}', me.id, { status: 'active' }],
      ['PATCH', '/roles/{id}', role, { name: 'Readers' }],
      ['PATCH', '/saved-views/{id}', view, { name: 'Mine' }],
      ['GET', '/reports/saved/{id}/run', report],
      ['PATCH', '/webhooks/{id}', webhook, { description: 'Cased' }],
      ['GET', '/webhooks/{id}/deliveries', webhook],
    ];
    for (const [method, template, id, body] of cases) {
      const upper = await call(method, template.replace('{id}', id.toUpperCase()), body);
      const lower = await call(method, template.replace('{id}', id), body);
      expect({ method, template, status: upper.status }).toEqual({ method, template, status: lower.status });
      expect([200, 204]).toContain(upper.status);
      if (typeof lower.body?.id === 'string') expect(upper.body.id).toBe(id);
    }
    // The same record: a change made through the upper-case id shows through the lower-case one.
    expect((await call('PATCH', `/lead-sources/${source.toUpperCase()}`, { name: 'Trade fairs' })).status).toBe(200);
    expect(
      ((await call('GET', '/lead-sources')).body.data as Array<{ id: string; name: string }>).find(
        (item) => item.id === source,
      )?.name,
    ).toBe('Trade fairs');
    expect((await call('DELETE', `/saved-views/${view.toUpperCase()}`)).status).toBe(204);
    expect((await call('PATCH', `/saved-views/${view}`, { name: 'Gone' })).status).toBe(404);
    // A malformed id is refused as such, not looked up.
    const malformed = await call('GET', '/companies/not-an-id');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toEqual({ code: 'validation_failed', message: 'id must be a valid uuid' });
  });
});

describe('declared bounds', () => {
  it('are the bounds the validator enforces, and the document states them', async () => {
    const person = await signUpWithWorkspace(system.url, 'Bounds');
    const call = callerFor(system.url, person);
    const manyKeys = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, i]));
    const refusals = [
      await call('POST', '/companies', { name: 'Huge', employee_count: 1e300 }),
      await call('POST', '/companies', { name: 'Keys', custom: manyKeys }),
      await call('POST', '/companies', { name: 'Dots', custom: { 'a.b': 1 } }),
      await call('POST', '/companies', { name: 'Dollar', custom: { $where: 1 } }),
      await call('POST', '/companies', {
        name: 'Bytes',
        custom: Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'x'.repeat(1900)])),
      }),
      await call('POST', '/contacts', { first_name: 'Far', custom: { score: 1e300 } }),
      await call('POST', '/deals', { name: 'Nul', custom: { note: 'a\u0000b' } }),
      await call('POST', '/campaigns', { name: 'Spring', utm_campaign: '' }),
      await call('POST', '/web-forms', { name: 'Contact us', consent_text: '  ' }),
    ];
    expect(refusals.map((answer) => [answer.status, answer.body.error.message])).toEqual([
      [400, 'employee_count must be <= 100000000'],
      [400, 'custom must NOT have more than 50 properties'],
      [400, `custom key 'a.b' must match pattern "^[^.$][^.]*$"`],
      [400, `custom key '$where' must match pattern "^[^.$][^.]*$"`],
      [400, 'custom must NOT be larger than 16384 bytes as JSON'],
      [400, 'custom.score must be <= 1000000000000000'],
      [400, 'custom.note must be text without control characters'],
      [400, 'utm_campaign must NOT have fewer than 1 characters'],
      [400, 'consent_text must NOT have fewer than 1 characters'],
    ]);
    expect((await call('GET', '/companies')).body.data).toEqual([]);
    // null still clears them.
    const campaign = await call('POST', '/campaigns', { name: 'Spring', utm_campaign: null });
    expect([campaign.status, campaign.body.utm_campaign]).toEqual([201, null]);

    const document = (await (await fetch(`${system.url}/openapi.json`)).json()) as Record<string, any>;
    const schemas = document.components.schemas as Record<string, any>;
    const bodyOf = (path: string) => {
      const schema = document.paths[path].post.requestBody.content['application/json'].schema as Record<string, any>;
      return schema.$ref ? schemas[(schema.$ref as string).split('/').pop()!] : schema;
    };
    const company = bodyOf('/companies').properties;
    expect(company.employee_count).toMatchObject({ minimum: 0, maximum: 100_000_000 });
    expect(company.custom).toMatchObject({
      maxProperties: 50,
      'x-max-json-bytes': 16384,
      propertyNames: { minLength: 1, maxLength: 100 },
    });
    expect(bodyOf('/campaigns').properties.utm_campaign).toMatchObject({ minLength: 1 });
  });
});
