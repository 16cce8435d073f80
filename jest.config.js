/** Jest runs TypeScript through SWC as native ESM (NODE_OPTIONS=--experimental-vm-modules, see package.json). */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

// ESM-only packages that CommonJS dependencies require(); Node loads them natively, jest's CommonJS
// loader does not, so they are compiled to CommonJS for the tests.
const ESM_ONLY_REQUIRED_FROM_CJS = ['content-disposition'];
const toCommonJs = ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': swc,
    [`/node_modules/(${ESM_ONLY_REQUIRED_FROM_CJS.join('|')})/.+\\.js$`]: toCommonJs,
  },
  transformIgnorePatterns: [`/node_modules/(?!(${ESM_ONLY_REQUIRED_FROM_CJS.join('|')})/)`],
  moduleNameMapper: {
    '^#contracts$': '<rootDir>/libs/contracts/src/index.ts',
    '^#platform$': '<rootDir>/libs/platform/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testMatch: ['<rootDir>/apps/*/test/**/*.spec.ts', '<rootDir>/libs/*/test/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  // The deployment checks need kubectl and nginx: `npm run test:deployment` (jest.deployment.config.js).
  testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/deployment/'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/.data/'],
  globalSetup: '<rootDir>/test/global-setup.js',
  globalTeardown: '<rootDir>/test/global-teardown.js',
  // Two cores: two workers, each file on its own database cloned from a migrated template.
  maxWorkers: 2,
  // A worker keeps every test file's module registry it ran, under --experimental-vm-modules (jest
  // #14605, open): a worker that ran 80 files of a service held 1.6-1.8 GB, and tearing that down took
  // longer than jest allows at the end of the run ("A worker process has failed to exit gracefully",
  // though no handle was open). Our own retainers are fixed (prom-client's GC observer per application,
  // the claim delivery's timeout timer); a worker past this much heap after a file is replaced.
  workerIdleMemoryLimit: '768MB',
  testTimeout: 30_000,
};
