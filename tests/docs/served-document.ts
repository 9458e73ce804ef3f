import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedTestSystem } from '../support/system';

export interface ServedDocument {
  // A folder of the test's own, removed after it.
  folder(): string;
  // The document the started system serves (GET /v1/openapi.json), written to the folder as
  // `name`: its path.
  save(name: string): Promise<string>;
}

// For tests of the OpenAPI document as tools read it: the document of the worker's shared system,
// and a folder for the tools' input and output.
export function servedDocument(): ServedDocument {
  const system = sharedTestSystem();
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'openapi-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
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
