import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { closeServer, createServiceApp, finishServiceApp, listen, portOf } from '../../http';
import {
  generateInternalKeyPair,
  INTERNAL_TOKEN_HEADER,
  signInternalToken,
  type InternalClaims,
} from '../../internal-jwt';
import { createLogger } from '../../logger';
import { currentContext } from '../../request-context';
import { declareOperation, implement } from '../operation';
import { ListOf, Nullable, SingleLine, Strict, StringEnum, Text, Type, Uuid } from '../schema';
import { serveOperations } from '../serve-operations';
import { admin, anyone, needs, remove, standard } from '@crm/protos';

const keys = generateInternalKeyPair();
const reader: InternalClaims = {
  workspace_id: 'w1',
  user_id: 'u1',
  actor: { type: 'app', id: 'k1', label: 'Nightly sync' },
  role: 'Viewer',
  permissions: ['companies:read'],
  is_admin: false,
  plan: 'free',
};
const writer: InternalClaims = { ...reader, permissions: ['companies:read', 'companies:write', 'privacy:override'] };

const Company = Strict({ id: Type.String(), name: Type.String(), notes: Nullable(Type.String()) });
const calls: string[] = [];

const operations = [
  implement(
    declareOperation({
      method: 'GET',
      path: '/companies',
      access: needs('companies:read'),
      summary: 'List companies',
      query: Type.Object({
        limit: Type.Integer({ minimum: 1, maximum: 50, default: 25 }),
        q: Type.Optional(SingleLine({ maxLength: 100 })),
        deleted: Type.Boolean({ default: false }),
      }),
      status: 200,
      response: ListOf(Company),
    }),
    async ({ query }) => {
      calls.push(`list ${query.limit} ${query.deleted} ${query.q ?? '-'}`);
      return { data: [] };
    },
  ),
  implement(
    declareOperation({
      method: 'POST',
      path: '/companies',
      access: needs('companies:write'),
      summary: 'Create a company',
      body: Strict({
        name: SingleLine({ minLength: 1, maxLength: 200 }),
        notes: Type.Optional(Text({ maxLength: 2000 })),
      }),
      trim: ['name'],
      status: 201,
      response: Company,
    }),
    async ({ body }) => ({ id: randomUUID(), name: body.name, notes: body.notes ?? null }),
  ),
  implement(
    declareOperation({
      method: 'GET',
      path: '/companies/counts',
      access: needs('companies:read'),
      summary: 'Counts',
      status: 200,
      response: Type.Object({ all: Type.Integer() }),
    }),
    async () => ({ all: 7 }),
  ),
  implement(
    declareOperation({
      method: 'GET',
      path: '/companies/{id}',
      access: needs('companies:read'),
      summary: 'A company',
      params: Type.Object({ id: Uuid() }),
      status: 200,
      response: Company,
    }),
    async ({ params }) => ({ id: params.id, name: 'Acme', notes: null }),
  ),
  implement(
    declareOperation({
      method: 'DELETE',
      path: '/companies/{id}',
      access: remove('companies:write'),
      summary: 'Delete',
      params: Type.Object({ id: Uuid() }),
      status: 204,
      response: null,
    }),
    async ({ params }) => {
      calls.push(`delete ${params.id}`);
    },
  ),
  implement(
    declareOperation({
      method: 'POST',
      path: '/contacts/{id}/erase',
      access: remove('privacy:override'),
      summary: 'Erase',
      params: Type.Object({ id: Uuid() }),
      body: Strict({ confirm: StringEnum(['ERASE']) }),
      status: 200,
      response: Type.Object({ erased: Type.Boolean() }),
    }),
    async ({ params }) => {
      calls.push(`erase ${params.id}`);
      return { erased: true };
    },
  ),
  implement(
    declareOperation({
      method: 'GET',
      path: '/contacts/{id}/personal-data',
      access: needs('privacy:override'),
      summary: 'Personal data',
      params: Type.Object({ id: Uuid() }),
      status: 200,
      response: Type.Object({ id: Type.String() }),
    }),
    async ({ params }) => ({ id: params.id }),
  ),
  implement(
    declareOperation({
      method: 'POST',
      path: '/integrations/calendar/{provider}/connect',
      access: standard(anyone),
      summary: 'Connect',
      params: Type.Object({ provider: StringEnum(['provider_a', 'provider_b']) }),
      status: 200,
      response: Type.Object({ url: Type.String() }),
    }),
    async ({ params }) => ({ url: `https://calendar.example/${params.provider}` }),
  ),
  implement(
    declareOperation({
      method: 'GET',
      path: '/pipelines',
      access: admin('settings:manage'),
      summary: 'Pipelines',
      status: 200,
      response: ListOf(Type.Object({})),
    }),
    async () => ({ data: [] }),
  ),
  implement(
    declareOperation({
      method: 'POST',
      path: '/session/touch',
      summary: 'Outside the contract, any caller',
      access: 'caller',
      body: Strict({ note: Type.Optional(SingleLine()) }),
      bodyRequired: false,
      status: 200,
      response: Type.Object({ workspace: Nullable(Type.String()), request: Type.String() }),
    }),
    async () => ({ workspace: currentContext()?.workspace_id ?? null, request: currentContext()?.request_id ?? '' }),
  ),
  implement(
    declareOperation({
      method: 'GET',
      path: '/public/hello',
      summary: 'No token',
      access: 'public',
      status: 200,
      response: Type.Object({ hello: Type.String() }),
    }),
    async () => ({ hello: 'world' }),
  ),
];

