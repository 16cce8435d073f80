import 'reflect-metadata';
import { loadavg } from 'node:os';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { acquirePostgresServer, dataSourceOptions } from '#platform';
import { LEAD_DISTRIBUTION_DATABASE } from '../apps/lead-distribution/src/database/database.js';
import { ownedLeadsQuery, type OwnedLeadFilter } from '../apps/lead-distribution/src/leads/leads.repository.js';
import { fixedRate, httpGetter, maxThroughput, sqlRunner, type Operation, type Throughput } from './support/load.js';
import { loadLeadFixture, randomKeyEntry } from './support/lead-fixtures.js';
import { startLeadDistributionService, startLeadsFloor, type BenchService } from './support/service.js';

/**
 * GET /api/v1/leads for one partner owning 100,000 of 1,000,000 leads (a tenth with AS history),
 * three sides for each list shape: the service; the floor, a bare Fastify server doing the same work
 * (bench/support/leads-floor.ts: cached key, the repository's statement on a `pg` pool, the audit row,
 * masking and decryption, the same JSON byte for byte, checked before measuring); and the statement
 * run directly. For each side, the maximum requests/s with 16 concurrent clients and p50/p99 at half
 * that rate; the service's and the floor's CPU time per request; the ratios service/floor and
 * service/SQL; and the query plan of the page.
 *
 *   npm run build && node dist/bench/leads-list.js [--reuse] [--seconds N] [--rounds N] [--leads N]
 *                                                   [--partner-leads N] [--database NAME] [--service-dir DIR]
 *
 * --rounds N measures each side's maximum rate N times, the three sides alternating, and reports the
 * mean: on a shared machine the load drifts, and alternating spreads the drift over the sides alike.
 * CPU time per request (user + system, each process's own process.cpuUsage, over the maximum rate
 * runs) counts a process's own work whatever share of the cores it got: the figure to compare two
 * builds, or the service and the floor, by (it still rises when other work contends for the caches).
 * --service-dir runs the service built in another checkout (its dist/) against the same data.
 * Before the first shape, both servers get every shape for WARM_UP_SECONDS (JIT and pools warm).
 *
 * BENCH_DATABASE_URL names the PostgreSQL server (default: local 127.0.0.1:5432); the data goes to
 * database `bench_lead_distribution` (or --database), kept between runs (--reuse skips reloading it).
 * --leads N loads N leads instead of 1,000,000, in the same proportions; --partner-leads N gives the
 * measured partner N of them instead of a tenth (`--leads 2000000 --partner-leads 1000000`: a partner
 * holding a million leads, without loading the ten million that a tenth would need).
 */
const CONCURRENCY = 16;
/** Seconds of the warm-up pass per shape and server, before anything is measured. */
const WARM_UP_SECONDS = 2;
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const seconds = Number(option('--seconds')) || 8;
const rounds = Number(option('--rounds')) || 1;
// A smaller data set keeps the proportions (a tenth the measured partner's, a fifth in the pool).
const totalLeads = Number(option('--leads')) || 1_000_000;
// --partner-leads gives the measured partner that many (the others and the pool keep their shares
// of the total: a fifth in the pool, the rest spread over 50 partners).
const partnerLeads = Number(option('--partner-leads')) || Math.round(totalLeads / 10);
const DATABASE = option('--database') ?? 'bench_lead_distribution';
const reuse = args.includes('--reuse');
const serviceDir = option('--service-dir');
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Shape {
  name: string;
  query: string;
  filter: Omit<OwnedLeadFilter, 'partnerId'>;
}

const base = { sortBy: 'assignedAt', sortOrder: 'desc', offset: 0, limit: 20 } as const;
const SHAPES: Shape[] = [
  { name: 'plain first page', query: 'page=1&limit=20', filter: { ...base } },
  { name: 'used=false&sortBy=assignedAt', query: 'used=false&sortBy=assignedAt', filter: { ...base, used: false } },
  { name: 'hasAs=Y', query: 'hasAs=Y', filter: { ...base, hasAs: true } },
  { name: 'search name fragment (서연)', query: `search=${encodeURIComponent('서연')}`, filter: { ...base, search: '서연' } },
  { name: 'search four phone digits', query: 'search=4821', filter: { ...base, search: '4821' } },
  {
    name: 'sortBy=age, page 2000',
    query: 'sortBy=age&sortOrder=asc&page=2000&limit=20',
    filter: { ...base, sortBy: 'age', sortOrder: 'asc', offset: 39_980 },
  },
];

