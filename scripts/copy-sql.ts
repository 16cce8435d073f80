import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './repo-root.js';

/**
 * The second half of `npm run build`: tsc compiles only TypeScript, so the `.sql` files that
 * migrations read beside their module (each feature's sql/ folder, e.g. allocation/sql/) are copied to
 * the same place under dist/. `npm start`, the migration job, `check:migrations`, the tests' global
 * set-up and an image's bundle (scripts/app-bundle.ts) all run dist/, so all of them find them there.
 */
const ROOT = repoRoot(import.meta.url);

let copied = 0;
for (const top of ['apps', 'libs']) {
  for (const entry of readdirSync(path.join(ROOT, top), { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith('.sql') || !entry.split(path.sep).includes('src')) continue;
    const target = path.join(ROOT, 'dist', top, entry);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(path.join(ROOT, top, entry), target);
    copied += 1;
  }
}
if (copied === 0) throw new Error('no .sql file found under apps/*/src or libs/*/src');
