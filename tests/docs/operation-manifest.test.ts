import { join } from 'node:path';
import {
  buildOperationManifest,
  renderOperationManifest,
  staleManifestMessage,
  type OperationDeclaration,
} from '@crm/kit';

const root = join(__dirname, '..', '..');
const load = (file: string) => jest.requireActual<Record<string, unknown>>(file);

describe('protos/rest/operation-manifest.json', () => {
  it('is what the services declare: the gateway and the permission matrix read it', () => {
    const stale = staleManifestMessage(root, renderOperationManifest(buildOperationManifest(root, load, false)));
    if (stale !== undefined) throw new Error(stale);
  });

  it('is stale once a declaration changes, and the failure names the command that rewrites it', () => {
    const costlier = (file: string) => {
      const exports = load(file);
      if (!file.endsWith(join('companies', 'company.operations.ts'))) return exports;
      const listCompanies = exports.listCompanies as OperationDeclaration;
      return { ...exports, listCompanies: { ...listCompanies, cost: 3 } };
    };
    const manifest = buildOperationManifest(root, costlier, false);
    expect(
      manifest.operations.find((operation) => operation.method === 'GET' && operation.path === '/companies')?.cost,
    ).toBe(3);
    expect(staleManifestMessage(root, renderOperationManifest(manifest))).toMatch(
      /operation-manifest\.json is stale.*Run `npm run operations`/,
    );
  });
});
