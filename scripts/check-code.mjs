// The type-check of every source and test (tsconfig.tests.json) and ESLint over the whole
// repository, as `npm test` runs them: one TypeScript program serves both. ESLint's type-aware
// rules would otherwise build the same program again and ask its checker for the same types
// (together about a third less CPU than `tsc -p tsconfig.tests.json` and `npm run lint` apart).
// Fails on any type error, lint finding or lint warning. `--cache` keeps ESLint's cache in
// node_modules/.cache/eslint/ as `npm run lint` does.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PROJECT = join(root, 'tsconfig.tests.json');

function typeCheck() {
  const config = ts.getParsedCommandLineOfConfigFile(
    PROJECT,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  const program = ts.createProgram({
    rootNames: config.fileNames,
    options: config.options,
    projectReferences: config.projectReferences,
  });
  const diagnostics = [...config.errors, ...ts.getPreEmitDiagnostics(program)];
  if (diagnostics.length > 0) {
    const host = { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' };
    // Coloured with the lines in question on a terminal, one line each in a log (as tsc prints them).
    const format = process.stdout.isTTY ? ts.formatDiagnosticsWithColorAndContext : ts.formatDiagnostics;
    process.stdout.write(format(diagnostics, host));
    console.log(`type-check: ${diagnostics.length} error(s)`);
  }
  return { program, failed: diagnostics.length > 0 };
}

async function lint(program) {
  // ESLint's cache keys its results by the configuration as JSON: the program stands there as its
  // project's name.
  const named = Object.assign(program, { toJSON: () => 'tsconfig.tests.json' });
  const eslint = new ESLint({
    cwd: root,
    cache: process.argv.includes('--cache'),
    cacheLocation: join(root, 'node_modules', '.cache', 'eslint') + '/',
    // The TypeScript files of tsconfig.tests.json are linted with the program just checked;
    // the benchmarks keep their own project (eslint.config.mjs).
    overrideConfig: [
      { files: ['**/*.ts'], ignores: ['benchmarks/**'], languageOptions: { parserOptions: { programs: [named] } } },
    ],
  });
  const results = await eslint.lintFiles(['.']);
  const formatter = await eslint.loadFormatter('stylish');
  const output = await formatter.format(results);
  if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  return results.some((result) => result.errorCount + result.warningCount > 0);
}

const { program, failed: typesFailed } = typeCheck();
const lintFailed = await lint(program);
process.exit(typesFailed || lintFailed ? 1 : 0);
