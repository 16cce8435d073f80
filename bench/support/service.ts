import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { acquirePostgresServer, dataSourceOptions, freePort, limitsAt, totpCodeAt, type DatabaseModuleOptions } from '#platform';

/** The bootstrap key the bench services start with (OPERATOR_API_KEYS); benches call with BenchService.operatorKey. */
export const BENCH_OPERATOR_KEY = 'op_bench_0123456789abcdef0123456789abcdef';
const BENCH_ADMIN = { email: 'bench.admin@example.com', name: '벤치 관리자', role: 'admin', password: 'Bench#Operator2026' };

/**
 * The bench's database `name` on BENCH_DATABASE_URL's server (default: local 127.0.0.1:5432),
 * dropped, created again and migrated; `dataSource` is a pool of two on it. Stop `server` at the end.
 */
export async function migratedDatabase(name: string, database: DatabaseModuleOptions) {
  const server = await acquirePostgresServer(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  await server.dropDatabase(name);
  await server.createDatabase(name);
  const databaseUrl = server.urlFor(name);
  const dataSource = await new DataSource(dataSourceOptions(databaseUrl, database, 2)).initialize();
  await dataSource.runMigrations();
  return { server, databaseUrl, dataSource };
}

export interface BenchService {
  child: ChildProcess;
  port: number;
  url: string;
  /**
   * CPU seconds (user + system) the service process has used so far, from its own metrics, plus its
   * child processes' (coverage-claims renders claim faxes in one).
   */
  cpuSeconds(): Promise<number>;
  /** An operator's X-API-Key: a personal key of the bench's admin (production refuses the bootstrap key but for the first admin). */
  operatorKey: string;
}

/** Where the built service runs from: this checkout, or another one's `dist/` (before/after comparisons). */
export interface ServiceLocation {
  serviceDir?: string;
}

/**
 * Runs the built lead-distribution (`dist/`) as production would, on `databaseUrl`, with the bench
 * operator key and the given encryption keys, and waits until it is ready; `env` adds to (or
 * overrides) that environment.
 */
export function startLeadDistributionService(
  databaseUrl: string,
  keys: { encryption: string; hash: string },
  { env = {}, ...location }: ServiceLocation & { env?: Record<string, string> } = {},
): Promise<BenchService> {
  return startService(
    'dist/apps/lead-distribution/src/main.js',
    (port) => ({
      DATABASE_URL: databaseUrl,
      DATA_ENCRYPTION_KEYS: keys.encryption,
      LOOKUP_HASH_KEY: keys.hash,
      FILE_UPLOAD_SECRET: 'bench-file-upload-secret-0123456789abcdef',
      CDN_BASE_URL: 'https://cdn.example.com',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ...env,
    }),
    location,
  );
}

/**
 * Runs the built coverage-claims (`dist/`, or another checkout's) as production would, on
 * `databaseUrl`, with the bench operator key, the given keys and the sandbox adapters; `env` (or
 * `env(port)`) adds to (or overrides) that environment.
 */
export function startCoverageClaimsService(
  databaseUrl: string,
  keys: { encryption: string; hash: string; jwt: string },
  env: Record<string, string> | ((port: number) => Record<string, string>) = {},
  location: ServiceLocation = {},
): Promise<BenchService> {
  return startService(
    'dist/apps/coverage-claims/src/main.js',
    (port) => ({
      DATABASE_URL: databaseUrl,
      DATA_ENCRYPTION_KEYS: keys.encryption,
      LOOKUP_HASH_KEY: keys.hash,
      JWT_SECRET: keys.jwt,
      SMS_ADAPTER: 'sandbox',
      INSURANCE_DATA_ADAPTER: 'sandbox',
      // Production refuses the sandboxes unless allowed; a benchmark must reach no one.
      ALLOW_SANDBOX_ADAPTERS: 'true',
      FILE_UPLOAD_SECRET: 'bench-file-upload-secret-0123456789abcdef',
      CDN_BASE_URL: 'https://cdn.example.com',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ...(typeof env === 'function' ? env(port) : env),
    }),
    location,
  );
}

/**
 * The rate limits and the pending-upload cap set out of a benchmark's way: it sends thousands of
 * requests a second with one key from one address, which the production defaults (docs/operations/rate-limits.md)
 * would answer 429. The hook still counts every request, so its cost stays in the figures.
 */
const LIMITS_OUT_OF_THE_WAY = limitsAt(1_000_000_000);

let clockTicks: number | undefined;

/** Fields 14–17 of /proc/<pid>/stat (utime, stime, cutime, cstime), in clock ticks. */
function cpuTicksOf(pid: number | string): number[] {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    // After the command's parenthesised name: state is field 3, utime field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields.slice(11, 15).map(Number);
  } catch {
    return [0, 0, 0, 0];
  }
}

