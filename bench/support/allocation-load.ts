import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import type pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { OrderStatus, REGION_NAMES } from '#contracts';

/**
 * What the allocation benchmarks share (bench/allocation.ts, bench/webhooks.ts): the open orders they
 * register against, the concurrent registrations through the API, the ledger check, the database
 * CPU meter.
 */

export const log = (line: string) => process.stdout.write(`${line}\n`);
export const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** Reads a command-line option's value (`--leads 1000`), or undefined. */
export function option(name: string, args = process.argv.slice(2)): string | undefined {
  return args.includes(name) ? args[args.indexOf(name) + 1] : undefined;
}

export function post(agent: Agent, port: number, path: string, key: string, body: unknown): Promise<{ status: number; body: string }> {
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
export function databaseCpuMeter(client: pg.Client): { read(): Promise<number | null>; stop(): void } {
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

export interface OpenOrders {
  providerId: string;
  productIds: string[];
  partners: number[];
  /** Leads the orders take in all. */
  capacity: number;
}

/**
 * A provider, `products` products, `partners` partners and `orders` open orders of random products,
 * one to three regions each (60 to 140 leads a region), served oldest first in creation order. The
 * i-th order goes to `partnerOf(i)` (a random partner by default).
 */
export async function seedOpenOrders(
  client: pg.Client,
  {
    products,
    partners: partnerCount,
    orders,
    partnerOf,
  }: { products: number; partners: number; orders: number; partnerOf?: (index: number, partners: number[]) => number },
): Promise<OpenOrders> {
  const providerId = uuidv7();
  await client.query(`INSERT INTO providers (id, name) VALUES ($1, 'bench provider')`, [providerId]);
  const productIds = Array.from({ length: products }, () => uuidv7());
  await client.query(
    `INSERT INTO products (id, name, provider_id) SELECT id, 'product ' || n, $2 FROM unnest($1::uuid[]) WITH ORDINALITY t(id, n)`,
    [productIds, providerId],
  );
  const partners = (
    await client.query<{ id: number }>(
      `INSERT INTO partners (name) SELECT 'partner ' || n FROM generate_series(1, $1::int) n RETURNING id`,
      [partnerCount],
    )
  ).rows.map((row) => row.id);
  let capacity = 0;
  for (let i = 0; i < orders; i += 1) {
    const orderId = uuidv7();
    await client.query(
      `INSERT INTO orders (id, product_id, partner_id, orderer_name, orderer_contact, status, reservation_date, activated_at)
       VALUES ($1, $2, $3, 'bench', '010', $5, now() - make_interval(secs => $4), now())`,
      [orderId, pick(productIds), partnerOf ? partnerOf(i, partners) : pick(partners), orders - i, OrderStatus.Pending],
    );
    const regions = [...REGION_NAMES].sort(() => Math.random() - 0.5).slice(0, 1 + (i % 3));
    for (const region of regions) {
      const quantity = 60 + Math.floor(Math.random() * 81);
      capacity += quantity;
      await client.query(`INSERT INTO order_regions (order_id, region, quantity) VALUES ($1, $2, $3)`, [orderId, region, quantity]);
    }
  }
  return { providerId, productIds, partners, capacity };
}

/** Issues a key for the provider through the operator API. */
export async function providerKeyOf(agent: Agent, port: number, operatorKey: string, providerId: string): Promise<string> {
  return JSON.parse((await post(agent, port, `/api/v1/admin/providers/${providerId}/api-keys`, operatorKey, { name: 'bench' })).body)
    .apiKey as string;
}

export interface Registrations {
  count: number;
  seconds: number;
  perSecond: number;
  allocated: number;
  errors: number;
  /** Sorted, in milliseconds. */
  latencies: number[];
}

/**
 * `count` registrations through `POST /api/v1/leads` with the provider's key, `concurrency` clients
 * back to back, each of a random product and region; the i-th lead's phone is `phone(i)`.
 */
export async function registerConcurrently({
  agent,
  port,
  providerKey,
  productIds,
  count,
  concurrency,
  phone,
}: {
  agent: Agent;
  port: number;
  providerKey: string;
  productIds: string[];
  count: number;
  concurrency: number;
  phone: (index: number) => string;
}): Promise<Registrations> {
  let next = 0;
  let errors = 0;
  let allocated = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) {
        const begin = performance.now();
        const response = await post(agent, port, '/api/v1/leads', providerKey, {
          productId: pick(productIds),
          name: '홍길동',
          phone: phone(i),
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
  return { count, seconds, perSecond: count / seconds, allocated, errors, latencies };
}

export interface Ledger {
  over: number;
  stale: number;
  twice: number;
  /** No order region over-delivered, every region's `delivered` equal to its leads, no lead delivered twice. */
  exact: boolean;
}

/** No order region over-delivered, every region's `delivered` equal to its leads, no lead delivered twice (printed and returned). */
export async function checkLedger(client: pg.Client): Promise<Ledger> {
  const [{ over, stale }] = (
    await client.query<{ over: number; stale: number }>(
      `SELECT count(*) FILTER (WHERE r.delivered > r.quantity)::int AS over,
              count(*) FILTER (WHERE r.delivered <> (SELECT count(*) FROM leads l WHERE l.order_id = r.order_id AND l.region = r.region))::int AS stale
         FROM order_regions r`,
    )
  ).rows;
  const [{ twice }] = (
    await client.query<{ twice: number }>(
      `SELECT count(*)::int AS twice FROM (SELECT lead_id FROM lead_assignments WHERE kind = 'ORDER' GROUP BY lead_id HAVING count(*) > 1) x`,
    )
  ).rows;
  log(
    `ledger check: ${over} order regions over-delivered, ${stale} whose delivered count differs from their leads, ${twice} leads delivered twice`,
  );
  return { over, stale, twice, exact: over === 0 && stale === 0 && twice === 0 };
}
