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
  testTimeout: 30_000,
};
