import 'reflect-metadata';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { acquirePostgresServer, dataSourceOptions } from '#platform';
import { LEAD_DISTRIBUTION_DATABASE } from '../apps/lead-distribution/src/database/database.js';
import { ownedLeadsQuery, type OwnedLeadFilter } from '../apps/lead-distribution/src/leads/leads.repository.js';
import { fixedRate, httpGetter, maxThroughput, sqlRunner } from './support/load.js';
import { loadLeadFixture, randomKeyEntry } from './support/lead-fixtures.js';
import { BENCH_OPERATOR_KEY, startLeadDistributionService } from './support/service.js';

/**
 * GET /api/v1/leads for one partner owning 100,000 of 1,000,000 leads (a tenth with AS history):
 * for each list shape, the maximum requests/s with 16 concurrent clients and p50/p99 at half that
 * rate, through the service and for the same SQL run directly, and the query plan of the page.
 *
 *   npm run build && node dist/bench/leads-list.js [--reuse] [--seconds N] [--service-dir DIR]
 *
 * The service's CPU time per request (user + system, from its own process metrics over the maximum
 * rate run) is printed too: unlike requests/s it hardly moves when other work shares the machine, so
 * it is the figure to compare two builds by. --service-dir runs the service built in another checkout
 * (its dist/) against the same data, for such before/after comparisons.
 *
 * BENCH_DATABASE_URL names the PostgreSQL server (default: local 127.0.0.1:5432); the data goes to
 * database `bench_lead_distribution`, kept between runs (--reuse skips reloading it).
 */
const CONCURRENCY = 16;
const DATABASE = 'bench_lead_distribution';
const args = process.argv.slice(2);
const seconds = Number(args[args.indexOf('--seconds') + 1]) || 8;
const reuse = args.includes('--reuse');
const serviceDir = args.includes('--service-dir') ? args[args.indexOf('--service-dir') + 1] : undefined;
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

  log(`Loading ${DATABASE} (1,000,000 leads)...`);
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
    totalLeads: 1_000_000,
    partnerLeads: 100_000,
    otherPartners: 50,
    poolLeads: 200_000,
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

const ms = (value: number) => value.toFixed(1);

async function main(): Promise<void> {
  const { url: databaseUrl, partnerId, keys } = await prepareDatabase(process.env.BENCH_DATABASE_URL);
  const service = await startLeadDistributionService(databaseUrl, keys, { serviceDir });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONCURRENCY * 2 });
  try {
    const partnerKey = await fetch(`${service.url}/api/v1/admin/partners/${partnerId}/api-keys`, {
      method: 'POST',
      headers: { 'x-api-key': BENCH_OPERATOR_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench' }),
    }).then(async (response) => ((await response.json()) as { apiKey: string }).apiKey);
    const get = httpGetter(service.url, { 'x-api-key': partnerKey }, CONCURRENCY);

    const results: string[] = [];
    for (const shape of SHAPES) {
      const filter: OwnedLeadFilter = { partnerId, ...shape.filter };
      const statement = ownedLeadsQuery(filter);
      const http = get(`/api/v1/leads?${shape.query}`);
      const sql = sqlRunner(pool, [statement]);

      await maxThroughput(http, CONCURRENCY, 2);
      const cpuBefore = await service.cpuSeconds();
      const httpMax = await maxThroughput(http, CONCURRENCY, seconds);
      const cpuMicros = (((await service.cpuSeconds()) - cpuBefore) * 1e6) / Math.max(1, httpMax.requests);
      const httpFixed = await fixedRate(http, Math.max(1, httpMax.perSecond / 2), seconds);
      await maxThroughput(sql, CONCURRENCY, 2);
      const sqlMax = await maxThroughput(sql, CONCURRENCY, seconds);
      const sqlFixed = await fixedRate(sql, Math.max(1, sqlMax.perSecond / 2), seconds);

      const plan = await planOf(pool, statement);
      const readsAsHistory = plan.includes('lead_as_requests');
      const seqScan = /Seq Scan on leads/.test(plan);
      const time = /Execution Time: ([\d.]+) ms/.exec(plan)?.[1];
      const scans = [
        ...plan.matchAll(/(Parallel )?(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)( Backward)? (using|on) [a-z_0-9]+/g),
      ].map((m) => m[0]);

      log(`\n## ${shape.name}  (GET /api/v1/leads?${shape.query})`);
      log(`plan: ${[...new Set(scans)].join('; ')}; ${time} ms (one run, EXPLAIN ANALYZE)`);
      log(`reads AS history: ${readsAsHistory ? 'YES' : 'no'}; sequential scan of leads: ${seqScan ? 'YES' : 'no'}`);
      log(
        `service: max ${httpMax.perSecond.toFixed(0)} req/s (errors ${httpMax.errors}), ${cpuMicros.toFixed(0)} µs CPU per request; at ${httpFixed.rate.toFixed(0)} req/s p50 ${ms(httpFixed.p50)} ms, p99 ${ms(httpFixed.p99)} ms`,
      );
      log(
        `direct SQL: max ${sqlMax.perSecond.toFixed(0)} req/s; at ${sqlFixed.rate.toFixed(0)} req/s p50 ${ms(sqlFixed.p50)} ms, p99 ${ms(sqlFixed.p99)} ms`,
      );
      log(`ratio service/SQL: ${(httpMax.perSecond / sqlMax.perSecond).toFixed(2)}`);
      results.push(
        `| ${shape.name} | ${httpMax.perSecond.toFixed(0)} | ${cpuMicros.toFixed(0)} | ${ms(httpFixed.p50)} / ${ms(httpFixed.p99)} | ${sqlMax.perSecond.toFixed(0)} | ${ms(sqlFixed.p50)} / ${ms(sqlFixed.p99)} | ${(httpMax.perSecond / sqlMax.perSecond).toFixed(2)} | ${readsAsHistory || seqScan ? 'yes' : 'no'} |`,
      );
    }
    log(
      '\n| shape | service max req/s | service CPU µs/request | service p50 / p99 ms at half max | SQL max req/s | SQL p50 / p99 ms at half max | ratio | reads AS history or seq-scans leads |',
    );
    log('|---|---|---|---|---|---|---|---|');
    for (const line of results) log(line);
  } finally {
    await pool.end();
    service.child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
