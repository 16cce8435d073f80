import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { v7 as uuidv7 } from 'uuid';
import { REGION_NAMES } from '#contracts';
import { FieldCipher, sqlFileText } from '#platform';
import { WebhookReceiver } from '../apps/lead-distribution/test/support/webhook-receiver.js';
import { LEAD_DISTRIBUTION_DATABASE } from '../apps/lead-distribution/src/database/database.js';
import { WEBHOOKS_SQL } from '../apps/lead-distribution/src/webhooks/sql/webhooks-sql.js';
import {
  checkLedger,
  databaseCpuMeter,
  log,
  option,
  percentile,
  pick,
  post,
  providerKeyOf,
  registerConcurrently,
  seedOpenOrders,
  type Registrations,
} from './support/allocation-load.js';
import { randomKeyEntry } from './support/lead-fixtures.js';
import { fixedRate } from './support/load.js';
import { migratedDatabase, startLeadDistributionService, type BenchService } from './support/service.js';

/**
 * Webhooks (issue 27): what the outbox costs allocation, and how fast the workers deliver.
 *
 * (a) Allocation with --partners partners (default 1,000), each with one open order (10 products,
 *     one to three regions, 60–140 leads a region) and, in one mode, an endpoint subscribed to
 *     `lead.assigned`: 16 clients register --leads leads (default 5,000) through the API in each
 *     phase, after 2,000 to warm up. Each of --rounds rounds (default 3) runs three modes on the same
 *     database and service, rotated so that none is always first: no endpoints (register_leads_v4
 *     calls the outbox's record_webhook_events_v1, which finds no one to tell), an endpoint for every
 *     partner (every allocated lead writes an event and a delivery), and the outbox off
 *     (record_webhook_events_v1 replaced by a function that does nothing, restored from its file
 *     after the phase: the call stays, its work goes). The worker
 *     is off (WEBHOOK_WORKER_CONCURRENCY=0): this measures what writing the outbox costs a
 *     registration, not sending. Printed per phase: registrations/s, latency, events written, CPU per
 *     registration (service, database backends); then each mode's mean and the ratios.
 * (b) Delivery by two replicas of the service on one database (each runs the worker, which starts on
 *     bootstrap; WEBHOOK_ALLOW_PRIVATE_ADDRESSES=true so they may reach the local receiver, hence
 *     NODE_ENV=development) to a local receiver that verifies every delivery with the
 *     `standardwebhooks` package: --endpoints partners (default 50) with one endpoint each (ordered
 *     unless --parallel). First a backlog of --backlog events (default 5,000, imported while the
 *     endpoints are enabled and the workers not running, then held by disabling the endpoints) is
 *     released at once: events/s until the last arrives. Then single registrations at --rate a
 *     second (default 200) for --seconds (default 20): p50/p99 from the event's occurred_at (the
 *     body's timestamp) to its receipt.
 *
 *   npm run bench:webhooks    # or: npm run build && node dist/bench/webhooks.js [--partners N] [--leads N] [--rounds N]
 *                             #   [--skip-allocation] [--skip-delivery] [--endpoints N] [--backlog N] [--rate N] [--seconds N] [--parallel]
 *
 * BENCH_DATABASE_URL names the PostgreSQL server (default local); databases `bench_webhooks` and
 * `bench_webhooks_delivery` are recreated on every run.
 */
const CONCURRENCY = 16;
const PRODUCTS = 10;
const WARMUP = 2_000;
const PARTNERS = Number(option('--partners') ?? 1_000);
const LEADS = Number(option('--leads') ?? 5_000);
const ROUNDS = Number(option('--rounds') ?? 3);
const ENDPOINTS = Number(option('--endpoints') ?? 50);
const BACKLOG = Number(option('--backlog') ?? 5_000);
const RATE = Number(option('--rate') ?? 200);
const SECONDS = Number(option('--seconds') ?? 20);
const PARALLEL = process.argv.includes('--parallel');
const IMPORT_BATCH = 1_000;

const keys = { encryption: randomKeyEntry('bench'), hash: randomKeyEntry('h').split(':')[1]! };
const cipher = new FieldCipher([keys.encryption], keys.encryption.split(':')[0]!);

