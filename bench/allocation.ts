import 'reflect-metadata';
import { Agent, request } from 'node:http';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { v7 as uuidv7 } from 'uuid';
import { REGION_NAMES } from '#contracts';
import { acquirePostgresServer, dataSourceOptions } from '#platform';
import { LEAD_DISTRIBUTION_DATABASE } from '../apps/lead-distribution/src/database/database.js';
import { randomKeyEntry } from './support/lead-fixtures.js';
import { BENCH_OPERATOR_KEY, startLeadDistributionService } from './support/service.js';

/**
 * Allocation through the HTTP API: registers LEADS leads (default 100,000) with 16 concurrent clients
 * against 1,000 open orders of mixed products and regions, and prints leads allocated per second and
 * registration latency; then times one order creation that takes a 10,000-lead pool.
 *
 *   npm run build && node dist/bench/allocation.js [--leads N]
 *
 * BENCH_DATABASE_URL names the PostgreSQL server (default: local 127.0.0.1:5432); the data goes to
 * database `bench_allocation`, recreated on every run.
 */
const DATABASE = 'bench_allocation';
const CONCURRENCY = 16;
const ORDERS = 1000;
const PRODUCTS = 10;
const POOL = 10_000;
const args = process.argv.slice(2);
const LEADS = Number(args[args.indexOf('--leads') + 1]) || 100_000;
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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function main(): Promise<void> {
  const server = await acquirePostgresServer(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  await server.dropDatabase(DATABASE);
  await server.createDatabase(DATABASE);
  const url = server.urlFor(DATABASE);
  const dataSource = await new DataSource(dataSourceOptions(url, LEAD_DISTRIBUTION_DATABASE, 2)).initialize();
  await dataSource.runMigrations();
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
       VALUES ($1, $2, $3, 'bench', '010', 'PENDING', now() - make_interval(secs => $4), now())`,
      [orderId, pick(productIds), pick(partners), ORDERS - i],
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
  const { child, port } = await startLeadDistributionService(url, keys);
  try {
    for (let attempt = 0; attempt < 240; attempt += 1) {
      const ready = await fetch(`http://127.0.0.1:${port}/health/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const providerKey = JSON.parse(
      (await post(agent, port, `/api/v1/admin/providers/${providerId}/api-keys`, BENCH_OPERATOR_KEY, { name: 'bench' })).body,
    ).apiKey as string;

    // 1. Registrations against open orders.
    let next = 0;
    let errors = 0;
    let allocated = 0;
    const latencies: number[] = [];
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
    latencies.sort((a, b) => a - b);
    log(`\n## ${LEADS} registrations, ${CONCURRENCY} concurrent clients, ${ORDERS} open orders`);
    log(
      `${seconds.toFixed(1)} s: ${(LEADS / seconds).toFixed(0)} registrations/s, ${(allocated / seconds).toFixed(0)} leads allocated/s (${allocated} allocated, ${LEADS - allocated - errors} to the pool, ${errors} errors)`,
    );
    log(
      `registration latency p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${latencies.at(-1)!.toFixed(1)} ms`,
    );
    const [{ over }] = (
      await client.query(
        `SELECT count(*)::int AS over FROM order_regions r WHERE r.delivered > r.quantity
            OR r.delivered <> (SELECT count(*) FROM leads l WHERE l.order_id = r.order_id AND l.region = r.region)`,
      )
    ).rows;
    log(`ledger check: ${over} order regions over-delivered or out of step with their leads`);

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
      `INSERT INTO leads (id, product_id, name, phone_ciphertext, phone_key_id, phone_prefix, phone_last4, phone_hash, region, birth_date, gender, search_text, created_at)
       SELECT id, product, '풀고객', cipher, 'bench', prefix, last4, hash, '서울', '900101', 'F', '풀고객', created
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
  } finally {
    child.kill('SIGTERM');
    await client.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