/**
 * CPU seconds of `pid`'s child processes: those that ended (its cutime and cstime) and those alive
 * (their own and their ended children's). Linux only (0 elsewhere).
 */
function childrenCpuSeconds(pid: number): number {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  const [, , cutime = 0, cstime = 0] = cpuTicksOf(pid);
  let ticks = cutime + cstime;
  let children: string[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'latin1').split(' ').filter(Boolean);
  } catch {
    // no /proc here
  }
  for (const child of children) ticks += cpuTicksOf(child).reduce((sum, value) => sum + value, 0);
  return ticks / clockTicks;
}

async function startService(
  main: string,
  env: (port: number) => Record<string, string>,
  { serviceDir = process.cwd() }: ServiceLocation = {},
): Promise<BenchService> {
  const port = await freePort();
  const metricsPort = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd: serviceDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_POOL_SIZE: '20',
      LOG_LEVEL: 'warn',
      OPERATOR_API_KEYS: BENCH_OPERATOR_KEY,
      METRICS_PORT: String(metricsPort),
      ...LIMITS_OUT_OF_THE_WAY,
      ...env(port),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const cpuSeconds = async () => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const value = /^process_cpu_seconds_total (\S+)$/m.exec(text)?.[1];
    if (value === undefined) throw new Error('process_cpu_seconds_total missing from the metrics');
    return Number(value) + childrenCpuSeconds(child.pid!);
  };
  // Up to five minutes: a new migration may rewrite all 1,000,000 leads before the service is ready.
  for (let attempt = 0; attempt < 1200; attempt += 1) {
    const ready = await fetch(`${url}/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, port, url, cpuSeconds, operatorKey: await benchOperatorKey(url, env(port).DATABASE_URL ?? main) };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('the service did not start');
}

/**
 * Runs the bare Fastify floor of the lead list (bench/support/leads-floor.ts, built in this checkout)
 * on `databaseUrl` with the same keys and pool size as the service, and waits until it answers.
 */
export async function startLeadsFloor(databaseUrl: string, keys: { encryption: string }): Promise<BenchService> {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/bench/support/leads-floor.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '20',
      DATA_ENCRYPTION_KEYS: keys.encryption,
      OPERATOR_API_KEYS: BENCH_OPERATOR_KEY,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const cpuSeconds = async () => ((await (await fetch(`${url}/cpu`)).json()) as { micros: number }).micros / 1e6;
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (
      await cpuSeconds().then(
        () => true,
        () => false,
      )
    )
      return { child, port, url, cpuSeconds, operatorKey: BENCH_OPERATOR_KEY };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error('the floor did not start');
}

/**
 * A personal API key of the bench's admin on the service at `url`: in production the bootstrap key
 * only creates the first admin (docs/operations/operators.md), so the bench signs that admin in once
 * (password, then the TOTP code of the secret it enrols) and issues a key, kept per database in the
 * temporary directory for runs that reuse it. A build from before operator accounts answers 404 to
 * the account's creation: it still takes the bootstrap key.
 */
async function benchOperatorKey(url: string, database: string): Promise<string> {
  const kept = path.join(tmpdir(), `insure-bench-operator-${createHash('sha256').update(database).digest('hex').slice(0, 16)}.key`);
  const json = { 'content-type': 'application/json' };
  if (existsSync(kept)) {
    const key = readFileSync(kept, 'utf8');
    if ((await fetch(`${url}/api/v1/admin/access-records?limit=1`, { headers: { 'x-api-key': key } })).ok) return key;
  }
  const created = await fetch(`${url}/api/v1/admin/operators`, {
    method: 'POST',
    headers: { ...json, 'x-api-key': BENCH_OPERATOR_KEY },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (created.status === 404) return BENCH_OPERATOR_KEY;
  if (created.status !== 201)
    throw new Error(`the bench admin could not be created (${created.status}): drop the bench database, or delete ${kept}'s database`);
  const account = (await created.json()) as { id: string };
  const challenge = (await (
    await fetch(`${url}/api/v1/admin/session`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
    })
  ).json()) as { challenge: string; enrolment: { secret: string } };
  const signedIn = await fetch(`${url}/api/v1/admin/session/second-factor`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ challenge: challenge.challenge, code: totpCodeAt(challenge.enrolment.secret) }),
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .find((line) => line.startsWith('__Host-operator_session='))!
    .split(';')[0]!;
  const { csrfToken } = (await signedIn.json()) as { csrfToken: string };
  const issued = await fetch(`${url}/api/v1/admin/operators/${account.id}/api-keys`, {
    method: 'POST',
    headers: { ...json, cookie, 'x-csrf-token': csrfToken },
    body: JSON.stringify({ name: 'bench' }),
  });
  if (issued.status !== 201) throw new Error(`the bench admin's key could not be issued (${issued.status})`);
  const { apiKey } = (await issued.json()) as { apiKey: string };
  writeFileSync(kept, apiKey);
  return apiKey;
}
