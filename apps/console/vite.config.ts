import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVICES = ['lead-distribution', 'coverage-claims'];

/**
 * One build per service (`vite build --mode <service>`): each service serves its own screens under
 * /console/ (docs/console.md). The mode picks the screens in src/main.tsx; the other service's are
 * left out of the bundle.
 */
export default defineConfig(({ mode }) => {
  if (!SERVICES.includes(mode)) throw new Error(`--mode must be one of ${SERVICES.join(', ')}`);
  return {
    root: here,
    base: '/console/',
    publicDir: false,
    oxc: { jsx: { runtime: 'automatic' } },
    resolve: {
      alias: {
        // The service's screens, imported statically by main.tsx: all of the first load is preloaded.
        'console:service': path.resolve(here, 'src', mode, 'service.ts'),
        // The contracts' vocabulary modules (statuses and their Korean labels), as tsconfig.json's paths.
        '@contracts': path.resolve(here, '../../libs/contracts/src'),
      },
    },
    build: {
      outDir: path.resolve(here, '../../dist/console', mode),
      emptyOutDir: true,
      // No inline scripts or data: module preloads: the CSP allows scripts from 'self' only.
      modulePreload: { polyfill: false },
      assetsInlineLimit: 0,
      // The budget that matters is first-load.mjs's (gzipped); Mantine's chunk alone is ~450 kB minified.
      chunkSizeWarningLimit: 700,
      reportCompressedSize: true,
      rolldownOptions: {
        // Mantine marks its modules "use client" (React Server Components): meaningless in this bundle.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  };
});
