import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OPERATION_COSTS, OPERATIONS } from '@crm/protos';
import { deprecationHeaders } from '../deprecations';
import { OperationTable } from '../operation-table';
import { operationCost } from '../rate-limits';

describe('operation costs', () => {
  it('name operations of the contract, each with a whole cost above the default', () => {
    const contract = new Set(OPERATIONS.map((operation) => `${operation.method} ${operation.path}`));
    for (const [operation, cost] of Object.entries(OPERATION_COSTS)) {
      expect({ operation, known: contract.has(operation) }).toEqual({ operation, known: true });
      expect(Number.isInteger(cost) && cost > 1).toBe(true);
    }
  });

  it('are the ones docs/rate-limits.md publishes', () => {
    const page = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'rate-limits.md'), 'utf8');
    const published = Object.fromEntries(
      [...page.matchAll(/^\| `((?:GET|POST|PATCH|PUT|DELETE) \/[^`]*)` \| (\d+) \|/gm)].map((row) => [
        row[1],
        Number(row[2]),
      ]),
    );
    expect(published).toEqual(OPERATION_COSTS);
  });

  it('are found for concrete paths, and only for the operation they name', () => {
    expect(operationCost('POST', '/companies/bulk')).toBe(10);
    expect(operationCost('POST', '/companies/1f0c6f4e-8d3a-4b8e-9a55-2f1c0f9b7a10/merge')).toBe(5);
    expect(operationCost('POST', '/companies/1f0c6f4e-8d3a-4b8e-9a55-2f1c0f9b7a10/merge/')).toBe(5);
    expect(operationCost('GET', '/reports/saved/1f0c6f4e-8d3a-4b8e-9a55-2f1c0f9b7a10/run')).toBe(10);
    expect(operationCost('GET', '/companies/bulk')).toBe(1);
    expect(operationCost('POST', '/companies')).toBe(1);
    expect(operationCost('POST', '/companies/bulk/extra')).toBe(1);
    expect(operationCost('DELETE', '/export')).toBe(1);
    expect(operationCost('GET', '/unknown')).toBe(1);
  });

  it('leave a path to the contract operation that matches it best', () => {
    // `/deals/forecast` is its own operation, not `/deals/{id}` with the id "forecast".
    const table = new OperationTable([['GET /deals/{id}', 'by id'] as const]);
    expect(table.lookup('GET', '/deals/4b3e2f1a-0000-4000-8000-000000000000')).toBe('by id');
    expect(table.lookup('GET', '/deals/forecast')).toBeUndefined();
    expect(() => new OperationTable([['GET deals', 1] as const])).toThrow('METHOD /path');
  });
});

describe('deprecation headers', () => {
  it('write Deprecation as an RFC 9651 date, Sunset as an HTTP-date and both links', () => {
    expect(
      deprecationHeaders({
        operation: 'GET /recent',
        deprecatedAt: '2026-01-01T00:00:00Z',
        sunsetAt: '2026-12-31T00:00:00Z',
        link: 'https://example.com/changelog#a',
      }),
    ).toEqual({
      Deprecation: '@1767225600',
      Sunset: 'Thu, 31 Dec 2026 00:00:00 GMT',
      Link: '<https://example.com/changelog#a>; rel="deprecation"; type="text/html", <https://example.com/changelog#a>; rel="sunset"; type="text/html"',
    });
    expect(() =>
      deprecationHeaders({ operation: 'GET /recent', deprecatedAt: '2026-01-01T00:00:00Z', link: '/changelog' }),
    ).toThrow('absolute');
  });
});
