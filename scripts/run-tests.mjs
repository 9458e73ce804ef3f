// The whole suite: the code's format, a type-check of every test against the sources and lint, then jest (unit,
// service, transport and system tests). Extra arguments go to jest, e.g. `npm test -- libs/kit`.
// The checks run side by side (each is one thread; the machine has more) and each one's output is printed whole
// when it ends, with its time; jest runs once both have passed.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

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
// One check as a child process; resolves with its exit status once its output is printed.
function check(name, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      process.stdout.write(Buffer.concat(output));
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`${name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s`);
      resolve(code ?? 1);
    });
  });
}

const checks = await Promise.all([
  // The code's layout is Prettier's (`npm run format` rewrites it).
  check('format', [
    join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs'),
    '--check',
    '.',
    '--log-level',
    'warn',
  ]),
  // The type-check of every test against the sources and ESLint as `npm run lint` runs it (any
  // finding or warning fails the suite), on one TypeScript program (scripts/check-code.mjs). ESLint's
  // cache makes a rerun quick, but it knows each file's own content only: after a change to types
  // that other files read, removing node_modules/.cache/eslint/ lints those files again (a fresh
  // clone starts without it).
  check('type-check and lint', [join(root, 'scripts', 'check-code.mjs'), '--cache']),
]);
let status = checks.find((code) => code !== 0) ?? 0;
if (status === 0) {
  try {
    execFileSync(
      process.execPath,
      [
        join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
        '--maxWorkers=2',
        '--json',
        `--outputFile=${results}`,
        ...process.argv.slice(2),
      ],
      { cwd: root, stdio: 'inherit' },
    );
  } catch (error) {
    status = typeof error.status === 'number' ? error.status : 1;
  }
}
// One plain closing line for whoever reads the log.
if (existsSync(results)) {
  const summary = JSON.parse(readFileSync(results, 'utf8'));
  const skipped = summary.numPendingTests + summary.numTodoTests;
  console.log(`tests: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed, ${skipped} skipped`);
}
process.exit(status);
