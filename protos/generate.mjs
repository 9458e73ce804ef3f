// Regenerates gen/ from the .proto contracts with buf + ts-proto (both pinned npm packages).
// The generated code is committed, so building needs no code generator. An optional argument
// names another base folder (the contract test regenerates there and compares).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const base = resolve(process.argv[2] ?? here);
rmSync(join(base, 'gen'), { recursive: true, force: true });
execFileSync(join(here, '..', 'node_modules', '.bin', 'buf'), ['generate', '--output', base], {
  cwd: here,
  stdio: 'inherit',
});
