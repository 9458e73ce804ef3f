// Runs every compiled benchmark (`<package>/dist/bench/*.bench.js`) one after another.
// Benchmarks print figures; they never pass or fail on time.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const packages = ['libs', 'services']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
  .concat([join(root, 'gateway'), join(root, 'deploy', 'all-in-one')]);
const only = process.argv[2];
for (const dir of packages) {
  const benchDir = join(dir, 'dist', 'bench');
  if (!existsSync(benchDir)) continue;
  for (const file of readdirSync(benchDir).filter((name) => name.endsWith('.bench.js'))) {
    if (only && !file.includes(only)) continue;
    console.log(`\n== ${file.replace('.bench.js', '')}`);
    execFileSync(process.execPath, ['--expose-gc', join(benchDir, file)], { cwd: root, stdio: 'inherit' });
  }
}
