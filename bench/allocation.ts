import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { OrderStatus, REGION_NAMES } from '#contracts';
import { LEAD_DISTRIBUTION_DATABASE } from '../apps/lead-distribution/src/database/database.js';
import { randomKeyEntry } from './support/lead-fixtures.js';
import { BENCH_OPERATOR_KEY, migratedDatabase, startLeadDistributionService } from './support/service.js';

/**
 * Allocation through the HTTP API: registers LEADS leads (default 100,000) with 16 concurrent clients
 * against 1,000 open orders of mixed products and regions, and prints leads allocated per second,
 * registration latency and CPU per registration (the service's, from its own metrics, and its
 * database backends', from /proc); then an operator imports IMPORT rows (default 50,000) in requests
 * of 1,000 rows, IMPORT_CLIENTS at a time (default 1); the ledger is checked after each; then one
 * order creation that takes a 10,000-lead pool is timed.
 *
 *   npm run build && node dist/bench/allocation.js [--leads N] [--import N] [--import-clients N] [--service-dir DIR]
 *
 * --service-dir runs the service built in another checkout (its `dist/`, for before/after runs on
 * the same data). BENCH_DATABASE_URL names the PostgreSQL server (default: local 127.0.0.1:5432);
 * the data goes to database `bench_allocation`, recreated on every run. Database CPU is read from
 * /proc, so only for a server on this machine. The schema, allocation's SQL functions included
 * (apps/lead-distribution/src/allocation/sql/), comes from the service's migrations.
 */
