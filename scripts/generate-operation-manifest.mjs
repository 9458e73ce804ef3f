// Writes protos/rest/operation-manifest.json from every service's operation declarations (built:
// run after `tsc -b`, as `npm run operations` does). With --check it only says whether the file is
// up to date. docs/operations.md says what the manifest holds and who reads it.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { buildOperationManifest, renderOperationManifest, staleManifestMessage, OPERATION_MANIFEST_FILE } = require(
  join(root, 'libs', 'kit', 'dist', 'index.js'),
);

const text = renderOperationManifest(buildOperationManifest(root, (file) => require(file), true));
if (process.argv.includes('--check')) {
  const stale = staleManifestMessage(root, text);
  if (stale !== undefined) {
    console.error(stale);
    process.exit(1);
  }
} else {
  writeFileSync(join(root, OPERATION_MANIFEST_FILE), text);
  console.log(`wrote ${OPERATION_MANIFEST_FILE}`);
}
