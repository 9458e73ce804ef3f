// Runs every compiled benchmark one after another: those of the system as a whole
// (`benchmarks/dist/*.bench.js`) and a package's own (`<package>/dist/bench/*.bench.js`).
// `node scripts/run-bench.mjs <text>` runs only those whose name contains the text.
// Benchmarks print figures; they never pass or fail on time.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const benchDirs = ['libs', 'services']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name, 'dist', 'bench')))
  .concat([join(root, 'gateway', 'dist', 'bench'), join(root, 'benchmarks', 'dist')]);
const only = process.argv[2];
for (const benchDir of benchDirs) {
  if (!existsSync(benchDir)) continue;
  for (const file of readdirSync(benchDir).filter((name) => name.endsWith('.bench.js'))) {
    if (only && !file.includes(only)) continue;
    console.log(`\n== ${file.replace('.bench.js', '')}`);
    execFileSync(process.execPath, ['--expose-gc', join(benchDir, file)], { cwd: root, stdio: 'inherit' });
  }
}
