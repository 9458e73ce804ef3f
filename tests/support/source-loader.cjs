// Lets a plain Node process run the TypeScript sources as jest runs them (`node -r` this file):
// `.ts` files are compiled by SWC with jest's settings (swc-options.cjs), and the workspace packages
// (`@crm/kit`, `@crm/crm-core/...`) resolve to their sources through the paths of
// tsconfig.tests.json, the table the type-check of the tests reads. Used for the test systems that
// several test files share (shared-systems-setup.ts): they run the code the tests were written
// against, not a build that may be older.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const { join } = require('node:path');
const { transformSync } = require('@swc/core');

const root = join(__dirname, '..', '..');
const { paths } = JSON.parse(readFileSync(join(root, 'tsconfig.tests.json'), 'utf8')).compilerOptions;
const exact = new Map();
const prefixes = [];
for (const [name, [target]] of Object.entries(paths)) {
  if (name.endsWith('/*')) prefixes.push([name.slice(0, -1), join(root, target.slice(0, -1))]);
  else exact.set(name, join(root, target));
}

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveWorkspacePackage(request, ...rest) {
  let mapped = exact.get(request);
  if (mapped === undefined) {
    const prefix = prefixes.find(([start]) => request.startsWith(start));
    if (prefix) mapped = prefix[1] + request.slice(prefix[0].length);
  }
  return resolveFilename.call(this, mapped ?? request, ...rest);
};

const options = { ...require('./swc-options.cjs'), sourceMaps: 'inline' };
Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), { ...options, filename });
  module._compile(code, filename);
};
// A request without an extension tries them in this order: `.ts` before `.json`, as jest does
// (`./operation-manifest` is the module beside `operation-manifest.json`).
for (const extension of ['.json', '.node']) {
  const load = Module._extensions[extension];
  delete Module._extensions[extension];
  Module._extensions[extension] = load;
}
