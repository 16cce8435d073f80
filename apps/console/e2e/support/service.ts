import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The repository's root: the built services are under dist/. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export type ServiceName = 'lead-distribution' | 'coverage-claims';

/** The operator key every service the tests boot accepts (OPERATOR_API_KEYS). */
export const OPERATOR_KEY = `op_console_e2e_${randomBytes(16).toString('hex')}`;

/**
 * The limits a test's browser and set-up, all from 127.0.0.1 and mostly with the operator key, would
 * meet in a minute (docs/operations/rate-limits.md); the others keep the service's defaults.
 */
const LIMITS_OUT_OF_THE_WAY = { RATE_LIMIT_IP: '1000000', RATE_LIMIT_OPERATOR: '1000000' };

export interface RunningService {
  name: ServiceName;
  /** http://127.0.0.1:<port> */
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** A fresh database on TEST_DATABASE_URL's server (dropped by `drop`), or none: the service starts its own embedded one. */
async function databaseFor(name: ServiceName): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { env: { EMBEDDED_DATABASE_PORT: String(await freePort()) }, drop: async () => undefined };
  const database = `console_e2e_${name.replace('-', '_')}_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${database}`);
  const url = new URL(server);
  url.pathname = `/${database}`;
  return { env: { DATABASE_URL: url.toString() }, drop: () => admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) };
}

/**
 * Boots the built service (`npm run build`: dist/apps/<service>/src/main.js, serving its console
 * build) as its own process, as `npm start` does: on a fresh database of TEST_DATABASE_URL's server
 * or on its own embedded PostgreSQL, migrating it at start, with the sandbox adapters and a local
 * data directory of its own. Resolves once /health/ready answers.
 */
export async function bootService(name: ServiceName, env: Record<string, string> = {}): Promise<RunningService> {
  const [port, dataDir, database] = await Promise.all([
    freePort(),
    mkdtemp(path.join(tmpdir(), `console-e2e-${name}-`)),
    databaseFor(name),
  ]);
  // As root, the embedded PostgreSQL runs as the `postgres` system user, which must reach its cluster
  // below this directory (mkdtemp makes it 0700).
  await chmod(dataDir, 0o711);
  const child = spawn(process.execPath, [`dist/apps/${name}/src/main.js`], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      // The embedded PostgreSQL's initdb takes its encoding from the locale: without one it makes a
      // SQL_ASCII cluster, in which the Korean catalogues overflow their varchar(n).
      LANG: 'C.UTF-8',
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: '0',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      OPERATOR_API_KEYS: OPERATOR_KEY,
      SHUTDOWN_DRAIN_MS: '0',
      ...LIMITS_OUT_OF_THE_WAY,
      ...database.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await terminate(child, exited);
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await untilReady(`${url}/health/ready`, exited, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { name, url, stop };
}

async function untilReady(readiness: string, exited: Promise<number | null>, output: () => string): Promise<void> {
  let code: number | null | undefined;
  void exited.then((exitCode) => (code = exitCode));
  for (const deadline = Date.now() + 120_000; Date.now() < deadline && code === undefined;) {
    const status = await fetch(readiness).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${readiness} did not become ready${code === undefined ? '' : ` (exit ${code})`}:\n${output()}`);
}

/** SIGTERM (the service drains and stops its embedded database), SIGKILL after 30 s. */
async function terminate(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}
