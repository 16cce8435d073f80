import base from './jest.config.js';

/**
 * The console's browser tests (`npm run test:console`, apps/console/e2e/): each spec file boots the
 * built service as its own process and Debian's headless Chromium through its one fixture
 * (apps/console/e2e/support/fixture.ts), on a fresh database of TEST_DATABASE_URL's server or the
 * service's own embedded PostgreSQL. Needs `npm run build` first (it builds the services and the
 * console) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium): not part of `npm test`. The back
 * end's global set-up (migrated templates for in-process test apps) is not used.
 */
export default {
  ...base,
  globalSetup: undefined,
  globalTeardown: undefined,
  testMatch: ['<rootDir>/apps/console/e2e/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  // A browser test checks many states (axe on each): minutes on a loaded 2-core runner.
  testTimeout: 180_000,
};
