import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Agent } from 'node:http';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { ClaimEventType } from '#contracts';
import { acquirePostgresServer, dataSourceOptions, FieldCipher, LookupHasher, uuidv7 } from '#platform';
import { UserRole, type Visibility } from '../apps/coverage-claims/src/auth/principal.js';
import { ClaimCipher, type ClaimSecrets } from '../apps/coverage-claims/src/claims/claim-cipher.js';
import { historyStatements, type ClaimFilter } from '../apps/coverage-claims/src/claims/claims.repository.js';
import { CustomerCipher } from '../apps/coverage-claims/src/customers/customer-cipher.js';
import { COVERAGE_CLAIMS_DATABASE } from '../apps/coverage-claims/src/database/database.js';
import { call, createOrganisation, signIn } from './support/coverage-claims-http.js';
import { fixedRate, maxThroughput, type Operation } from './support/load.js';
import { startCoverageClaimsService } from './support/service.js';

/**
 * The claim history (`POST /api/v1/claim/histories`) over a large table: `--claims` claims (default
 * 1,000,000) across `--organisations` organisations (50) of `--planners` planners each (20), for
 * `--clients` distinct clients (50,000; each client's claims in one organisation), filed over the
 * last three years. For a planner's history and an admin's with each filter (name, birthday, phone,
 * a month's date range) it prints the page and count plans (index-only, heap fetches), the most
 * requests per second with 16 clients back to back, then p50/p99 at half that rate (open loop).
 *
 *   npm run bench:claims-history -- [--claims N] [--organisations N] [--planners N] [--clients N] [--seconds N] [--reseed]
 *
 * The table is built once on database `bench_claims_history` of BENCH_DATABASE_URL (default local
 * 127.0.0.1:5432) and kept with its keys for later runs of the same size (`--reseed` builds it again):
 * organisations and users through the API (SSO sign-ins, as in docs/guides/coverage-claims.md), the clients' data sealed
 * by the service's own ClaimCipher, the claims by one set-based INSERT per 100,000, then VACUUM
 * ANALYZE. The service runs as one production process (`dist/`, LOG_LEVEL=warn).
 */
const DATABASE = 'bench_claims_history';
const CONCURRENCY = 16;
const WARM_UP_SECONDS = 2;
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const CLAIMS = option('--claims', 1_000_000);
const ORGANISATIONS = option('--organisations', 50);
const PLANNERS = option('--planners', 20);
const CLIENTS = option('--clients', 50_000);
const SECONDS = option('--seconds', 10);
const RESEED = args.includes('--reseed');
const log = (line: string) => process.stdout.write(`${line}\n`);

const SURNAMES = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권', '황', '안', '송', '류', '홍'];
const GIVEN = [
  '민준',
  '서연',
  '도윤',
  '지우',
  '하준',
  '서윤',
  '시우',
  '하은',
  '주원',
  '지유',
  '지호',
  '수아',
  '예준',
  '지민',
  '준서',
  '채원',
];

/** The n-th client: names repeat (320 of them), birthdays often, phones never. */
function clientOf(index: number): Pick<ClaimSecrets, 'clientName' | 'clientBirthday' | 'clientTel'> {
  const year = 1950 + (index % 55);
  const month = String(1 + (Math.floor(index / 55) % 12)).padStart(2, '0');
  const day = String(1 + (Math.floor(index / 660) % 28)).padStart(2, '0');
  return {
    clientName: `${SURNAMES[index % SURNAMES.length]}${GIVEN[Math.floor(index / SURNAMES.length) % GIVEN.length]}`,
    clientBirthday: `${year}${month}${day}`,
    clientTel: `010${String(10_000_000 + index).slice(-8)}`,
  };
}

interface Meta {
  size: string;
  keys: { encryption: string; hash: string; jwt: string };
  organisations: Array<{ id: string; ssoSecret: string }>;
}

