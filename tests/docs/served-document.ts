import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestSystem, type TestSystem } from '../support/system';

export interface ServedDocument {
  // A folder of the test's own, removed after it.
  folder(): string;
  // The document the started system serves (GET /v1/openapi.json), written to the folder as
  // `name`: its path.
  save(name: string): Promise<string>;
}

// For tests of the OpenAPI document as tools read it: the whole system started once for the file,
// and a folder for the tools' input and output.
export function servedDocument(): ServedDocument {
  let system: TestSystem;
  let dir: string;
  beforeAll(async () => {
    system = await startTestSystem();
    dir = mkdtempSync(join(tmpdir(), 'openapi-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await system.destroy();
  });
  return {
    folder: () => dir,
    async save(name) {
      const response = await fetch(`${system.url}/openapi.json`);
      expect(response.status).toBe(200);
      const file = join(dir, name);
      writeFileSync(file, await response.text());
      return file;
    },
  };
}
