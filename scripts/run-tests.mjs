// The whole suite: the code's format, lint, a type-check of every test against the sources, then jest (unit, service,
// transport and system tests). Extra arguments go to jest, e.g. `npm test -- libs/kit`.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });

if (!process.env.MONGO_URL) {
  console.log(
    'Store semantics run on the embedded store only: MONGO_URL is not set (set it to compare with a MongoDB replica set).',
  );
}
if (!process.env.AMQP_URL) {
  console.log('RabbitMQ transport tests skipped: AMQP_URL is not set (set it to run them against a broker).');
}
if (!process.env.MEILI_URL) {
  console.log(
    'Search index contract runs on the embedded index only: MEILI_URL is not set (set it, and MEILI_KEY, to run it against Meilisearch).',
  );
}
const results = join(root, 'node_modules', '.cache', 'jest-results.json');
mkdirSync(dirname(results), { recursive: true });
rmSync(results, { force: true });
let status = 0;
try {
  // The code's layout is Prettier's (`npm run format` rewrites it).
  run([join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'), '--check', '.', '--log-level', 'warn']);
  // ESLint as `npm run lint` runs it: any finding or warning fails the suite. Its cache makes a rerun quick, but it
  // knows each file's own content only: after a change to types that other files read, removing
  // node_modules/.cache/eslint/ lints those files again (a fresh clone starts without it).
  run([
    join(root, 'node_modules', 'eslint', 'bin', 'eslint.js'),
    '--max-warnings',
    '0',
    '--cache',
    '--cache-location',
    join(root, 'node_modules', '.cache', 'eslint') + '/',
    '.',
  ]);
  run([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.tests.json']);
  run([
    join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--maxWorkers=2',
    '--json',
    `--outputFile=${results}`,
    ...process.argv.slice(2),
  ]);
} catch (error) {
  status = typeof error.status === 'number' ? error.status : 1;
}
// One plain closing line for whoever reads the log.
if (existsSync(results)) {
  const summary = JSON.parse(readFileSync(results, 'utf8'));
  const skipped = summary.numPendingTests + summary.numTodoTests;
  console.log(`tests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(status);
