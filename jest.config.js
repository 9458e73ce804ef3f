// One jest run covers unit tests beside the code (`__tests__/*.spec.ts`) and the black-box
// system tests in tests/. Workspace packages are mapped to their TypeScript sources.
const packages = {
  '@crm/kit': 'libs/kit/src',
  '@crm/embedded-mongo': 'libs/embedded-mongo/src',
  '@crm/bus': 'libs/bus/src',
  '@crm/mail': 'libs/mail/src',
  '@crm/testing': 'libs/testing/src',
  '@crm/service-host': 'libs/service-host/src',
  '@crm/protos': 'protos',
  '@crm/gateway': 'gateway/src',
  '@crm/all-in-one': 'deploy/all-in-one/src',
  '@crm/identity': 'services/identity/src',
  '@crm/crm-core': 'services/crm-core/src',
  '@crm/marketing': 'services/marketing/src',
  '@crm/reports': 'services/reports/src',
  '@crm/documents': 'services/documents/src',
  '@crm/billing': 'services/billing/src',
  '@crm/webhooks': 'services/webhooks/src',
  '@crm/sdk': 'clients/typescript/src',
  '@crm/cli': 'clients/cli/src',
};

const moduleNameMapper = {};
for (const [name, dir] of Object.entries(packages)) {
  moduleNameMapper[`^${name}$`] = `<rootDir>/${dir}/index.ts`;
  moduleNameMapper[`^${name}/(.*)$`] = `<rootDir>/${dir}/$1`;
}

module.exports = {
  testEnvironment: 'node',
  rootDir: __dirname,
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } },
    ],
  },
  moduleNameMapper,
  testMatch: ['<rootDir>/**/__tests__/**/*.spec.ts', '<rootDir>/tests/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  testTimeout: 30000,
};
