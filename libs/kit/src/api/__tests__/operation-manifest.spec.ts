import type { ManifestOperation } from '@crm/protos';
import { contractOperations, deriveRoutes } from '../operation-manifest';

const operation = (
  method: ManifestOperation['method'],
  path: string,
  extra: Partial<ManifestOperation> = {},
): ManifestOperation => ({
  method,
  path,
  service: 'crm-core',
  contract: true,
  access: { permission: null },
  cost: 1,
  ...extra,
});

describe('the route table derived from the operations', () => {
  it('gives the operations under one segment one route, and those with their own limits a route first', () => {
    const routes = deriveRoutes([
      operation('GET', '/contacts'),
      operation('GET', '/contacts/{id}'),
      operation('POST', '/contacts/{id}/erase', { timeoutMs: 60_000 }),
      operation('POST', '/import/companies', { bodyLimit: '16mb' }),
    ]);
    expect(routes).toEqual([
      { path: '/contacts/{id}/erase', service: 'crm-core', timeoutMs: 60_000 },
      { path: '/contacts', service: 'crm-core' },
      { path: '/import/companies', service: 'crm-core', bodyLimit: '16mb' },
    ]);
  });

  it('splits a public area by service and second segment, streaming where a raw body may be large', () => {
    const routes = deriveRoutes([
      operation('POST', '/auth/sign-in', { service: 'identity', access: 'public', contract: false }),
      operation('POST', '/auth/sign-out', { service: 'identity', contract: false }),
      operation('POST', '/auth/switch-workspace', { service: 'identity', contract: false }),
      operation('GET', '/public/files/{id}', { service: 'documents', access: 'public', contract: false }),
      operation('PUT', '/public/files/{id}', {
        service: 'documents',
        access: 'public',
        contract: false,
        streamed: true,
      }),
      operation('GET', '/public/files/exports/{id}', { service: 'documents', access: 'public', contract: false }),
    ]);
    expect(routes).toEqual([
      { path: '/auth/sign-in', service: 'identity', public: true },
      { path: '/auth', service: 'identity' },
      { path: '/public/files', service: 'documents', public: true, streamed: true },
    ]);
  });

  it('refuses operations under one path that ask the gateway for different limits', () => {
    expect(() =>
      deriveRoutes([operation('GET', '/export'), operation('POST', '/export', { timeoutMs: 120_000 })]),
    ).toThrow(/two routes of the gateway are \/export:/);
    expect(() =>
      deriveRoutes([
        operation('POST', '/reports/{id}', { timeoutMs: 1 }),
        operation('GET', '/reports/{id}', { timeoutMs: 2 }),
        operation('GET', '/reports'),
      ]),
    ).toThrow(/two routes of the gateway are \/reports\/\{id\}/);
  });
});

describe('the contract', () => {
  it('is the rows of the contract document that name an operation', () => {
    expect([
      ...contractOperations('| GET /companies | List |\n| POST /companies/{id}/merge | Merge |\n| Field | Type |\n'),
    ]).toEqual(['GET /companies', 'POST /companies/{id}/merge']);
  });
});
