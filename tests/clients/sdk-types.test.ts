import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedTestSystem } from '../support/system';

const system = sharedTestSystem();

const GENERATE = join(__dirname, '..', '..', 'clients', 'typescript', 'scripts', 'generate.mjs');

function check(document: unknown) {
  const dir = mkdtempSync(join(tmpdir(), 'sdk-types-'));
  try {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    return spawnSync(process.execPath, [GENERATE, '--check', '--input', file], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the SDK types', () => {
  it('are generated from the document the system serves (run `pnpm --filter @crm/sdk run generate` when this fails)', async () => {
    const served = await (await fetch(`${system.url}/openapi.json`)).json();
    const run = check(served);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('are reported stale when the document changes', async () => {
    const served = (await (await fetch(`${system.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    served.paths['/brand-new'] = {
      get: { operationId: 'getBrandNew', responses: { 204: { description: 'nothing' } } },
    };
    const run = check(served);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'stale against the served OpenAPI document: clients/typescript/openapi.json, clients/typescript/src/generated/openapi.ts',
    );
  });
});
