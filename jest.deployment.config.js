/**
 * The deployment checks (`npm run test:deployment`, run by .ci/run): the Kubernetes manifests, the
 * Dockerfiles and compose file, a service started from its image's layout, and the reverse proxy's
 * routing through a real nginx. They need kubectl, nginx and the npm registry besides Node, so they
 * are not part of `npm test` (which needs only Node).
 */
import base from './jest.config.js';

export default {
  ...base,
  testMatch: ['<rootDir>/test/deployment/**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  globalSetup: undefined,
  globalTeardown: undefined,
  testTimeout: 180_000,
};
