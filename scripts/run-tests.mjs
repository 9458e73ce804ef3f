// The whole suite: type-check every test against the sources, then jest (unit, service,
// transport and system tests). Extra arguments go to jest, e.g. `npm test -- libs/kit`.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const run = (args) => execFileSync(process.execPath, args, { cwd: root, stdio: 'inherit' });

if (!process.env.AMQP_URL) {
  console.log('RabbitMQ transport tests skipped: AMQP_URL is not set (set it to run them against a broker).');
}
try {
  run([join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.tests.json']);
  run([join(root, 'node_modules', 'jest', 'bin', 'jest.js'), '--maxWorkers=2', ...process.argv.slice(2)]);
} catch (error) {
  process.exit(typeof error.status === 'number' ? error.status : 1);
}
