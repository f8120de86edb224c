// One Jest run for the whole monorepo, split into projects by kind of test:
// - unit-node: *.test.ts in contracts, services, infra and bench (fakes allowed, no servers)
// - unit-web: *.test.ts(x) in the shell and microfrontends (jsdom + Testing Library)
// - integration: *.int.test.ts anywhere; real FerretDB, RabbitMQ, Redis, Keycloak from infra/local
// - e2e: e2e/**/*.e2e.test.ts; real Chromium against the running portal
const swc = ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' }, module: { type: 'commonjs' } }];
const transform = { '^.+\\.(t|j)sx?$': swc };
const ignore = ['/node_modules/', '/dist/', '/.cache/'];
const nodeRoots = ['<rootDir>/contracts', '<rootDir>/services', '<rootDir>/infra', '<rootDir>/bench'];
const webRoots = ['<rootDir>/kit', '<rootDir>/shell', '<rootDir>/mfe-public', '<rootDir>/mfe-learning', '<rootDir>/mfe-rewards', '<rootDir>/mfe-admin', '<rootDir>/mfe-family'];

module.exports = {
  projects: [
    {
      displayName: 'unit-node',
      testEnvironment: 'node',
      roots: nodeRoots,
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: [...ignore, '\\.int\\.test\\.ts$'],
      transform,
    },
    {
      displayName: 'unit-web',
      testEnvironment: 'jsdom',
      roots: webRoots,
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      testPathIgnorePatterns: [...ignore, '\\.int\\.test\\.tsx?$'],
      transform,
      moduleNameMapper: { '\\.(css|svg|png|jpg)$': '<rootDir>/jest/file-stub.js' },
      setupFilesAfterEnv: ['<rootDir>/jest/setup-web.js'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      roots: nodeRoots,
      testMatch: ['**/*.int.test.ts'],
      testPathIgnorePatterns: ignore,
      transform,
      globalSetup: '<rootDir>/infra/local/src/jest/global-setup.ts',
      globalTeardown: '<rootDir>/infra/local/src/jest/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/jest/timeout-integration.js'],
    },
    {
      displayName: 'e2e',
      testEnvironment: 'node',
      roots: ['<rootDir>/e2e'],
      testMatch: ['**/*.e2e.test.ts'],
      testPathIgnorePatterns: ignore,
      transform,
      globalSetup: '<rootDir>/e2e/src/global-setup.ts',
      globalTeardown: '<rootDir>/e2e/src/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/jest/timeout-e2e.js'],
    },
  ],
};
