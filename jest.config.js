// Tests by kind, each a jest project named after what its tests start (README, Tests):
//   unit       `__tests__/*.spec.ts` beside the code: pure code, no port, no process
//   service    `__tests__/*.service.spec.ts`: one service in-process with its store, or one
//              server of the kit, on loopback ports (the store's crash tests: a writer process)
//   transport  `__tests__/*.transport.spec.ts`: the contracts with RabbitMQ, gRPC, the store and
//              the search index, against the embedded implementations or real servers
//   system     `tests/**/*.test.ts`: the started system, black-box, through HTTP and the SDK
//   containers `__tests__/*.containers.spec.ts`: the transport contracts against MongoDB,
//              Meilisearch and RabbitMQ in containers, when a container engine answers
// `npm test` runs them all; `npm test -- --selectProjects unit` runs one.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { probeContainerEngine, skipLine } = require('./libs/testing/src/container-engine');
const swcOptions = require('./tests/support/swc-options.cjs');

// Workspace packages resolve to their TypeScript sources through the paths of
// tsconfig.tests.json: the table the tests' type-check reads, as the shared systems' loader does
// (tests/support/source-loader.cjs), so one table serves all three.
const { paths } = JSON.parse(readFileSync(join(__dirname, 'tsconfig.tests.json'), 'utf8')).compilerOptions;
const escape = (text) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
const moduleNameMapper = {};
for (const [name, [target]] of Object.entries(paths)) {
  if (name.endsWith('/*'))
    moduleNameMapper[`^${escape(name.slice(0, -2))}/(.*)$`] = `<rootDir>/${target.replace('*', '$1')}`;
  else moduleNameMapper[`^${escape(name)}$`] = `<rootDir>/${target}`;
}

const shared = {
  testEnvironment: 'node',
  rootDir: __dirname,
  transform: {
    '^.+\\.ts$': ['@swc/jest', swcOptions],
  },
  moduleNameMapper,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

const kinds = {
  unit: [
    '<rootDir>/**/__tests__/**/*.spec.ts',
    '!**/*.service.spec.ts',
    '!**/*.transport.spec.ts',
    '!**/*.containers.spec.ts',
  ],
  service: ['<rootDir>/**/__tests__/**/*.service.spec.ts'],
  transport: ['<rootDir>/**/__tests__/**/*.transport.spec.ts'],
  system: ['<rootDir>/tests/**/*.test.ts'],
  containers: ['<rootDir>/**/__tests__/**/*.containers.spec.ts'],
};

// The container suite starts its containers once, before its files run, and stops them after;
// without a container engine the project is left out (below). The system tests start one shared
// system per worker for the files that need nothing else (tests/support/system.ts,
// sharedTestSystem).
const hooks = {
  system: {
    globalSetup: '<rootDir>/tests/support/shared-systems-setup.ts',
    globalTeardown: '<rootDir>/tests/support/shared-systems-teardown.ts',
  },
  containers: {
    globalSetup: '<rootDir>/libs/testing/src/containers-setup.ts',
    globalTeardown: '<rootDir>/libs/testing/src/containers-teardown.ts',
  },
};

// The container suite runs only where a container engine answers; elsewhere it is left out, in
// one line that says why.
module.exports = async () => {
  const probe = await probeContainerEngine();
  if (!probe.available) console.log(skipLine(probe));
  const wanted = Object.entries(kinds).filter(([kind]) => kind !== 'containers' || probe.available);
  return {
    testTimeout: 30000,
    projects: wanted.map(([kind, testMatch]) => ({ ...shared, displayName: kind, testMatch, ...hooks[kind] })),
  };
};
