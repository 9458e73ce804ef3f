// How the TypeScript sources are compiled for tests: by jest's transform (jest.config.js) and by the
// shared test systems' loader (source-loader.cjs), so both run the same code.
module.exports = {
  jsc: { target: 'es2022', parser: { syntax: 'typescript' } },
  module: { type: 'commonjs' },
};