async function prepareDatabase(
  serverUrl: string | undefined,
): Promise<{ url: string; partnerId: number; keys: { encryption: string; hash: string } }> {
  const server = await acquirePostgresServer(serverUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const url = server.urlFor(DATABASE);
  const admin = new pg.Client({ connectionString: server.urlFor('postgres') });
  await admin.connect();
  const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [DATABASE])).rowCount === 1;
  await admin.end();

  if (reuse && exists) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const meta = (await client.query(`SELECT value FROM bench_meta WHERE key = 'fixture'`)).rows[0]?.value as
      { partnerId: number; encryption: string; hash: string } | undefined;
    await client.end();
    if (meta) {
      log(`Reusing ${DATABASE}`);
      return { url, partnerId: meta.partnerId, keys: { encryption: meta.encryption, hash: meta.hash } };
    }
  }

  if (partnerLeads + Math.round(totalLeads / 5) > totalLeads)
    throw new Error('--partner-leads leaves no room for the pool (a fifth of --leads)');
  log(
    `Loading ${DATABASE} (${totalLeads.toLocaleString('en')} leads, ${partnerLeads.toLocaleString('en')} of them the measured partner's)...`,
  );
  await server.dropDatabase(DATABASE);
  await server.createDatabase(DATABASE);
  const dataSource = await new DataSource(dataSourceOptions(url, LEAD_DISTRIBUTION_DATABASE, 2)).initialize();
  await dataSource.runMigrations();
  await dataSource.destroy();

  const keys = { encryption: randomKeyEntry('bench'), hash: randomKeyEntry('h').split(':')[1]! };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  const fixture = await loadLeadFixture(client, {
    totalLeads,
    partnerLeads,
    otherPartners: 50,
    poolLeads: Math.round(totalLeads / 5),
    asShare: 0.1,
    encryptionKey: keys.encryption,
    hashKey: keys.hash,
    log,
  });
  await client.query(`VACUUM ANALYZE`);
  await client.query(`CREATE TABLE bench_meta (key text PRIMARY KEY, value jsonb)`);
  await client.query(`INSERT INTO bench_meta VALUES ('fixture', $1)`, [JSON.stringify({ partnerId: fixture.partnerId, ...keys })]);
  await client.end();
  log(`Loaded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { url, partnerId: fixture.partnerId, keys };
}

async function planOf(pool: pg.Pool, statement: { sql: string; params: unknown[] }): Promise<string> {
  const rows = (await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${statement.sql}`, statement.params)).rows as Array<{
    'QUERY PLAN': string;
  }>;
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The statement's execution time in the database (EXPLAIN ANALYZE, median of three runs), ms. */
async function executionMs(pool: pg.Pool, statement: { sql: string; params: unknown[] }): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 3; run += 1) times.push(Number(/Execution Time: ([\d.]+) ms/.exec(await planOf(pool, statement))?.[1]));
  return times.sort((a, b) => a - b)[1]!;
}

