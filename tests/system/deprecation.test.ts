import { DEPRECATED_OPERATIONS, type DeprecatedOperation } from '@crm/gateway';
import { generateInternalKeyPair } from '@crm/kit';
import { startGatewayReplica } from '../support/gateway-replica';
import { request, signUpWithWorkspace, startTestSystem, type TestSystem } from '../support/system';

// The gateway under test takes its deprecation table as an option, so it runs beside the system's
// own gateway, in front of the same services.
const keys = generateInternalKeyPair();
let system: TestSystem;
let stopGateway: (() => Promise<void>) | undefined;

beforeAll(async () => {
  system = await startTestSystem({ internalKeys: keys });
});

afterAll(async () => {
  await stopGateway?.();
  await system.destroy();
});

function gatewayWith(deprecations: readonly DeprecatedOperation[]) {
  return startGatewayReplica(system, keys, { deprecations });
}

const TABLE: DeprecatedOperation[] = [
  {
    operation: 'GET /recent',
    deprecatedAt: '2026-01-15T00:00:00Z',
    sunsetAt: '2026-09-30T00:00:00Z',
    link: 'https://crm.example.com/docs/changelog#recent',
  },
  {
    operation: 'PATCH /companies/{id}',
    deprecatedAt: '2026-03-01T12:00:00Z',
    link: 'https://crm.example.com/docs/changelog#patch-companies',
  },
];

describe('deprecated operations', () => {
  it('nothing is deprecated in v1 today', () => {
    expect(DEPRECATED_OPERATIONS).toEqual([]);
  });

  it('answer with Deprecation, Sunset and Link, and only those operations do', async () => {
    const gateway = await gatewayWith(TABLE);
    stopGateway = () => gateway.stop();
    const base = gateway.url;
    const person = await signUpWithWorkspace(base, 'Deprecated');

    const recent = await request(base, 'GET', '/recent', { token: person.token });
    expect(recent.status).toBe(200);
    expect(recent.headers.get('deprecation')).toBe(`@${Date.parse('2026-01-15T00:00:00Z') / 1000}`);
    expect(recent.headers.get('sunset')).toBe('Wed, 30 Sep 2026 00:00:00 GMT');
    expect(recent.headers.get('link')).toBe(
      '<https://crm.example.com/docs/changelog#recent>; rel="deprecation"; type="text/html", <https://crm.example.com/docs/changelog#recent>; rel="sunset"; type="text/html"',
    );

    // A template with an id matches the concrete path; without a sunset there is no Sunset.
    const company = await request(base, 'POST', '/companies', { token: person.token, body: { name: 'Acme' } });
    expect(company.status).toBe(201);
    expect(company.headers.get('deprecation')).toBeNull();
    const patched = await request(base, 'PATCH', `/companies/${company.body.id}`, {
      token: person.token,
      body: { name: 'Acme Ltd' },
    });
    expect(patched.status).toBe(200);
    expect(patched.headers.get('deprecation')).toBe(`@${Date.parse('2026-03-01T12:00:00Z') / 1000}`);
    expect(patched.headers.get('sunset')).toBeNull();
    expect(patched.headers.get('link')).toBe(
      '<https://crm.example.com/docs/changelog#patch-companies>; rel="deprecation"; type="text/html"',
    );
    // Errors of a deprecated operation say so too; the same path with another method does not.
    expect(
      (
        await request(base, 'PATCH', '/companies/7c9e6679-7425-40de-944b-e07fc1f90ae7', {
          token: person.token,
          body: { name: 'X' },
        })
      ).headers.get('deprecation'),
    ).not.toBeNull();
    const read = await request(base, 'GET', `/companies/${company.body.id}`, { token: person.token });
    expect(read.status).toBe(200);
    expect(read.headers.get('deprecation')).toBeNull();
    expect(read.headers.get('link')).toBeNull();

    // The system's own gateway, with the real (empty) table, marks nothing.
    expect(
      (await request(system.url, 'GET', '/recent', { token: person.token })).headers.get('deprecation'),
    ).toBeNull();
  });

  it('are marked deprecated in the merged OpenAPI document, with their headers', async () => {
    const gateway = await gatewayWith(TABLE);
    const base = gateway.url;
    try {
      const document = (await request(base, 'GET', '/openapi.json')).body;
      expect(document.paths['/recent'].get.deprecated).toBe(true);
      expect(document.paths['/recent'].get.description).toContain('https://crm.example.com/docs/changelog#recent');
      expect(document.paths['/recent'].get.responses['200'].headers).toMatchObject({
        Deprecation: { $ref: '#/components/headers/Deprecation' },
        Sunset: { $ref: '#/components/headers/Sunset' },
        Link: { $ref: '#/components/headers/Link' },
      });
      expect(document.paths['/companies/{id}'].patch.deprecated).toBe(true);
      expect(document.paths['/companies/{id}'].patch.responses['200'].headers.Sunset).toBeUndefined();
      expect(document.paths['/companies/{id}'].get.deprecated).toBeUndefined();
      expect(document.paths['/recent'].post.deprecated).toBeUndefined();
      const marked = Object.entries(document.paths as Record<string, Record<string, { deprecated?: boolean }>>).flatMap(
        ([path, item]) =>
          Object.entries(item)
            .filter(([, operation]) => operation.deprecated)
            .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
      expect(marked.sort()).toEqual(['GET /recent', 'PATCH /companies/{id}']);
      // The system's own document marks nothing.
      const own = (await request(system.url, 'GET', '/openapi.json')).body;
      expect(JSON.stringify(own.paths)).not.toContain('"deprecated"');
    } finally {
      await gateway.stop();
    }
  });

  it('refuse to start on a table that gives less notice than the policy promises', async () => {
    await expect(
      gatewayWith([
        {
          operation: 'GET /recent',
          deprecatedAt: '2026-01-15T00:00:00Z',
          sunsetAt: '2026-03-01T00:00:00Z',
          link: 'https://crm.example.com/docs/changelog#recent',
        },
      ]),
    ).rejects.toThrow('at least 180 days');
    await expect(
      gatewayWith([{ operation: 'GET /recent', deprecatedAt: 'soon', link: 'https://crm.example.com/docs/changelog' }]),
    ).rejects.toThrow('not a date');
  });
});
