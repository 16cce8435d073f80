import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// Problem codes are declared once (docs/conventions.md, "Errors"): each code by one owner, a
// feature's `<feature>.errors.ts` or the platform, and every other place reuses the owner's factory.

const root = fileURLToPath(new URL('..', import.meta.url));
const DECLARATION = /new ProblemException\(\s*\d{3},\s*'([A-Z][A-Z0-9_]*)'/g;

/** Codes still declared by two owners, each with why (none is added without one). */
const KNOWN_DOUBLES: Record<string, string> = {};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Code → owners (`<app>/<feature>` or `platform`) and the files declaring it, for one service and the platform. */
function declarations(app: string): Map<string, { owners: Set<string>; files: Set<string> }> {
  const found = new Map<string, { owners: Set<string>; files: Set<string> }>();
  const files = [...sourceFiles(join(root, 'apps', app, 'src')), ...sourceFiles(join(root, 'libs', 'platform', 'src'))];
  for (const file of files) {
    const path = relative(root, file);
    const owner = path.startsWith('libs/') ? 'platform' : path.split('/').slice(1, 4).join('/');
    for (const [, code] of readFileSync(file, 'utf8').matchAll(DECLARATION)) {
      const entry = found.get(code!) ?? { owners: new Set(), files: new Set() };
      entry.owners.add(owner);
      entry.files.add(path);
      found.set(code!, entry);
    }
  }
  return found;
}

describe('problem codes', () => {
  it.each(['coverage-claims', 'lead-distribution'])('%s: each code is declared by one owner', (app) => {
    const doubles = [...declarations(app)]
      .filter(([code, { owners }]) => owners.size > 1 && !(code in KNOWN_DOUBLES))
      .map(([code, { files }]) => `${code}: ${[...files].join(', ')}`);
    expect(doubles).toEqual([]);
  });

  it.each(['coverage-claims', 'lead-distribution'])('%s: features declare codes only in their *.errors.ts', (app) => {
    const elsewhere = [...declarations(app)].flatMap(([code, { files }]) =>
      [...files].filter((file) => file.startsWith('apps/') && !file.endsWith('.errors.ts')).map((file) => `${code}: ${file}`),
    );
    expect(elsewhere).toEqual([]);
  });
});