/** The body of one GET, as bytes. */
async function bodyOf(base: string, path: string, headers: Record<string, string>): Promise<Buffer> {
  const response = await fetch(`${base}${path}`, { headers });
  if (response.status !== 200) throw new Error(`GET ${base}${path}: HTTP ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

interface Side {
  operation: Operation;
  /** The process serving it, whose CPU time is counted; none for the SQL. */
  process?: BenchService;
}

interface SideResult {
  perSecond: number;
  /** Each round's maximum rate. */
  rounds: number[];
  errors: number;
  cpuMicros?: number;
  p50: number;
  p99: number;
}

/** Maximum rate of each side `rounds` times, the sides alternating; then p50/p99 at half the mean maximum. */
async function measure(sides: Side[]): Promise<SideResult[]> {
  for (const side of sides) await maxThroughput(side.operation, CONCURRENCY, 2);
  const runs: Throughput[][] = sides.map(() => []);
  const cpu = sides.map(() => 0);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, side] of sides.entries()) {
      const before = await side.process?.cpuSeconds();
      runs[index]!.push(await maxThroughput(side.operation, CONCURRENCY, seconds));
      if (side.process) cpu[index]! += (await side.process.cpuSeconds()) - before!;
    }
  }
  const results: SideResult[] = [];
  for (const [index, side] of sides.entries()) {
    const requests = runs[index]!.reduce((sum, run) => sum + run.requests, 0);
    const elapsed = runs[index]!.reduce((sum, run) => sum + run.seconds, 0);
    const perSecond = requests / elapsed;
    const fixed = await fixedRate(side.operation, Math.max(1, perSecond / 2), seconds);
    results.push({
      perSecond,
      rounds: runs[index]!.map((run) => run.perSecond),
      errors: runs[index]!.reduce((sum, run) => sum + run.errors, 0) + fixed.errors,
      cpuMicros: side.process ? (cpu[index]! * 1e6) / Math.max(1, requests) : undefined,
      p50: fixed.p50,
      p99: fixed.p99,
    });
  }
  return results;
}

const ms = (value: number) => value.toFixed(1);
const rate = (value: number) => value.toFixed(0);
const ratio = (value: number) => value.toFixed(2);

async function main(): Promise<void> {
  const { url: databaseUrl, partnerId, keys } = await prepareDatabase(process.env.BENCH_DATABASE_URL);
  const service = await startLeadDistributionService(databaseUrl, keys, { serviceDir });
  const floor = await startLeadsFloor(databaseUrl, keys);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY * 2 });
  try {
    const partnerKey = await fetch(`${service.url}/api/v1/admin/partners/${partnerId}/api-keys`, {
      method: 'POST',
      headers: { 'x-api-key': service.operatorKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    }).then(async (response) => ((await response.json()) as { apiKey: string }).apiKey);
    const headers = { 'x-api-key': partnerKey };
    const getService = httpGetter(service.url, headers, CONCURRENCY);
    const getFloor = httpGetter(floor.url, headers, CONCURRENCY);
    log(
      `rounds ${rounds}, ${seconds} s each; load average at start: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')}`,
    );

    // Both servers see every shape before the first measurement: the first shape measured was
    // otherwise the service's first load, and its first round ran partly on code not yet optimised
    // (plain page 288 then 418 req/s in one run); measure() still warms each side before a shape.
    for (const shape of SHAPES) {
      for (const get of [getService, getFloor]) await maxThroughput(get(`/api/v1/leads?${shape.query}`), CONCURRENCY, WARM_UP_SECONDS);
    }

    const table: string[] = [];
    const misses: string[] = [];
    for (const shape of SHAPES) {
      const path = `/api/v1/leads?${shape.query}`;
      const statement = ownedLeadsQuery({ partnerId, ...shape.filter });
      const [fromService, fromFloor] = [await bodyOf(service.url, path, headers), await bodyOf(floor.url, path, headers)];
      if (!fromService.equals(fromFloor)) throw new Error(`${shape.name}: the floor's body differs from the service's`);

      const [http, bare, sql] = await measure([
        { operation: getService(path), process: service },
        { operation: getFloor(path), process: floor },
        { operation: sqlRunner(pool, [statement]) },
      ]);
      const plan = await planOf(pool, statement);
      const sqlMs = await executionMs(pool, statement);
      const readsAsHistory = plan.includes('lead_as_requests');
      const seqScan = /Seq Scan on leads/.test(plan);
      const scans = [
        ...plan.matchAll(/(Parallel )?(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)( Backward)? (using|on) [a-z_0-9]+/g),
      ].map((m) => m[0]);
      const toFloor = http!.perSecond / bare!.perSecond;
      const toSql = http!.perSecond / sql!.perSecond;

      log(`\n## ${shape.name}  (GET ${path}; same body from service and floor, ${fromService.length} bytes)`);
      log(`plan: ${[...new Set(scans)].join('; ')}; ${ms(sqlMs)} ms in the database (EXPLAIN ANALYZE, median of 3)`);
      log(`reads AS history: ${readsAsHistory ? 'YES' : 'no'}; sequential scan of leads: ${seqScan ? 'YES' : 'no'}`);
      for (const [name, result] of [
        ['service', http!],
        ['floor', bare!],
        ['direct SQL', sql!],
      ] as const) {
        log(
          `${name}: max ${rate(result.perSecond)} req/s (rounds ${result.rounds.map(rate).join(', ')}; errors ${result.errors})` +
            `${result.cpuMicros === undefined ? '' : `, ${rate(result.cpuMicros)} µs CPU per request`}; at half max p50 ${ms(result.p50)} ms, p99 ${ms(result.p99)} ms`,
        );
      }
      log(`service/floor ${ratio(toFloor)}; service/SQL ${ratio(toSql)}; load average now ${loadavg()[0]!.toFixed(2)}`);

      if (toFloor < 0.85) misses.push(`${shape.name}: service/floor ${ratio(toFloor)} < 0.85`);
      if (http!.p99 >= 50) misses.push(`${shape.name}: service p99 ${ms(http!.p99)} ms ≥ 50 ms`);
      if (sqlMs > 2 && toSql < 0.7) misses.push(`${shape.name}: service/SQL ${ratio(toSql)} < 0.7 with ${ms(sqlMs)} ms of SQL`);
      if (readsAsHistory || seqScan) misses.push(`${shape.name}: reads AS history or seq-scans leads`);
      table.push(
        `| ${shape.name} | ${ms(sqlMs)} | ${rate(http!.perSecond)} | ${rate(bare!.perSecond)} | ${rate(sql!.perSecond)} | ${ratio(toFloor)} | ${ratio(toSql)} | ` +
          `${ms(http!.p50)} / ${ms(http!.p99)} | ${ms(bare!.p50)} / ${ms(bare!.p99)} | ${ms(sql!.p50)} / ${ms(sql!.p99)} | ${rate(http!.cpuMicros!)} | ${rate(bare!.cpuMicros!)} |`,
      );
    }
    log(
      '\n| shape | SQL ms | service req/s | floor req/s | SQL req/s | service/floor | service/SQL | service p50 / p99 ms | floor p50 / p99 ms | SQL p50 / p99 ms | service CPU µs/req | floor CPU µs/req |',
    );
    log('|---|---|---|---|---|---|---|---|---|---|---|---|');
    for (const line of table) log(line);
    log(
      `\nload average at the end: ${loadavg()
        .map((load) => load.toFixed(2))
        .join(', ')}`,
    );
    log(
      misses.length === 0
        ? 'Targets met: service ≥ 0.85 of the floor, p99 < 50 ms at half max, ≥ 0.7 of SQL where SQL takes over 2 ms, no AS history or seq scan.'
        : `Targets missed:\n${misses.map((miss) => `- ${miss}`).join('\n')}`,
    );
  } finally {
    await pool.end();
    service.child.kill('SIGTERM');
    floor.child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
