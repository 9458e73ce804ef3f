import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';

let system: TestSystem;

beforeAll(async () => {
  system = await startTestSystem();
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
      const signIn = await request(system.url, 'POST', '/auth/sign-in', { rawBody: compress(credentials), headers: { 'content-encoding': coding } });
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
      const answer = await request(system.url, 'POST', '/auth/sign-in', { rawBody: body, headers: { 'content-encoding': coding } });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toEqual({ code: 'validation_failed', message: `request body is not valid ${coding} data (Content-Encoding: ${coding})` });
    }
    const company = await request(system.url, 'POST', '/companies', { token: person.token, rawBody: Buffer.from('nope'), headers: { 'content-encoding': 'gzip' } });
    expect(company.status).toBe(400);
    expect(company.body.error.code).toBe('validation_failed');
  });

  it('answers 413 when it expands past the body limit (a small bomb reads no more than the limit)', async () => {
    const person = await signUpWithWorkspace(system.url, 'Bomb');
    // 16 MiB of spaces inside valid JSON: about 16 KiB on the wire.
    const bomb = gzipSync(Buffer.concat([Buffer.from('{"name":"x"'), Buffer.alloc(16 * 1024 * 1024, 0x20), Buffer.from('}')]));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const answer = await request(system.url, 'POST', '/companies', { token: person.token, rawBody: bomb, headers: { 'content-encoding': 'gzip' } });
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
      await request(system.url, 'POST', '/companies', { token: person.token, body: { name: 'Acme', address: { city: 'Lon\u2066don' } } }),
      await request(system.url, 'POST', '/contacts', { token: person.token, body: { first_name: 'Ann\u200F', last_name: 'Lee' } }),
      await request(system.url, 'POST', '/api-keys', { token: person.token, body: { name: '\u061CNightly sync', kind: 'integration' } }),
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
    const company = await request(system.url, 'POST', '/companies', { token: person.token, body: { name: 'Acme', description: 'مرحبا \u200F(Ltd)' } });
    expect(company.status).toBe(201);
    expect(company.body.description).toBe('مرحبا \u200F(Ltd)');
  });

  it('refuses a body that gives a field twice, at any depth, before anything is done', async () => {
    const person = await signUpWithWorkspace(system.url, 'Twice');
    const contact = await request(system.url, 'POST', '/contacts', { token: person.token, body: { first_name: 'Ted', last_name: 'Kept', email: 'ted.kept@example.com' } });
    expect(contact.status).toBe(201);
    const erase = await request(system.url, 'POST', `/contacts/${contact.body.id as string}/erase`, { token: person.token, rawBody: '{"confirm":1,"confirm":"ERASE"}' });
    expect(erase.status).toBe(400);
    expect(erase.body.error).toEqual({ code: 'validation_failed', message: "field 'confirm' is given twice in the request body" });
    const kept = await request(system.url, 'GET', `/contacts/${contact.body.id as string}`, { token: person.token });
    expect(kept.body.email).toBe('ted.kept@example.com');

    const nested = await request(system.url, 'POST', '/companies', { token: person.token, rawBody: '{"name":"Acme","custom":{"tier":"gold","ti\\u0065r":"free"}}' });
    expect(nested.status).toBe(400);
    expect(nested.body.error.message).toBe("field 'custom.tier' is given twice in the request body");
    const signIn = await request(system.url, 'POST', '/auth/sign-in', { rawBody: JSON.stringify({ email: person.email, password: person.password }).replace('}', ',"password":"x"}') });
    expect(signIn.status).toBe(400);
    expect(signIn.body.error.message).toBe("field 'password' is given twice in the request body");
    // The same compressed, decoded at the gateway, is refused by the same rule.
    const coded = await request(system.url, 'POST', `/contacts/${contact.body.id as string}/erase`, {
      token: person.token,
      rawBody: gzipSync(Buffer.from('{"confirm":"ERASE","confirm":"ERASE"}')),
      headers: { 'content-encoding': 'gzip' },
    });
    expect(coded.status).toBe(400);
    expect((await request(system.url, 'GET', `/contacts/${contact.body.id as string}`, { token: person.token })).body.email).toBe('ted.kept@example.com');
  });
});
