// ESLint over production code, tests, scripts and clients: `npm run lint` (and `npm test`).
// TypeScript files are checked with type information from one program, tsconfig.tests.json,
// which covers every package's sources and the tests; scripts are plain JavaScript.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const BLACK_BOX =
  "tests/ is black-box (README, Tests): reach the system through the API, the SDK or tests/support. A test of a service's own rules belongs beside its code: services/<service>/src/<feature>/__tests__/<name>.service.spec.ts (one service in process, libs/testing/src/service-harness.ts) or a unit spec.";

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/coverage/',
      '.data/',
      '**/.bench-data/',
      'protos/gen/',
      'clients/typescript/src/generated/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: './tsconfig.tests.json', tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.tests.json' })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // A caught error passed on as a rejection is whatever was thrown, typed unknown.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      // tsc reports unused names already (noUnusedLocals, noUnusedParameters).
      '@typescript-eslint/no-unused-vars': 'off',
      // An `async` implementation of a promise-returning port need not await: `async` is what
      // turns its throws into rejections, which callers rely on.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-cycle': 'error',
    },
  },
  {
    // The benchmarks import built services (`@crm/crm-core/dist/...`): their own project, after `tsc -b`.
    files: ['benchmarks/**/*.ts'],
    languageOptions: {
      parserOptions: { project: './benchmarks/tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // Tests read the API's JSON answers, which are untyped (`res.body`, `Record<string, any>`):
    // the rules about values of type any wait for typed answers in the test helpers.
    files: ['tests/**/*.ts', '**/__tests__/**/*.ts', 'libs/testing/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // tests/ is black-box: it drives the started system through HTTP, the SDK and the packages'
    // public roots (@crm/all-in-one, @crm/testing, @crm/sdk, @crm/protos, @crm/kit, ...), never a
    // service's or the gateway's insides: no service's package, no service host, no job worker or
    // outbox of a service's store. A test of one service's rules belongs beside its code.
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['identity', 'crm-core', 'marketing', 'reports', 'documents', 'billing', 'webhooks', 'service-host'].map(
              (name) => ({ name: `@crm/${name}`, message: BLACK_BOX }),
            ),
            { name: '@crm/bus', importNames: ['JobWorker', 'jobModel', 'outboxModel'], message: BLACK_BOX },
          ],
          patterns: [
            {
              group: [
                '@crm/identity/*',
                '@crm/crm-core/*',
                '@crm/marketing/*',
                '@crm/reports/*',
                '@crm/documents/*',
                '@crm/billing/*',
                '@crm/webhooks/*',
                '@crm/gateway/*',
                '**/services/*/src/**',
                '**/gateway/src/**',
              ],
              message: BLACK_BOX,
            },
          ],
        },
      ],
    },
  },
  {
    // A container suite's file points the contract's variables at the containers, then loads the
    // contract: a require after that call, since an import would be hoisted above it.
    files: ['**/*.containers.spec.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['jest.config.js', 'clients/cli/bin/*.js', 'libs/embedded-mongo/src/__tests__/fixtures/*.js'],
    languageOptions: { sourceType: 'commonjs' },
  },
  prettier,
);
