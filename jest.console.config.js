import base from './jest.config.js';

/**
 * The console's browser tests (`npm run test:console`): the real services in-process on the test
 * database (embedded unless TEST_DATABASE_URL is set), each serving its console build, driven in
 * Debian's headless Chromium by playwright-core. Needs `npm run build` first (it builds the console)
 * and Chromium (CHROMIUM_PATH, default /usr/bin/chromium): not part of `npm test`.
 */
export default {
  ...base,
  testMatch: ['<rootDir>/apps/console/e2e/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  testTimeout: 90_000,
};