// The seed's form (v2: claims belong to customers, their job and event sealed) and size: another needs a new seed.
const sizeOf = () => `v2/${CLAIMS}/${ORGANISATIONS}/${PLANNERS}/${CLIENTS}`;

async function readMeta(server: Awaited<ReturnType<typeof acquirePostgresServer>>): Promise<Meta | null> {
  const client = new pg.Client({ connectionString: server.urlFor(DATABASE) });
  try {
    await client.connect();
    const { rows } = await client.query<{ meta: Meta }>('SELECT meta FROM bench_meta');
    return rows[0]?.meta.size === sizeOf() ? rows[0].meta : null;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function seed(databaseUrl: string, dataSource: DataSource, meta: Meta): Promise<void> {
  const started = performance.now();
  const service = await startCoverageClaimsService(databaseUrl, meta.keys, { METRICS_PORT: '0' });
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  try {
    for (let o = 0; o < ORGANISATIONS; o += 1) {
      const organisation = await createOrganisation(agent, service.url, service.operatorKey, `벤치 에셋 ${o}`);
      meta.organisations.push(organisation);
      await signIn(agent, service.url, organisation, { fcUserCi: `CI-BENCH-${o}-ADMIN`, name: '벤치관리', role: UserRole.OrgAdmin });
      for (let p = 0; p < PLANNERS; p += 1)
        await signIn(agent, service.url, organisation, { fcUserCi: `CI-BENCH-${o}-${p}`, name: `벤치설계${p}` });
    }
  } finally {
    agent.destroy();
    service.child.kill('SIGTERM');
    await new Promise((resolve) => service.child.once('exit', resolve));
  }
  log(
    `seed: ${ORGANISATIONS} organisations, ${ORGANISATIONS * (PLANNERS + 1)} users by SSO in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // The clients, sealed as the service seals them (same keys), each with the customer their claims belong to.
  const fieldCipher = benchFieldCipher(meta.keys.encryption);
  const cipher = new ClaimCipher(fieldCipher, new LookupHasher(meta.keys.hash));
  const customerCipher = new CustomerCipher(fieldCipher, new LookupHasher(meta.keys.hash));
  await dataSource.query(
    `CREATE UNLOGGED TABLE bench_clients (n int PRIMARY KEY, key_id varchar(32), data bytea, name_hash char(64), birthday_hash char(64),
       tel_hash char(64), customer_id uuid, identity_hash char(64), phone_hash char(64), name_ciphertext bytea, birth_date_ciphertext bytea,
       phone_ciphertext bytea)`,
  );
  for (let from = 0; from < CLIENTS; from += 5_000) {
    const rows = Array.from({ length: Math.min(5_000, CLIENTS - from) }, (_, i) => {
      const client = clientOf(from + i);
      const sealed = cipher.seal({
        ...client,
        clientMemo: '',
        bankAccount: '110234567890',
        bankAccountHolder: client.clientName,
        eventPlace: '자택',
        eventText: '계단에서 넘어져 발목 골절, 깁스 치료',
        callbackName: client.clientName,
        callbackTel: client.clientTel,
        jobCode: '11',
        jobName: '공공 기관 및 기업 고위직',
        welfare: false,
        eventType: ClaimEventType.Injury,
        eventDate: '2026-01-01',
      });
      const customer = customerCipher.seal({
        name: client.clientName,
        birthDate: client.clientBirthday,
        gender: null,
        phone: client.clientTel,
      });
      return [
        from + i,
        sealed.keyId,
        sealed.dataCiphertext,
        sealed.clientNameHash,
        sealed.clientBirthdayHash,
        sealed.clientTelHash,
        uuidv7(),
        customer.identityHash,
        customer.phoneHash,
        customer.nameCiphertext,
        customer.birthDateCiphertext,
        customer.phoneCiphertext,
      ] as const;
    });
    await dataSource.query(
      `INSERT INTO bench_clients SELECT * FROM unnest($1::int[], $2::varchar[], $3::bytea[], $4::char(64)[], $5::char(64)[], $6::char(64)[],
         $7::uuid[], $8::char(64)[], $9::char(64)[], $10::bytea[], $11::bytea[], $12::bytea[])`,
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((column) => rows.map((row) => row[column])),
    );
  }
  await dataSource.query(`
    CREATE UNLOGGED TABLE bench_planners AS
    SELECT o.n AS organisation_n, u.organisation_id, u.id, u.name, row_number() OVER (PARTITION BY u.organisation_id ORDER BY u.name) - 1 AS planner_n
    FROM users u JOIN (SELECT id, row_number() OVER (ORDER BY created_at) - 1 AS n FROM organisations) o ON o.id = u.organisation_id
    WHERE u.role = 'PLANNER'`);
  await dataSource.query('CREATE INDEX ON bench_planners (organisation_n, planner_n)');

  // The claims: claim g of organisation g % O, planner (g / O) % P, a client of that organisation,
  // claim dates spread evenly over the last three years (1,096 days). Client n is of organisation
  // n / (clients per organisation); all its claims belong to one customer of that organisation (with no
  // planner: the history never reads customers, and one per client keeps the seed small).
  const perOrganisation = Math.floor(CLIENTS / ORGANISATIONS);
  await dataSource.query(
    `INSERT INTO customers (id, organisation_id, planner_id, identity_hash, phone_hash, key_id, name_ciphertext, birth_date_ciphertext,
       phone_ciphertext, gender, created_at, updated_at)
     SELECT c.customer_id, o.organisation_id, NULL, c.identity_hash, c.phone_hash, c.key_id, c.name_ciphertext, c.birth_date_ciphertext,
       c.phone_ciphertext, NULL, now(), now()
     FROM bench_clients c JOIN (SELECT DISTINCT organisation_n, organisation_id FROM bench_planners) o ON o.organisation_n = c.n / $1
     WHERE c.n < $1 * $2`,
    [perOrganisation, ORGANISATIONS],
  );
  const insertStarted = performance.now();
  for (let from = 0; from < CLAIMS; from += 100_000) {
    const to = Math.min(CLAIMS, from + 100_000) - 1;
    await dataSource.query(
      `INSERT INTO claims (organisation_id, customer_id, planner_id, planner_name, claim_date, insurer_code, insurer_name, insurer_logo_url,
         insurer_fax, bank_code, bank_name, callback_who, direct_debit_account, file_count, term_ids, key_id, data_ciphertext,
         client_name_hash, client_birthday_hash, client_tel_hash, status)
       SELECT p.organisation_id, c.customer_id, p.id, p.name, current_date - (g::bigint * 1096 / $1)::int, 'N03', 'DB손해보험',
         '/assets/insurers/N03.png', '05051811234', '004', 'KB국민은행', 'CLIENT', false, 0, ARRAY['claim-privacy-collection-v1'],
         c.key_id, c.data, c.name_hash, c.birthday_hash, c.tel_hash, CASE WHEN g % 10 = 0 THEN 'FAILED' ELSE 'SENT' END
       FROM generate_series($2::int, $3::int) AS g
       JOIN bench_planners p ON p.organisation_n = g % $4 AND p.planner_n = (g / $4) % $5
       JOIN bench_clients c ON c.n = (g % $4) * $6 + ((g / $4) * 7919) % $6`,
      [CLAIMS, from, to, ORGANISATIONS, PLANNERS, perOrganisation],
    );
    process.stdout.write(`\rseed: ${to + 1} claims`);
  }
  process.stdout.write('\n');
  await dataSource.query('VACUUM ANALYZE claims');
  await dataSource.query(`CREATE TABLE bench_meta (meta jsonb)`);
  await dataSource.query(`INSERT INTO bench_meta VALUES ($1)`, [JSON.stringify(meta)]);
  log(`seed: ${CLAIMS} claims in ${((performance.now() - insertStarted) / 1000).toFixed(1)} s, VACUUM ANALYZE included`);
}

/** The plan's scan of claims and whether it touched the heap, e.g. `Index Only Scan using idx_claims_planner_date (heap fetches 0)`. */
async function planOf(pool: pg.Pool, sql: string, params: unknown[]): Promise<string> {
  const { rows } = await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT TEXT) ${sql}`, params);
  const lines = rows.map((row) => row['QUERY PLAN']);
  const scan =
    lines.find((line) => /Scan.* on claims\b/.test(line) && !/claims c\b/.test(line)) ?? lines.find((line) => /Scan/.test(line)) ?? '';
  const fetches = lines.map((line) => /Heap Fetches: (\d+)/.exec(line)?.[1]).find(Boolean);
  const time = lines.map((line) => /Execution Time: ([\d.]+) ms/.exec(line)?.[1]).find(Boolean);
  return `${scan
    .trim()
    .replace(/^->\s*/, '')
    .replace(/\s+\(cost.*$/, '')}${fetches === undefined ? '' : `, heap fetches ${fetches}`}, ${time} ms`;
}

async function main(): Promise<void> {
  const server = await acquirePostgresServer(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const databaseUrl = server.urlFor(DATABASE);
  let meta = RESEED ? null : await readMeta(server);
  if (!meta) {
    await server.dropDatabase(DATABASE);
    await server.createDatabase(DATABASE);
    const dataSource = await new DataSource(dataSourceOptions(databaseUrl, COVERAGE_CLAIMS_DATABASE, 2)).initialize();
    await dataSource.runMigrations();
    meta = {
      size: sizeOf(),
      keys: {
        encryption: `bench:${randomBytes(32).toString('base64url')}`,
        hash: randomBytes(32).toString('base64url'),
        jwt: randomBytes(32).toString('base64url'),
      },
      organisations: [],
    };
    await seed(databaseUrl, dataSource, meta);
    await dataSource.destroy();
  } else log(`reusing ${DATABASE} (${meta.size}); --reseed builds it again`);

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const service = await startCoverageClaimsService(databaseUrl, meta.keys, { METRICS_PORT: '0' });
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    const organisation = meta.organisations[0]!;
    const admin = await signIn(agent, service.url, organisation, {
      fcUserCi: 'CI-BENCH-0-ADMIN',
      name: '벤치관리',
      role: UserRole.OrgAdmin,
    });
    const planner = await signIn(agent, service.url, organisation, { fcUserCi: 'CI-BENCH-0-0', name: '벤치설계0' });
    const [{ plannerId }] = (
      await pool.query<{ plannerId: string }>(`SELECT id AS "plannerId" FROM users WHERE organisation_id = $1 AND name = '벤치설계0'`, [
        organisation.id,
      ])
    ).rows;
    const [{ own, all }] = (
      await pool.query<{ own: number; all: number }>(
        `SELECT count(*) FILTER (WHERE planner_id = $2)::int AS own, count(*)::int AS all FROM claims WHERE organisation_id = $1`,
        [organisation.id, plannerId],
      )
    ).rows;
    log(
      `organisation 0: ${all} claims, planner 0: ${own}; pages of 20; ${CONCURRENCY} clients, ${SECONDS} s per measurement, load ${(
        await import('node:os')
      )
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );

    // Filter values: clients of organisation 0 (n = k * perOrganisation .. ), several in turn.
    const cipher = new ClaimCipher(benchFieldCipher(meta.keys.encryption), new LookupHasher(meta.keys.hash));
    const clients = [0, 101, 202, 303, 404, 505, 606, 707].map((n) => clientOf(n));
    const month = (offset: number) => {
      const date = new Date(Date.now() - offset * 30 * 86_400_000);
      const first = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
      const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0));
      const yyyymmdd = (day: Date) => day.toISOString().slice(0, 10).replaceAll('-', '');
      return { startDate: yyyymmdd(first), endDate: yyyymmdd(last) };
    };
    const adminView: Visibility = { organisationId: organisation.id, plannerId: null };
    const plannerView: Visibility = { organisationId: organisation.id, plannerId };
    const iso = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6)}`;
    const shapes: Array<{
      label: string;
      token: string;
      view: Visibility;
      body: (i: number) => Record<string, unknown>;
      filter: (i: number) => ClaimFilter;
    }> = [
      { label: 'planner, no filter', token: planner, view: plannerView, body: () => ({}), filter: () => ({}) },
      { label: 'admin, no filter', token: admin, view: adminView, body: () => ({}), filter: () => ({}) },
      {
        label: 'admin, clientNm',
        token: admin,
        view: adminView,
        body: (i) => ({ clientNm: clients[i % 8]!.clientName }),
        filter: (i) => ({ clientNameHash: cipher.nameHash(clients[i % 8]!.clientName) }),
      },
      {
        label: 'admin, clientBirthday',
        token: admin,
        view: adminView,
        body: (i) => ({ clientBirthday: clients[i % 8]!.clientBirthday }),
        filter: (i) => ({ clientBirthdayHash: cipher.birthdayHash(clients[i % 8]!.clientBirthday) }),
      },
      {
        label: 'admin, clientTel',
        token: admin,
        view: adminView,
        body: (i) => ({ clientTel: clients[i % 8]!.clientTel }),
        filter: (i) => ({ clientTelHash: cipher.telHash(clients[i % 8]!.clientTel) }),
      },
      {
        label: 'admin, one month',
        token: admin,
        view: adminView,
        body: (i) => month(1 + (i % 12)),
        filter: (i) => ({ from: iso(month(1 + (i % 12)).startDate), to: iso(month(1 + (i % 12)).endDate) }),
      },
      {
        label: 'planner, clientNm',
        token: planner,
        view: plannerView,
        body: (i) => ({ clientNm: clients[i % 8]!.clientName }),
        filter: (i) => ({ clientNameHash: cipher.nameHash(clients[i % 8]!.clientName) }),
      },
    ];

    const rows: string[] = [];
    for (const shape of shapes) {
      const statements = historyStatements(shape.view, shape.filter(0), 0, 20);
      log(`${shape.label}`);
      log(`  page:  ${await planOf(pool, statements.page.sql, statements.page.params)}`);
      log(`  count: ${await planOf(pool, statements.count.sql, statements.count.params)}`);
      let next = 0;
      let totals = 0;
      const operation: Operation = async () => {
        const reply = await call(
          agent,
          service.url,
          'POST',
          '/api/v1/claim/histories',
          { authorization: `Bearer ${shape.token}` },
          shape.body(next++),
        );
        if (reply.status !== 200) throw new Error(`HTTP ${reply.status} ${reply.body.slice(0, 200)}`);
        totals += Number(reply.headers['x-total-count']);
      };
      await maxThroughput(operation, CONCURRENCY, WARM_UP_SECONDS);
      const max = await maxThroughput(operation, CONCURRENCY, SECONDS);
      const half = await fixedRate(operation, max.perSecond / 2, SECONDS);
      const line = `${shape.label.padEnd(22)} ${max.perSecond.toFixed(0).padStart(6)} req/s (${max.errors} errors)  at ${half.rate.toFixed(0)}/s: p50 ${half.p50.toFixed(1)} ms, p99 ${half.p99.toFixed(1)} ms (${half.errors} errors); mean X-Total-Count ${(totals / Math.max(1, next)).toFixed(0)}`;
      log(`  ${line}`);
      rows.push(line);
    }
    log('\nsummary');
    for (const row of rows) log(`  ${row}`);
  } finally {
    agent.destroy();
    service.child.kill('SIGTERM');
    await new Promise((resolve) => service.child.once('exit', resolve));
    await pool.end();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

/** The service's field cipher for one `id:base64` key, as FieldEncryptionModule builds it. */
function benchFieldCipher(key: string): FieldCipher {
  return new FieldCipher([key], key.split(':')[0]!);
}
