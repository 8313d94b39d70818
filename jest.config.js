/**
 * ESM-only packages (pg-boss and its ESM dependencies, @fastify/static's content-disposition) are
 * compiled to CommonJS for Jest's module registry; Node itself loads them natively (require of ES
 * modules).
 */
const ESM_PACKAGES = ['pg-boss', 'serialize-error', 'non-error', 'content-disposition'];

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.test.json', diagnostics: false }],
    '^.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs', moduleResolution: 'node', target: 'es2022', esModuleInterop: true, isolatedModules: true }, diagnostics: false }],
  },
  // Nested copies too (`@fastify/static/node_modules/content-disposition`).
  transformIgnorePatterns: [`/node_modules/(?!(?:.*/node_modules/)?(${ESM_PACKAGES.join('|')})/)`],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  // read-checks: a column read without `@Reads` throws in the tests (src/db/projected-reads.ts), and reused statement texts are checked (src/db/statement-texts.ts).
  setupFiles: ['reflect-metadata', '<rootDir>/test/support/read-checks.ts'],
  testTimeout: 30_000,
  maxWorkers: 2,
};