/** Endpoint rows as the endpoint API writes them (secret sealed with the service's key), one per partner. */
async function insertEndpoints(
  client: pg.Client,
  endpoints: Array<{ partnerId: number; url: string }>,
  { secret, parallelDelivery = false, enabled = true }: { secret: string; parallelDelivery?: boolean; enabled?: boolean },
): Promise<void> {
  const sealed = cipher.seal(secret);
  await client.query(
    `INSERT INTO webhook_endpoints (id, partner_id, url, event_types, parallel_delivery, enabled, secret_ciphertext, secret_key_id)
     SELECT id, partner_id, url, ARRAY['lead.assigned'], $4, $5, $6, $7 FROM unnest($1::uuid[], $2::int[], $3::text[]) AS t(id, partner_id, url)`,
    [
      endpoints.map(() => uuidv7()),
      endpoints.map((endpoint) => endpoint.partnerId),
      endpoints.map((endpoint) => endpoint.url),
      parallelDelivery,
      enabled,
      sealed.ciphertext,
      sealed.keyId,
    ],
  );
}

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const eventCount = async (client: pg.Client) => Number((await client.query(`SELECT count(*) AS n FROM webhook_events`)).rows[0].n);

type Mode = 'no endpoints' | 'endpoints' | 'outbox off';
const MODES: Mode[] = ['no endpoints', 'endpoints', 'outbox off'];

/** (a) What writing the outbox costs registrations. */
async function allocationCost(): Promise<void> {
  const { databaseUrl, dataSource } = await migratedDatabase('bench_webhooks', LEAD_DISTRIBUTION_DATABASE);
  await dataSource.destroy();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // One open order per partner ("open orders for all of them").
  const seeded = await seedOpenOrders(client, {
    products: PRODUCTS,
    partners: PARTNERS,
    orders: PARTNERS,
    partnerOf: (index, partners) => partners[index % partners.length]!,
  });
  await client.query('VACUUM ANALYZE');
  const total = WARMUP + ROUNDS * MODES.length * LEADS;
  log(`# (a) outbox cost: ${PARTNERS} partners with one open order each over ${PRODUCTS} products, capacity ${seeded.capacity} leads`);
  log(
    `${ROUNDS} rounds × ${MODES.length} modes × ${LEADS} registrations (after ${WARMUP} to warm up; ${total} in all), ${CONCURRENCY} concurrent clients, worker off`,
  );

  const service = await startLeadDistributionService(databaseUrl, keys, { env: { WEBHOOK_WORKER_CONCURRENCY: '0' } });
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const databaseCpu = databaseCpuMeter(client);
  try {
    const providerKey = await providerKeyOf(agent, service.port, service.operatorKey, seeded.providerId);
    let phones = 0;
    const register = (count: number) =>
      registerConcurrently({
        agent,
        port: service.port,
        providerKey,
        productIds: seeded.productIds,
        count,
        concurrency: CONCURRENCY,
        phone: () => `010${String(10_000_000 + phones++).padStart(8, '0')}`,
      });
    const setMode = async (mode: Mode) => {
      await client.query(`DELETE FROM webhook_endpoints`);
      await client.query(
        mode === 'outbox off'
          ? `CREATE OR REPLACE FUNCTION record_webhook_events_v1(p_types text[], p_partner_ids integer[], p_subject_ids uuid[], p_assignment_ids uuid[], p_statuses text[]) RETURNS void LANGUAGE plpgsql AS $$ BEGIN END $$`
          : sqlFileText(WEBHOOKS_SQL.recordWebhookEventsV1).replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'),
      );
      if (mode === 'endpoints') {
        const url = 'https://hooks.partner.example/lead-distribution';
        await insertEndpoints(
          client,
          seeded.partners.map((partnerId) => ({ partnerId, url })),
          { secret: newSecret() },
        );
      }
    };

    await setMode('endpoints');
    await register(WARMUP);
    const results = new Map<Mode, Array<Registrations & { events: number; serviceCpu: number; databaseCpu: number | null }>>(
      MODES.map((mode) => [mode, []]),
    );
    for (let round = 0; round < ROUNDS; round += 1) {
      // Rotated, so that no mode always runs first or last in a round.
      for (const mode of [...MODES.slice(round % MODES.length), ...MODES.slice(0, round % MODES.length)]) {
        await setMode(mode);
        const eventsBefore = await eventCount(client);
        const cpuBefore = { service: await service.cpuSeconds(), database: await databaseCpu.read() };
        const result = await register(LEADS);
        const cpuAfter = { service: await service.cpuSeconds(), database: await databaseCpu.read() };
        const events = (await eventCount(client)) - eventsBefore;
        const serviceCpu = ((cpuAfter.service - cpuBefore.service) / LEADS) * 1e6;
        const dbCpu =
          cpuAfter.database === null || cpuBefore.database === null ? null : ((cpuAfter.database - cpuBefore.database) / LEADS) * 1e6;
        results.get(mode)!.push({ ...result, events, serviceCpu, databaseCpu: dbCpu });
        log(
          `round ${round + 1}, ${mode.padEnd(12)}: ${result.perSecond.toFixed(0)} registrations/s, p50 ${percentile(result.latencies, 50).toFixed(1)} ms, p99 ${percentile(result.latencies, 99).toFixed(1)} ms; ${result.allocated} allocated, ${events} events, ${result.errors} errors; CPU per registration: service ${serviceCpu.toFixed(0)} µs${dbCpu === null ? '' : `, database ${dbCpu.toFixed(0)} µs`}`,
        );
      }
    }
    await setMode('no endpoints');
    await checkLedger(client);

    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    const summary = new Map(
      MODES.map((mode) => {
        const runs = results.get(mode)!;
        const database = runs.map((run) => run.databaseCpu).filter((value): value is number => value !== null);
        return [
          mode,
          {
            perSecond: mean(runs.map((run) => run.perSecond)),
            cpu: mean(runs.map((run) => run.serviceCpu)) + (database.length === runs.length ? mean(database) : 0),
            p99: mean(runs.map((run) => percentile(run.latencies, 99))),
          },
        ] as const;
      }),
    );
    log('\n## (a) summary (mean of the rounds)');
    for (const [mode, figures] of summary) {
      log(
        `${mode.padEnd(12)}: ${figures.perSecond.toFixed(0)} registrations/s, p99 ${figures.p99.toFixed(1)} ms, CPU ${figures.cpu.toFixed(0)} µs per registration (service + database)`,
      );
    }
    const withEndpoints = summary.get('endpoints')!;
    for (const base of ['no endpoints', 'outbox off'] as const) {
      const other = summary.get(base)!;
      log(
        `endpoints / ${base}: registrations/s ×${(withEndpoints.perSecond / other.perSecond).toFixed(3)} (${((1 - withEndpoints.perSecond / other.perSecond) * 100).toFixed(1)} % fewer), CPU per registration ×${(withEndpoints.cpu / other.cpu).toFixed(3)}`,
      );
    }
    log(`target: the outbox costs at most 10 % of registrations/s (endpoints against no endpoints)`);
  } finally {
    databaseCpu.stop();
    agent.destroy();
    await stop(service);
    await client.end();
  }
}

