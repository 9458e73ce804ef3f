// Regenerates the SDK's types from the API's OpenAPI document:
//
//   pnpm --filter @crm/sdk run generate      starts the built system (npm run build first) on a
//                                            free port, reads GET /v1/openapi.json, writes
//                                            openapi.json and src/generated/openapi.ts
//   node scripts/generate.mjs --check [--input FILE]
//                                            writes nothing: exits 1, naming what differs, when the
//                                            committed snapshot or types are stale against the
//                                            document the system serves (or FILE holds)
//
// Both files are committed, so a fresh clone builds without starting anything.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const SNAPSHOT = join(root, 'openapi.json');
const TYPES = join(root, 'src', 'generated', 'openapi.ts');
const HEADER = `// Generated from openapi.json (GET /v1/openapi.json) by \`pnpm --filter @crm/sdk run generate\`.
// Do not edit: regenerate instead.
`;

async function servedDocument() {
  const require = createRequire(import.meta.url);
  let startSystem;
  try {
    ({ startSystem } = require(join(root, '..', '..', 'deploy', 'all-in-one', 'dist', 'index.js')));
  } catch (error) {
    throw new Error(`the system is not built (run \`npm run build\` at the repository root first): ${error.message}`, {
      cause: error,
    });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'crm-sdk-generate-'));
  const system = await startSystem({ port: 0, host: '127.0.0.1', dataDir, logLevel: 'error' });
  try {
    const response = await fetch(`${system.url}/openapi.json`);
    if (!response.ok) throw new Error(`GET /v1/openapi.json answered ${response.status}`);
    return await response.json();
  } finally {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// The document as committed: stable key order is the server's; two-space JSON, final newline.
const snapshotText = (document) => `${JSON.stringify(document, null, 2)}\n`;

export async function typesFor(document) {
  return HEADER + astToString(await openapiTS(document, { alphabetize: false, exportType: false }));
}

// The introduction embeds the configured rate limits (environment), which the types never carry.
function comparable(document) {
  const copy = structuredClone(document);
  if (copy.info) delete copy.info.description;
  return JSON.stringify(copy);
}

async function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const inputAt = args.indexOf('--input');
  const document = inputAt >= 0 ? JSON.parse(readFileSync(args[inputAt + 1], 'utf8')) : await servedDocument();
  const types = await typesFor(document);
  if (!check) {
    writeFileSync(SNAPSHOT, snapshotText(document));
    writeFileSync(TYPES, types);
    console.log(`wrote ${SNAPSHOT} and ${TYPES}`);
    return;
  }
  const stale = [];
  if (comparable(JSON.parse(readFileSync(SNAPSHOT, 'utf8'))) !== comparable(document))
    stale.push('clients/typescript/openapi.json');
  if (readFileSync(TYPES, 'utf8') !== types) stale.push('clients/typescript/src/generated/openapi.ts');
  if (stale.length > 0) {
    console.error(
      `stale against the served OpenAPI document: ${stale.join(', ')}. Run \`pnpm --filter @crm/sdk run generate\` and commit the result.`,
    );
    process.exit(1);
  }
  console.log('the SDK snapshot and types match the served OpenAPI document');
}

await main();