const DATABASE = 'bench_allocation';
const CONCURRENCY = 16;
const ORDERS = 1000;
const PRODUCTS = 10;
const POOL = 10_000;
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const LEADS = Number(option('--leads') ?? 100_000);
const IMPORT = Number(option('--import') ?? 50_000);
const IMPORT_CLIENTS = Number(option('--import-clients') ?? 1);
const IMPORT_BATCH = 1000;
const serviceDir = option('--service-dir');
const log = (line: string) => process.stdout.write(`${line}\n`);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function post(agent: Agent, port: number, path: string, key: string, body: unknown): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent,
        headers: { 'x-api-key': key, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * CPU seconds (user + system) that the backends serving the bench database have used so far, read
 * from /proc (so only for a server on this machine; null otherwise). Sampled every 200 ms and kept
 * per backend, so that a backend the service's pool closes still counts up to its last sample.
 */
function databaseCpuMeter(client: pg.Client): { read(): Promise<number | null>; stop(): void } {
  const seen = new Map<number, number>();
  let local = true;
  const sample = async () => {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    for (const { pid } of rows) {
      try {
        // Fields after the command name: state is field 3, utime and stime fields 14 and 15.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        seen.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
      } catch {
        if (seen.size === 0) local = false;
      }
    }
  };
  let sampling = Promise.resolve();
  const timer = setInterval(() => (sampling = sampling.then(sample, () => undefined)), 200);
  timer.unref();
  return {
    async read() {
      await (sampling = sampling.then(sample, () => undefined));
      return local ? [...seen.values()].reduce((sum, seconds) => sum + seconds, 0) : null;
    },
    stop: () => clearInterval(timer),
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const { databaseUrl: url, dataSource } = await migratedDatabase(DATABASE, LEAD_DISTRIBUTION_DATABASE);
  await dataSource.destroy();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const providerId = uuidv7();
  await client.query(`INSERT INTO providers (id, name) VALUES ($1, 'bench provider')`, [providerId]);
  const productIds = Array.from({ length: PRODUCTS + 1 }, () => uuidv7());
  await client.query(
    `INSERT INTO products (id, name, provider_id) SELECT id, 'product ' || n, $2 FROM unnest($1::uuid[]) WITH ORDINALITY t(id, n)`,
    [productIds, providerId],
  );
  const poolProduct = productIds.pop()!;
  const partners = (
    await client.query<{ id: number }>(`INSERT INTO partners (name) SELECT 'partner ' || n FROM generate_series(1, 100) n RETURNING id`)
  ).rows.map((row) => row.id);
  // 1,000 open orders: one to three regions each, 60 to 140 leads per region (about 200,000 in all).
  let capacity = 0;
  for (let i = 0; i < ORDERS; i += 1) {
    const orderId = uuidv7();
    await client.query(
      `INSERT INTO orders (id, product_id, partner_id, orderer_name, orderer_contact, status, reservation_date, activated_at)
       VALUES ($1, $2, $3, 'bench', '010', $5, now() - make_interval(secs => $4), now())`,
      [orderId, pick(productIds), pick(partners), ORDERS - i, OrderStatus.Pending],
    );
    const regions = [...REGION_NAMES].sort(() => Math.random() - 0.5).slice(0, 1 + (i % 3));
    for (const region of regions) {
      const quantity = 60 + Math.floor(Math.random() * 81);
      capacity += quantity;
      await client.query(`INSERT INTO order_regions (order_id, region, quantity) VALUES ($1, $2, $3)`, [orderId, region, quantity]);
    }
  }
  await client.query('VACUUM ANALYZE');
  log(`${ORDERS} open orders over ${PRODUCTS} products, capacity ${capacity} leads`);

  const keys = { encryption: randomKeyEntry('bench'), hash: randomKeyEntry('h').split(':')[1]! };
  const service = await startLeadDistributionService(url, keys, { serviceDir });
  const { child, port } = service;
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const providerKey = JSON.parse(
      (await post(agent, port, `/api/v1/admin/providers/${providerId}/api-keys`, BENCH_OPERATOR_KEY, { name: 'bench' })).body,
    ).apiKey as string;
    // CPU of the service process and of its database backends (same pool for the whole run).
    const databaseCpu = databaseCpuMeter(client);
    const cpu = async () => ({ service: await service.cpuSeconds(), database: await databaseCpu.read() });
    const ledgerCheck = async () => {
      const [{ over, stale }] = (
        await client.query(
          `SELECT count(*) FILTER (WHERE r.delivered > r.quantity)::int AS over,
                  count(*) FILTER (WHERE r.delivered <> (SELECT count(*) FROM leads l WHERE l.order_id = r.order_id AND l.region = r.region))::int AS stale
             FROM order_regions r`,
        )
      ).rows;
      const [{ twice }] = (
        await client.query(
          `SELECT count(*)::int AS twice FROM (SELECT lead_id FROM lead_assignments WHERE kind = 'ORDER' GROUP BY lead_id HAVING count(*) > 1) x`,
        )
      ).rows;
      log(
        `ledger check: ${over} order regions over-delivered, ${stale} whose delivered count differs from their leads, ${twice} leads delivered twice`,
      );
    };
    const perUnit = (before: { service: number; database: number | null }, after: typeof before, units: number) =>
      `service ${(((after.service - before.service) / units) * 1e6).toFixed(0)} µs` +
      (after.database === null || before.database === null
        ? ''
        : `, database ${(((after.database - before.database) / units) * 1e6).toFixed(0)} µs`);

    // 1. Registrations against open orders (--leads 0 skips them).
    if (LEADS > 0) {
      let next = 0;
      let errors = 0;
      let allocated = 0;
      const latencies: number[] = [];
      const cpuBefore = await cpu();
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          for (let i = next++; i < LEADS; i = next++) {
            const begin = performance.now();
            const response = await post(agent, port, '/api/v1/leads', providerKey, {
              productId: pick(productIds),
              name: '홍길동',
              phone: `010${String(10_000_000 + i).padStart(8, '0')}`,
              region: pick(REGION_NAMES),
              birth_date: '850314',
              gender: 'M',
            });
            latencies.push(performance.now() - begin);
            if (response.status !== 201) errors += 1;
            else if (JSON.parse(response.body).orderId) allocated += 1;
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const cpuAfter = await cpu();
      latencies.sort((a, b) => a - b);
      log(`\n## ${LEADS} registrations, ${CONCURRENCY} concurrent clients, ${ORDERS} open orders`);
      log(
        `${seconds.toFixed(1)} s: ${(LEADS / seconds).toFixed(0)} registrations/s, ${(allocated / seconds).toFixed(0)} leads allocated/s (${allocated} allocated, ${LEADS - allocated - errors} to the pool, ${errors} errors)`,
      );
      log(
        `registration latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
      );
      log(`CPU per registration: ${perUnit(cpuBefore, cpuAfter, LEADS)}`);
      await ledgerCheck();
    }

    // 2. An operator's import: IMPORT rows in requests of IMPORT_BATCH, IMPORT_CLIENTS at a time.
    if (IMPORT > 0) {
      const counts = { CREATED: 0, DUPLICATE: 0, INVALID: 0, allocated: 0, failedRequests: 0 };
      const batches = Math.ceil(IMPORT / IMPORT_BATCH);
      const requestTimes: number[] = [];
      let nextBatch = 0;
      const importCpuBefore = await cpu();
      const importStarted = performance.now();
      await Promise.all(
        Array.from({ length: IMPORT_CLIENTS }, async () => {
          for (let b = nextBatch++; b < batches; b = nextBatch++) {
            const leads = Array.from({ length: Math.min(IMPORT_BATCH, IMPORT - b * IMPORT_BATCH) }, (_, r) => ({
              productId: pick(productIds),
              name: '김영희',
              phone: `011${String(10_000_000 + b * IMPORT_BATCH + r).padStart(8, '0')}`,
              region: pick(REGION_NAMES),
              birth_date: '900101',
              gender: 'F',
            }));
            const begin = performance.now();
            const response = await post(agent, port, '/api/v1/admin/leads/import', BENCH_OPERATOR_KEY, { leads });
            requestTimes.push(performance.now() - begin);
            if (response.status !== 200) {
              counts.failedRequests += 1;
              continue;
            }
            const body = JSON.parse(response.body) as {
              results: Array<{ status: 'CREATED' | 'DUPLICATE' | 'INVALID'; partnerId?: number | null }>;
            };
            if (body.results.length !== leads.length) counts.failedRequests += 1;
            for (const result of body.results) {
              counts[result.status] += 1;
              if (result.partnerId) counts.allocated += 1;
            }
          }
        }),
      );
      const importSeconds = (performance.now() - importStarted) / 1000;
      const importCpuAfter = await cpu();
      requestTimes.sort((a, b) => a - b);
      log(`\n## import of ${IMPORT} rows, ${batches} requests of up to ${IMPORT_BATCH} rows, ${IMPORT_CLIENTS} at a time`);
      log(
        `${importSeconds.toFixed(1)} s: ${(IMPORT / importSeconds).toFixed(0)} rows/s (${counts.CREATED} created, ${counts.allocated} of them allocated, ${counts.DUPLICATE} duplicates, ${counts.INVALID} invalid, ${counts.failedRequests} failed requests)`,
      );
      log(`request time p50 ${percentile(requestTimes, 50).toFixed(0)} ms, max ${requestTimes.at(-1)!.toFixed(0)} ms`);
      log(`CPU per row: ${perUnit(importCpuBefore, importCpuAfter, IMPORT)}`);
      await ledgerCheck();
    }

    // 2. A 10,000-lead pool taken by one new order.
    const pool: Record<string, unknown[]> = { id: [], product: [], cipher: [], prefix: [], last4: [], hash: [], created: [] };
    for (let i = 0; i < POOL; i += 1) {
      pool.id!.push(uuidv7());
      pool.product!.push(poolProduct);
      pool.cipher!.push(Buffer.alloc(28));
      pool.prefix!.push('010');
      pool.last4!.push(String(i % 10_000).padStart(4, '0'));
      pool.hash!.push(String(i).padStart(64, '0'));
      pool.created!.push(new Date(Date.now() - (POOL - i) * 1000));
    }
    await client.query(
      `INSERT INTO leads (id, product_id, name, masked_name, phone_ciphertext, phone_key_id, phone_prefix, phone_last4, phone_hash, region, birth_date, gender, search_text, created_at)
       SELECT id, product, '풀고객', '풀*객', cipher, 'bench', prefix, last4, hash, '서울', '900101', 'F', '풀*객', created
         FROM unnest($1::uuid[], $2::uuid[], $3::bytea[], $4::char(3)[], $5::char(4)[], $6::char(64)[], $7::timestamptz[])
              AS t(id, product, cipher, prefix, last4, hash, created)`,
      Object.values(pool),
    );
    await client.query('ANALYZE leads');
    const partnerKey = JSON.parse((await post(agent, port, `/api/v1/admin/partners/${partners[0]}/api-keys`, BENCH_OPERATOR_KEY, {})).body)
      .apiKey as string;
    const begin = performance.now();
    const order = await post(agent, port, '/api/v1/orders', partnerKey, {
      productId: poolProduct,
      ordererName: 'bench',
      ordererContact: '010',
      regionQuantities: [{ region: '서울', quantity: POOL }],
    });
    const elapsed = performance.now() - begin;
    const created = JSON.parse(order.body) as { status: string; regionQuantities: Array<{ delivered: number }> };
    log(`\n## one order taking a ${POOL}-lead pool`);
    log(
      `POST /api/v1/orders answered ${order.status} in ${elapsed.toFixed(0)} ms: status ${created.status}, delivered ${created.regionQuantities[0]?.delivered}`,
    );
    agent.destroy();
    databaseCpu.stop();
  } finally {
    child.kill('SIGTERM');
    await client.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