/** (b) How fast two replicas' workers deliver, and how long an event takes to arrive. */
async function deliveryRate(): Promise<void> {
  const { databaseUrl, dataSource } = await migratedDatabase('bench_webhooks_delivery', LEAD_DISTRIBUTION_DATABASE);
  await dataSource.destroy();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seeded = await seedOpenOrders(client, { products: 1, partners: ENDPOINTS, orders: 0 });
  const productId = seeded.productIds[0]!;
  const receiver = await WebhookReceiver.start();
  // One secret for every endpoint: the receiver then verifies each delivery with one HMAC.
  const secret = newSecret();
  receiver.secrets.push(secret);
  await insertEndpoints(
    client,
    seeded.partners.map((partnerId) => ({ partnerId, url: receiver.url(`/hooks/${partnerId}`) })),
    { secret, parallelDelivery: PARALLEL },
  );
  log(
    `\n# (b) delivery: ${ENDPOINTS} partners with one ${PARALLEL ? 'parallel' : 'ordered'} endpoint each on a local receiver, 2 replicas with their workers (defaults: WEBHOOK_WORKER_CONCURRENCY 16, WEBHOOK_ENDPOINT_MAX_IN_FLIGHT 4, WEBHOOK_ENDPOINT_RATE_PER_SECOND 50)`,
  );
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-webhooks-'));
  const replicas: BenchService[] = [];
  try {
    // 1. The backlog: imported by a replica without a worker, then held back by disabling the endpoints.
    const registrar = await startLeadDistributionService(databaseUrl, keys, { env: { WEBHOOK_WORKER_CONCURRENCY: '0' } });
    let phones = 0;
    const row = () => ({
      productId,
      name: '홍길동',
      phone: `010${String(10_000_000 + phones++).padStart(8, '0')}`,
      region: pick(REGION_NAMES),
      birth_date: '850314',
      gender: 'M',
      partnerId: seeded.partners[phones % seeded.partners.length],
    });
    for (let done = 0; done < BACKLOG; done += IMPORT_BATCH) {
      const leads = Array.from({ length: Math.min(IMPORT_BATCH, BACKLOG - done) }, row);
      const response = await post(agent, registrar.port, '/api/v1/admin/leads/import', registrar.operatorKey, { leads });
      if (response.status !== 200) throw new Error(`import answered ${response.status}: ${response.body}`);
    }
    await client.query(`UPDATE webhook_endpoints SET enabled = false`);
    await stop(registrar);
    const backlog = await eventCount(client);
    log(`backlog: ${backlog} events of ${BACKLOG} imported leads`);

    const env = {
      NODE_ENV: 'development',
      WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
      DATA_DIR: dataDir,
    };
    replicas.push(await startLeadDistributionService(databaseUrl, keys, { env }));
    replicas.push(await startLeadDistributionService(databaseUrl, keys, { env }));

    // 2. The backlog released at once.
    const distinct = distinctCounter(receiver);
    const released = Date.now();
    // As PATCH {"enabled": true} does: the endpoints enabled, what waited for them made due at once.
    await client.query(`UPDATE webhook_endpoints SET enabled = true, disabled_reason = NULL, disabled_at = NULL`);
    await client.query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE status = 'PENDING' AND lease_until IS NULL`);
    await receiver
      .waitFor((deliveries) => deliveries.length > 0, 15_000)
      .catch(() => {
        throw new Error('nothing delivered within 15 s: does this build have the webhook worker (issue 27)?');
      });
    await receiver.waitFor(() => distinct() >= backlog, Math.max(120_000, backlog * 20));
    const drained = receiver.deliveries.reduce((last, delivery) => Math.max(last, delivery.at.getTime()), 0);
    log(
      `\n## backlog of ${backlog} released: ${((backlog / (drained - released)) * 1000).toFixed(0)} events/s (${((drained - released) / 1000).toFixed(1)} s until the last arrived); ${receiver.deliveries.length} requests, ${receiver.deliveries.length - receiver.verified().length} not verified, ${receiver.verified().length - distinct()} duplicates`,
    );

    // 3. Steady: single registrations at a fixed rate, each one event; latency from occurred_at to receipt.
    const before = receiver.deliveries.length;
    const registered = await fixedRate(
      async () => {
        const response = await post(agent, replicas[0]!.port, '/api/v1/leads', replicas[0]!.operatorKey, row());
        if (response.status !== 201) throw new Error(`registration answered ${response.status}`);
      },
      RATE,
      SECONDS,
    );
    const expected = backlog + registered.requests;
    await receiver.waitFor(() => distinct() >= expected, 120_000);
    const steady = receiver.deliveries.slice(before).filter((delivery) => delivery.payload !== undefined);
    const latencies = steady.map((delivery) => delivery.at.getTime() - Date.parse(delivery.payload!.timestamp)).sort((a, b) => a - b);
    log(
      `\n## ${registered.requests} registrations at ${RATE}/s for ${SECONDS} s (${registered.errors} errors; registration p99 ${registered.p99.toFixed(1)} ms)`,
    );
    log(
      `event to receipt: p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms over ${latencies.length} deliveries`,
    );
    const statuses = await client.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM webhook_deliveries GROUP BY status ORDER BY status`,
    );
    const attempts = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM background_attempts WHERE work = 'webhook-delivery'`,
    );
    log(`deliveries: ${statuses.rows.map((entry) => `${entry.n} ${entry.status}`).join(', ')}; ${attempts.rows[0]!.n} attempts recorded`);
  } finally {
    agent.destroy();
    for (const replica of replicas) await stop(replica);
    await receiver.close();
    await client.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Distinct event ids among the deliveries that verified so far, counted incrementally (the
 * receiver asks after every delivery; counting them all again each time would cost the bench
 * quadratic CPU beside the replicas it measures).
 */
function distinctCounter(receiver: WebhookReceiver): () => number {
  const seen = new Set<string>();
  let scanned = 0;
  return () => {
    for (; scanned < receiver.deliveries.length; scanned += 1) {
      const payload = receiver.deliveries[scanned]!.payload;
      if (payload) seen.add(payload.id);
    }
    return seen.size;
  };
}

/** SIGTERM, and wait for the process to exit. */
async function stop(service: BenchService): Promise<void> {
  if (service.child.exitCode !== null) return;
  const exited = new Promise((resolve) => service.child.once('exit', resolve));
  service.child.kill('SIGTERM');
  await exited;
}

async function main(): Promise<void> {
  if (!process.argv.includes('--skip-allocation')) await allocationCost();
  if (!process.argv.includes('--skip-delivery')) await deliveryRate();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
