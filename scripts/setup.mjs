// Installs pinned dependencies (when the lockfile changed) and builds every package.
// Used by `npm start`, `npm test` and `npm run bench`, so a fresh clone needs only Node.js.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PNPM_VERSION = JSON.parse(
  (await import('node:fs')).readFileSync(join(root, 'package.json'), 'utf8'),
).packageManager.split('@')[1];

function run(command, args) {
  execFileSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}

function pnpmOnPath() {
  try {
    return execFileSync('pnpm', ['--version'], { encoding: 'utf8' }).trim() === PNPM_VERSION;
  } catch {
    return false;
  }
}

const marker = join(root, 'node_modules', '.modules.yaml');
const lockfile = join(root, 'pnpm-lock.yaml');
if (!existsSync(marker) || statSync(marker).mtimeMs < statSync(lockfile).mtimeMs) {
  const install = ['install', '--frozen-lockfile', '--reporter=append-only'];
  if (pnpmOnPath()) run('pnpm', install);
  else run('npm', ['exec', '--yes', `--package=pnpm@${PNPM_VERSION}`, '--', 'pnpm', ...install]);
}
run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-b']);