let server: Server;
let base: string;

beforeAll(async () => {
  const logger = createLogger('test', 'silent');
  const app = createServiceApp({ name: 'test', logger });
  app.use(
    '/v1',
    serveOperations({ service: 'crm-core', internalPublicKey: keys.publicKey, implementations: operations }),
  );
  finishServiceApp(app, logger);
  server = await listen(app, 0, '127.0.0.1');
  base = `http://127.0.0.1:${portOf(server)}/v1`;
});

afterAll(() => closeServer(server));

beforeEach(() => {
  calls.length = 0;
});

function headers(claims: InternalClaims | null, extra: Record<string, string> = {}): Record<string, string> {
  return { ...(claims ? { [INTERNAL_TOKEN_HEADER]: signInternalToken(keys.privateKey, claims) } : {}), ...extra };
}

async function send(
  method: string,
  path: string,
  claims: InternalClaims | null = reader,
  body?: unknown,
  extra: Record<string, string> = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: headers(claims, body === undefined ? extra : { 'content-type': 'application/json', ...extra }),
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

const contactId = randomUUID();

describe('serving declared operations', () => {
  describe('fails closed', () => {
    it('refuses a path whose case differs from the declaration instead of skipping the access check', async () => {
      const erase = await send('POST', `/contacts/${contactId}/ERASE`, reader, { confirm: 'ERASE' });
      expect(erase.status).toBe(404);
      expect(erase.body.error.code).toBe('not_found');
      expect((await send('GET', `/contacts/${contactId}/Personal-Data`)).status).toBe(404);
      expect(calls).toEqual([]);
    });

    it('checks HEAD as the GET it is', async () => {
      const response = await fetch(`${base}/contacts/${contactId}/personal-data`, {
        method: 'HEAD',
        headers: headers(reader),
      });
      expect(response.status).toBe(403);
      const allowed = await fetch(`${base}/contacts/${contactId}/personal-data`, {
        method: 'HEAD',
        headers: headers(writer),
      });
      expect(allowed.status).toBe(200);
      expect(await allowed.text()).toBe('');
    });

    it('refuses undeclared routes, trailing slashes and empty segments', async () => {
      expect((await send('GET', `/contacts/${contactId}/secrets`)).status).toBe(404);
      expect((await send('GET', '/companies/')).status).toBe(404);
      expect((await send('GET', '//companies')).status).toBe(404);
    });

    it('answers 405 with Allow for a known path and another method', async () => {
      const response = await send('PUT', '/companies', writer, {});
      expect(response.status).toBe(405);
      expect(response.body.error.code).toBe('method_not_allowed');
      expect(response.headers.get('allow')).toBe('GET, POST, HEAD');
    });

    it('authenticates before anything else and refuses a forged token', async () => {
      expect((await send('GET', '/companies', null)).status).toBe(401);
      const forged = signInternalToken(generateInternalKeyPair().privateKey, writer);
      const response = await fetch(`${base}/companies`, { headers: { [INTERNAL_TOKEN_HEADER]: forged } });
      expect(response.status).toBe(401);
      expect(calls).toEqual([]);
    });
  });

  describe('access as declared', () => {
    it('needs the permission the matrix names', async () => {
      const erase = await send('POST', `/contacts/${contactId}/erase`, reader, { confirm: 'ERASE' });
      expect(erase.status).toBe(403);
      expect(erase.body.error.message).toMatch(/privacy:override/);
      expect((await send('POST', `/contacts/${contactId}/erase`, writer, { confirm: 'ERASE' })).status).toBe(200);
      expect(calls).toEqual([`erase ${contactId}`]);
    });

    it('refuses agents a deletion, non-admins an admin operation and lower plans a Standard feature', async () => {
      const id = randomUUID();
      const agent = { ...writer, actor: { type: 'agent' as const, id: 'k2', label: 'Bot' } };
      expect((await send('DELETE', `/companies/${id}`, agent)).status).toBe(403);
      expect((await send('DELETE', `/companies/${id}`, writer)).status).toBe(204);
      expect((await send('GET', '/pipelines', writer)).status).toBe(403);
      expect(
        (await send('GET', '/pipelines', { ...writer, is_admin: true, permissions: ['settings:manage'] })).status,
      ).toBe(200);
      const plan = await send('POST', '/integrations/calendar/provider_a/connect', writer);
      expect(plan.status).toBe(403);
      expect(plan.body.error.code).toBe('plan_required');
      expect(
        (await send('POST', '/integrations/calendar/provider_a/connect', { ...writer, plan: 'standard' })).status,
      ).toBe(200);
    });

    it('lets read-only support staff read but not write', async () => {
      const support = {
        ...writer,
        support: { staff_email: 's@x.io', mode: 'read' as const, expires_at: '2100-01-01T00:00:00.000Z' },
      };
      expect((await send('GET', '/companies', support)).status).toBe(200);
      expect((await send('POST', '/companies', support, { name: 'Acme' })).status).toBe(403);
    });

    it('serves public operations without a token and caller operations to any caller, in its request context', async () => {
      expect((await send('GET', '/public/hello', null)).body).toEqual({ hello: 'world' });
      const touched = await send('POST', '/session/touch', { ...reader, permissions: [] }, undefined, {
        'x-request-id': 'req-1',
      });
      expect(touched).toMatchObject({ status: 200, body: { workspace: 'w1', request: 'req-1' } });
    });
  });

  describe('input', () => {
    it('coerces and defaults query parameters, and names the one that is wrong', async () => {
      expect((await send('GET', '/companies?limit=10&deleted=true&q=acme')).status).toBe(200);
      expect((await send('GET', '/companies')).status).toBe(200);
      expect(calls).toEqual(['list 10 true acme', 'list 25 false -']);
      const tooMany = await send('GET', '/companies?limit=51');
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error.message).toBe('limit must be <= 50');
      expect((await send('GET', '/companies?limit=ten')).body.error.message).toBe('limit must be integer');
      expect((await send('GET', '/companies?colour=red')).body.error.message).toBe("unknown query parameter 'colour'");
    });

    it('refuses unknown query parameters on an operation that takes none', async () => {
      const response = await send('GET', '/companies/counts?x=1');
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe("unknown query parameter 'x'");
    });

    it('validates path parameters', async () => {
      const response = await send('GET', '/companies/not-a-uuid');
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe('id must be a valid uuid');
      expect(
        (await send('POST', '/integrations/calendar/provider_c/connect', { ...writer, plan: 'standard' })).body.error
          .message,
      ).toBe('provider must be one of provider_a, provider_b');
    });

    it('hands the handler a path id in lower case, whatever case it was sent in', async () => {
      const id = '0190F3A2-7B1C-7D2E-8F30-A1B2C3D4E5F6';
      const response = await send('GET', `/companies/${id}`);
      expect(response.status).toBe(200);
      expect(response.body.id).toBe(id.toLowerCase());
    });

    it('prefers a literal segment over a parameter', async () => {
      expect((await send('GET', '/companies/counts')).body).toEqual({ all: 7 });
    });

    it('trims declared fields, rejects unknown fields and control characters in one-line text', async () => {
      const created = await send('POST', '/companies', writer, { name: '  Acme  ', notes: 'line one\nline two' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Acme', notes: 'line one\nline two' });
      expect((await send('POST', '/companies', writer, { name: 'Acme', colour: 'red' })).body.error.message).toBe(
        "unknown field 'colour'",
      );
      const injected = await send('POST', '/companies', writer, { name: 'Acme\r\nBcc: x@evil.test' });
      expect(injected.status).toBe(400);
      expect(injected.body.error.message).toBe('name must be one line of text without control characters');
      expect((await send('POST', '/companies', writer, { name: 'A\u0000B' })).status).toBe(400);
      expect((await send('POST', '/companies', writer, { name: 'Acme', notes: 'a\u0000b' })).body.error.message).toBe(
        'notes must be text without control characters',
      );
    });

    it('refuses a missing, null, non-JSON or non-object body', async () => {
      expect((await send('POST', '/companies', writer)).body.error.message).toBe('request body is required');
      expect((await send('POST', '/companies', writer, 'null')).body.error.message).toBe('body must be object');
      const text = await fetch(`${base}/companies`, {
        method: 'POST',
        headers: headers(writer, { 'content-type': 'text/plain' }),
        body: 'name=Acme',
      });
      expect(text.status).toBe(400);
      expect(((await text.json()) as { error: { message: string } }).error.message).toBe(
        'request body must be JSON (Content-Type: application/json)',
      );
    });

    it('treats an optional body as {} when absent but still validates one that is sent', async () => {
      expect((await send('POST', '/session/touch', reader)).status).toBe(200);
      expect((await send('POST', '/session/touch', reader, 'null')).status).toBe(400);
      const form = await fetch(`${base}/session/touch`, {
        method: 'POST',
        headers: headers(reader, { 'content-type': 'application/x-www-form-urlencoded' }),
        body: 'note=x',
      });
      expect(form.status).toBe(400);
    });

    it('refuses a body on an operation that takes none, but accepts {}', async () => {
      const id = randomUUID();
      expect((await send('DELETE', `/companies/${id}`, writer, { force: true })).body.error.message).toBe(
        'this operation takes no request body',
      );
      expect((await send('DELETE', `/companies/${id}`, writer, {})).status).toBe(204);
    });
  });

  describe('declarations', () => {
    it('must state their access, and a contract operation needs a token', () => {
      expect(() =>
        declareOperation({
          method: 'GET',
          path: '/companies',
          summary: 'x',
          access: 'public',
          status: 200,
          response: Type.Object({}),
        }),
      ).toThrow(/in the contract: it needs a token/);
      expect(() =>
        declareOperation({
          method: 'GET',
          path: '/elsewhere',
          summary: 'x',
          status: 200,
          response: Type.Object({}),
        } as unknown as Parameters<typeof declareOperation>[0]),
      ).toThrow(/declare its access/);
    });

    it('name records in paths by Uuid() on every authenticated operation', () => {
      expect(() =>
        declareOperation({
          method: 'DELETE',
          path: '/things/{id}',
          summary: 'x',
          access: 'caller',
          params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
          status: 204,
          response: null,
        }),
      ).toThrow(/path parameter id must be a Uuid\(\)/);
      expect(() =>
        declareOperation({
          method: 'GET',
          path: '/public/links/{token}',
          summary: 'x',
          access: 'public',
          params: Type.Object({ token: Type.String({ maxLength: 100 }) }),
          status: 200,
          response: Type.Object({}),
        }),
      ).not.toThrow();
    });

    it('refuse an operation the matrix gives to another service', () => {
      const campaigns = implement(
        declareOperation({
          method: 'GET',
          path: '/campaigns',
          access: standard(needs('companies:read')),
          summary: 'x',
          status: 200,
          response: ListOf(Type.Object({})),
        }),
        async () => ({ data: [] }),
      );
      expect(() =>
        serveOperations({ service: 'crm-core', internalPublicKey: keys.publicKey, implementations: [campaigns] }),
      ).toThrow(/belongs to marketing/);
    });

    it('refuse the same operation twice', () => {
      expect(() =>
        serveOperations({
          service: 'crm-core',
          internalPublicKey: keys.publicKey,
          implementations: [operations[0], operations[0]],
        }),
      ).toThrow(/declared twice/);
    });
  });
});
